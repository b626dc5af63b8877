import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/testing/free-port';
import { findPostgresBin, startPostgres, type TestPostgres } from '../../../../tools/testing/postgres';
import { seededRandom } from '../../../../tools/testing/seeded-random';
import { buildApp } from '../app';
import { loadConfig } from '../config/index';
import { users } from '../db/schema/index';
import { startEmbeddedStore, type EmbeddedStore } from '../storage/embedded-store';
import { until } from '../testing/live-client';
import { findNginx, startNginx, type RunningNginx } from '../testing/nginx';
import { sampleProjectBody } from '../testing/project-fixtures';
import { openMarkerEditor, openRoutedClient, type MarkerEditor, type RoutedClient } from '../testing/routed-client';
import { signTestToken } from '../testing/test-app';

// design.md section 3, "Beyond one machine": PostgreSQL, the S3 store, three api instances
// (server.ts, each a child process) and nginx with the repository's deploy/nginx/beamstage.conf,
// all on loopback. REST goes round-robin, /sync/{projectId} by consistent hashing; the instance
// holding a live room is killed with SIGKILL under two editors and a projector.
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const INSTANCES = 3;
const PROJECTS = 20;
const pgBin = findPostgresBin();
const nginxBin = findNginx();
if (!pgBin || !nginxBin) console.warn(`load-balancer.test.ts: skipped: ${!pgBin ? 'PostgreSQL' : 'nginx'} is not installed (.ci/run installs both)`);

interface Instance {
  port: number;
  sandboxPort: number;
  env: Record<string, string>;
  child: ChildProcess | null;
  output: string;
}

const dirs: string[] = [];
const instances: Instance[] = [];
let pg: TestPostgres | null = null;
let store: EmbeddedStore | null = null;
let nginx: RunningNginx | null = null;
let headers: Record<string, string> = {};
const projectIds: string[] = [];

function startInstance(instance: Instance): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { env: { ...process.env, ...instance.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    instance.child = child;
    instance.output = '';
    const take = (b: Buffer) => {
      instance.output += b.toString();
      if (instance.output.includes('Beamstage is running at')) resolve();
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('exit', (code, signal) => {
      if (instance.child === child) instance.child = null;
      reject(new Error(`instance on ${instance.port} exited (${code ?? signal}) before ready:\n${instance.output.slice(-3000)}`));
    });
  });
}

/** The sync peer id and open socket count an instance reports in its own /api/health. */
async function healthOf(port: number): Promise<{ peer: string; sockets: number }> {
  const body = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { parts: { sync: { detail: string } } };
  const match = /^sync server (\S+), (\d+) open sockets$/.exec(body.parts.sync.detail);
  if (!match) throw new Error(`unexpected health: ${JSON.stringify(body)}`);
  return { peer: match[1]!, sockets: Number(match[2]) };
}

const peers = async () => Promise.all(instances.map(async (i) => (i.child ? (await healthOf(i.port)).peer : null)));
const instanceOf = async (peer: string | null) => (peer === null ? -1 : (await peers()).indexOf(peer));

beforeAll(async () => {
  if (!pgBin || !nginxBin) return;
  pg = await startPostgres();
  const databaseUrl = await pg.createDatabase('load_balancer');
  const objects = mkdtempSync(join(tmpdir(), 'beamstage-lb-objects-'));
  dirs.push(objects);
  store = await startEmbeddedStore({ directory: objects, bucket: 'beamstage', credentials: { accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' } });
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const shared = {
    DATABASE_URL: databaseUrl,
    S3_ENDPOINT: store.endpoint,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    SANDBOX_ORIGIN: `http://localhost:${sandboxPort}`,
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  };
  // One app applies the migrations and makes the user (instances started together would race to migrate).
  const seedDir = mkdtempSync(join(tmpdir(), 'beamstage-lb-seed-'));
  dirs.push(seedDir);
  const seed = await buildApp(loadConfig({ ...shared, DATA_DIR: seedDir, APPS_ROOT: seedDir, LOG_LEVEL: 'silent' }), { logger: false });
  await seed.ready();
  headers = { authorization: `Bearer ${await signTestToken(seed, { sub: 'lb-owner', expiresIn: 3600 })}` };
  expect((await seed.inject({ url: '/api/me', headers })).statusCode).toBe(200);
  await seed.db.update(users).set({ planId: 'studio' }).where(eq(users.sub, 'lb-owner'));
  await seed.close();

  for (let i = 0; i < INSTANCES; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), `beamstage-lb-${i}-`));
    dirs.push(dataDir);
    const [p, sp] = [await freePort(), await freePort()];
    instances.push({
      port: p,
      sandboxPort: sp,
      child: null,
      output: '',
      env: { ...shared, PORT: String(p), SANDBOX_PORT: String(sp), DATA_DIR: dataDir, APPS_ROOT: dataDir },
    });
  }
  await Promise.all(instances.map(startInstance));
  nginx = await startNginx({ port, sandboxPort, instances: instances.map((i) => i.port), sandboxInstances: instances.map((i) => i.sandboxPort) });
}, 180_000);

afterAll(async () => {
  for (const i of instances) i.child?.kill('SIGKILL');
  await nginx?.stop();
  await store?.close();
  await pg?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(pgBin && nginxBin)('nginx in front of three api instances on one PostgreSQL', () => {
  it('sends REST round-robin and every room of 20 projects to one instance, spread over the three', async () => {
    const base = nginx!.url;
    const answered = new Set<string>();
    for (let n = 0; n < 3 * INSTANCES; n++) {
      const res = await fetch(`${base}/api/health`);
      expect(res.status).toBe(200);
      answered.add(((await res.json()) as { parts: { sync: { detail: string } } }).parts.sync.detail.split(' ')[2]!);
    }
    console.log(`REST through nginx: ${3 * INSTANCES} health requests answered by ${answered.size} instances`);
    expect(answered.size).toBe(INSTANCES);

    for (let n = 0; n < PROJECTS; n++) {
      const res = await fetch(`${base}/api/projects/create`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(sampleProjectBody(`Routed ${n}`)),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      projectIds.push(((await res.json()) as { id: string }).id);
    }
    const perInstance = new Array<number>(INSTANCES).fill(0);
    // Two peers of each project, each with its own ticket from whichever instance nginx picked; five projects at a time.
    for (let first = 0; first < PROJECTS; first += 5) {
      await Promise.all(
        projectIds.slice(first, first + 5).map(async (projectId) => {
          const pair = await Promise.all([openRoutedClient(base, projectId, headers), openRoutedClient(base, projectId, headers)]);
          await until(() => pair.every((c) => c.instance() !== null), 'both peers connected', 30_000);
          expect(pair[1]!.instance()).toBe(pair[0]!.instance());
          perInstance[await instanceOf(pair[0]!.instance())]! += 1;
          await Promise.all(pair.map((c) => c.close()));
        }),
      );
    }
    console.log(`${PROJECTS} projects' rooms per instance: ${perInstance.join(', ')}`);
    expect(perInstance.reduce((a, b) => a + b, 0)).toBe(PROJECTS);
    // Consistent hashing of random ids: every instance gets rooms (all 20 on two of three: p ~ 0.001).
    expect(perInstance.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('kill -9 of the instance holding a live room: its peers move to another instance, which loads the document from PostgreSQL, and no confirmed edit is lost', async () => {
    const base = nginx!.url;
    const projectId = projectIds[0]!;
    const random = seededRandom(18);
    const gate = { closed: false };
    const editors: MarkerEditor[] = [await openMarkerEditor('a', base, projectId, headers, gate), await openMarkerEditor('b', base, projectId, headers, gate)];
    const projector: RoutedClient = await openRoutedClient(base, projectId, headers, gate);
    const peersOf = () => [...editors.map((e) => e.client), projector];
    const markers = (c: RoutedClient) => Object.keys(c.handle.doc().timeline.markers).filter((id) => id.startsWith('m_'));
    let stop = false;
    const typing = editors.map(async (e) => {
      while (!stop) {
        e.edit();
        await new Promise((r) => setTimeout(r, 40 + random() * 80));
      }
    });
    const opened: RoutedClient[] = [];
    try {
      await until(() => peersOf().every((c) => c.instance() !== null), 'all three peers connected', 30_000);
      const holder = peersOf()[0]!.instance();
      expect(peersOf().map((c) => c.instance())).toEqual([holder, holder, holder]);
      const killed = await instanceOf(holder);
      expect(killed).toBeGreaterThanOrEqual(0);
      // Same project, same instance: the editors' edits reach each other and the projector live.
      await until(
        () => editors.every((e) => e.made.slice(0, 3).every((id) => peersOf().every((c) => markers(c).includes(id)))),
        'editors converging through one instance',
        30_000,
      );

      await until(() => editors.every((e) => e.confirmed.size >= 3), 'confirmations from the live instance', 30_000);
      await new Promise((r) => setTimeout(r, 100 + random() * 500));
      gate.closed = true;
      const victim = instances[killed]!;
      const dead = new Promise((r) => victim.child!.once('exit', r));
      victim.child!.kill('SIGKILL');
      await dead;
      const confirmed = editors.flatMap((e) => [...e.confirmed]);

      // Before the peers may come back with their edits, a fresh client reads the room's new home.
      const checker = await openRoutedClient(base, projectId, headers);
      opened.push(checker);
      await until(() => checker.holdsServerDoc(), "a fresh client holding the new instance's document", 30_000);
      const moved = await instanceOf(checker.instance());
      const present = new Set(markers(checker));
      const lost = confirmed.filter((id) => !present.has(id));
      console.log(
        `killed instance ${killed} (port ${victim.port}) under 2 editors and a projector; the room moved to instance ${moved}; ${confirmed.length} edits confirmed before the kill, ${lost.length} lost`,
      );
      expect(moved).toBeGreaterThanOrEqual(0);
      expect(moved).not.toBe(killed);
      expect(lost).toEqual([]);

      gate.closed = false;
      const movedPeer = checker.instance();
      await until(() => peersOf().every((c) => c.instance() === movedPeer), 'the peers reconnecting through nginx to the same instance', 60_000);
      stop = true;
      await Promise.all(typing);
      await until(() => editors.every((e) => e.made.every((id) => e.confirmed.has(id))), 'every edit confirmed on the new instance', 60_000);
      const made = editors.flatMap((e) => e.made);
      await until(() => peersOf().every((c) => made.every((id) => markers(c).includes(id))), 'the projector and editors holding every edit', 30_000);

      // The killed instance comes back. Once nginx tries it again (fail_timeout), a new peer of the
      // project lands there, claims the room, and the others hand their sockets over.
      await startInstance(victim);
      const returned = (await healthOf(victim.port)).peer;
      let joiner: RoutedClient | null = null;
      await until(
        async () => {
          const next = await openRoutedClient(base, projectId, headers);
          opened.push(next);
          await until(() => next.instance() !== null, 'a new peer connected', 30_000);
          if (next.instance() === returned) return ((joiner = next), true);
          await next.close();
          await new Promise((r) => setTimeout(r, 500));
          return false;
        },
        'nginx routing the project back to its restarted instance',
        60_000,
      );
      await until(() => peersOf().every((c) => c.instance() === returned), 'every peer handed over to the restarted instance', 60_000);
      await until(async () => (await healthOf(instances[moved]!.port)).sockets === 0, 'no socket of the project left on the instance it moved from', 30_000);
      editors[0]!.edit();
      editors[1]!.edit();
      const all = editors.flatMap((e) => e.made);
      await until(() => [...peersOf(), joiner!].every((c) => all.every((id) => markers(c).includes(id))), 'rooms working after the return', 30_000);
      await until(() => editors.every((e) => e.made.every((id) => e.confirmed.has(id))), 'the last edits confirmed', 30_000);
      console.log(
        `instance ${killed} back: the room returned to it, ${all.length} edits made in all, ${all.filter((id) => !markers(joiner!).includes(id)).length} missing`,
      );
    } finally {
      stop = true;
      await Promise.all(typing);
      for (const c of [...editors, projector, ...opened]) await c.close();
    }
  }, 240_000);
});
