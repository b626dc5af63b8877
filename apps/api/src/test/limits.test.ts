import type { AddressInfo } from 'node:net';
import { createLayer, type LayerId } from '@beamstage/layers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/index';
import { users } from '../db/schema/index';
import { chargeHeavyWrite, HEAVY_BODY_BYTES } from '../projects/heavy-writes';
import { openLiveClient, until, type LiveClient } from '../testing/live-client';
import { makeUser, sampleProjectBody, type TestUser } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// design.md section 4, rule 14: limits are checked before a body reaches Automerge or the
// database, each refusal names its limit, paid plans raise the counts, and a live change that
// breaks a limit is reverted with its socket closed.
const layers = (n: number, prefix = 'L') =>
  Array.from({ length: n }, (_, i) => ({ ...sampleProjectBody().layers[0]!, id: `${prefix}${i}`, name: `${prefix}${i}` }));

describe('document limits', () => {
  let t: TestApp;
  let free: TestUser;
  let pro: TestUser;
  let port: number;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    free = await makeUser(t.app, 'limits-free');
    pro = await makeUser(t.app, 'limits-pro');
    await t.app.db.update(users).set({ planId: 'pro' }).where(eq(users.id, pro.id));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await t?.close();
  });

  const create = (user: TestUser, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/projects/create', headers: user.headers, payload: body as object });

  it('refuses each limit with 413 or 400 and a message naming it; a paid plan raises the counts', async () => {
    const tooMany = await create(free, { ...sampleProjectBody(), layers: layers(501) });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('A project may have at most 500 layers (this one has 501)');
    expect((await create(pro, { ...sampleProjectBody(), layers: layers(501) })).statusCode).toBe(201);
    const proTooMany = await create(pro, { ...sampleProjectBody(), layers: layers(1_001) });
    expect(proTooMany.statusCode).toBe(413);
    expect(proTooMany.json().message).toBe('A project may have at most 1,000 layers (this one has 1,001)');

    const description = await create(free, { ...sampleProjectBody(), description: 'd'.repeat(10_001) });
    expect(description.statusCode).toBe(413);
    expect(description.json().message).toBe('description may be at most 10,000 characters (this one has 10,001)');

    const keyframes = sampleProjectBody();
    keyframes.timeline.keyframes = Array.from({ length: 10_001 }, (_, i) => ({ ...keyframes.timeline.keyframes[0]!, id: `k${i}` }));
    const kf = await create(free, keyframes);
    expect(kf.statusCode).toBe(413);
    expect(kf.json().message).toBe('A project may have at most 10,000 keyframes (this one has 10,001)');

    const deep = `{"version":"1.0","name":"deep","x":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/projects/create',
      headers: { ...free.headers, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toBe('A request body may nest values at most 40 levels deep');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/projects/create',
      headers: { ...free.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...sampleProjectBody(), description: 'x'.repeat(9.5 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('A request body may be at most 5 MB');
  });

  it('an update over the limits is refused and the stored project is unchanged', async () => {
    const created = await create(free, sampleProjectBody('Kept'));
    const id = created.json().id as string;
    const before = (await t.app.inject({ url: `/api/projects/${id}`, headers: free.headers })).json();
    const res = await t.app.inject({ method: 'POST', url: '/api/projects/update', headers: free.headers, payload: { ...before, layers: layers(600) } });
    expect(res.statusCode).toBe(413);
    const after = (await t.app.inject({ url: `/api/projects/${id}`, headers: free.headers })).json();
    expect(after.layers.map((l: { id: string }) => l.id)).toEqual(['layer_a', 'layer_b']);
    expect(after.revision).toBe(before.revision);
  });

  it("a duplicate is held to the copier's plan: a free viewer of a paid owner's 501-layer project may not copy it", async () => {
    const big = await create(pro, { ...sampleProjectBody('Paid show'), layers: layers(501) });
    expect(big.statusCode).toBe(201);
    const id = big.json().id as string;
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/projects/members',
      headers: pro.headers,
      payload: { projectId: id, email: free.email, role: 'viewer' },
    });
    expect(shared.statusCode).toBeLessThan(300);
    const duplicate = (user: TestUser) => t.app.inject({ method: 'POST', url: '/api/projects/duplicate', headers: user.headers, payload: { id } });
    const refused = await duplicate(free);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe('A project may have at most 500 layers (this one has 501)');
    expect((await duplicate(pro)).statusCode).toBe(201);
  });

  it('charges a large duplicate to the large-save budget as a create of the same project; a small one stays free', async () => {
    const user = await makeUser(t.app, 'limits-duplicate');
    // A paid plan: the free plan's project count would refuse the copies first (403).
    await t.app.db.update(users).set({ planId: 'pro' }).where(eq(users.id, user.id));
    const big = { ...sampleProjectBody('Big'), layers: [{ ...layers(1)[0]!, content: { src: `data:image/png;base64,${'A'.repeat(400_000)}` } }] };
    const bigId = (await create(user, big)).json().id as string;
    const smallId = (await create(user, sampleProjectBody('Small'))).json().id as string;
    const duplicate = (id: string) => t.app.inject({ method: 'POST', url: '/api/projects/duplicate', headers: user.headers, payload: { id } });
    const count = async () => (await t.app.inject({ url: '/api/projects/list', headers: user.headers })).json().projects.length as number;
    // With budget left, a large copy is made (and charged).
    expect((await duplicate(bigId)).statusCode).toBe(201);
    // The clock held still, so the budget does not refill while the requests below run on a slow machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // The rest of the minute's budget spent on large saves, down to less than one large body.
      for (;;) {
        try {
          chargeHeavyWrite(user.id, HEAVY_BODY_BYTES);
        } catch {
          break;
        }
      }
      const before = await count();
      const refusal = /^Large saves are limited to 12 MB a minute per user; try again in \d+ s$/;
      const createRefused = await create(user, big);
      expect(createRefused.statusCode).toBe(429);
      expect(createRefused.json().message).toMatch(refusal);
      const copyRefused = await duplicate(bigId);
      expect(copyRefused.statusCode, copyRefused.body.slice(0, 200)).toBe(429);
      expect(copyRefused.json().message).toMatch(refusal);
      expect(await count()).toBe(before);
      // A small project's copy costs no budget, as a small create does not.
      expect((await duplicate(smallId)).statusCode).toBe(201);
      expect(await count()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a live change that breaks a limit is reverted and its socket closed; others keep the room', async () => {
    const created = await create(free, sampleProjectBody('Live limits'));
    const id = created.json().id as string;
    const attacker = await openLiveClient(t.app, port, id, free.headers);
    const bystander = await openLiveClient(t.app, port, id, free.headers);
    clients.push(attacker, bystander);
    await until(() => !!attacker.handle.doc()?.layers['layer_a'] && !!bystander.handle.doc()?.layers['layer_a'], 'both clients synced');
    attacker.handle.change((d) => {
      for (let i = 0; i < 520; i++) {
        const layer = createLayer('image', { id: `flood${i}` as LayerId });
        d.layers[`flood${i}`] = { ...layer, order: `z${String(i).padStart(5, '0')}` } as never;
      }
    });
    await until(() => attacker.closes.length > 0, 'the attacker socket closed', 10_000);
    const server = await t.app.sync.projectDoc(id);
    await until(() => Object.keys(server.doc().layers).length === 2, 'the server reverted the flood', 10_000);
    await until(() => Object.keys(bystander.handle.doc().layers).length === 2, 'the bystander has the reverted document', 10_000);
    // The bystander still edits live.
    bystander.handle.change((d) => void (d.layers['layer_a']!.x = 99));
    await until(() => server.doc().layers['layer_a']?.x === 99, 'a bystander edit after the revert');
    expect(bystander.closes).toEqual([]);
  });
});

/** A trap as WebAssembly raises it (WebAssembly is not in this project's type libs). */
const wasmTrap = (): Error =>
  new (globalThis as unknown as { WebAssembly: { RuntimeError: new (m: string) => Error } }).WebAssembly.RuntimeError('unreachable');

describe('a dead wasm module', () => {
  it('fails /api/health and asks the process to stop', async () => {
    const t = await createTestApp();
    await t.app.close();
    const reasons: string[] = [];
    const app = await buildApp(loadConfig({ PORT: '0', DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }), { logger: false, onFatal: (r) => reasons.push(r) });
    // As Automerge's module reports a trap or exhausted memory inside a request.
    app.get('/api/test-trap', async () => {
      throw wasmTrap();
    });
    await app.ready();
    try {
      expect((await app.inject({ url: '/api/health' })).json().status).not.toBe('failing');
      expect((await app.inject({ url: '/api/test-trap' })).statusCode).toBe(500);
      expect(reasons).toEqual(['a WebAssembly module failed: unreachable']);
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'failing', reason: 'a WebAssembly module failed: unreachable' });
    } finally {
      await app.close();
      await t.close();
    }
  });
});
