import type { AddressInfo } from 'node:net';
import { Repo } from '@automerge/automerge-repo';
import type { ProjectDoc } from '@beamstage/layers';
import { createSystemClock } from '@beamstage/timeline';
import { TicketedSocketAdapter, type SocketLike } from '@beamstage/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { projects } from '../../../db/schema/index';
import { makeUser, sampleProjectBody, type TestUser } from '../../../testing/project-fixtures';
import { createTestApp, type TestApp } from '../../../testing/test-app';

const clock = createSystemClock({
  now: () => performance.now(),
  wallNow: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as never),
});

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let port: number;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t.app, 'sync-owner');
  stranger = await makeUser(t.app, 'sync-stranger');
  const res = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: owner.headers, payload: sampleProjectBody('Live stage') });
  projectId = res.json().id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

const ticket = (user: TestUser | null, id = projectId) =>
  t.app.inject({ method: 'POST', url: '/api/sync/ticket', headers: user?.headers ?? {}, payload: { projectId: id } });

describe('POST /api/sync/ticket and the /sync room', () => {
  it('gives the owner read-write and hides the project from others until it is live and public', async () => {
    const mine = await ticket(owner);
    expect(mine.statusCode).toBe(200);
    // The path names the project: a load balancer routes every peer of a project to one instance by it.
    expect(mine.json()).toMatchObject({ mode: 'read-write', url: `/sync/${projectId}?ticket=${mine.json().ticket}` });
    expect((await ticket(stranger)).statusCode).toBe(404);
    expect((await ticket(null)).statusCode).toBe(404);
    expect((await ticket(owner, 'proj_missing')).json()).toEqual({ error: 'Project not found', message: 'Project not found' });
    await t.app.db.update(projects).set({ isPublic: true, realtime: true }).where(eq(projects.id, projectId));
    expect((await ticket(null)).json()).toMatchObject({ mode: 'read-only' });
    expect((await ticket(stranger)).json()).toMatchObject({ mode: 'read-only' });
    await t.app.db.update(projects).set({ isPublic: false, realtime: false }).where(eq(projects.id, projectId));
  });

  it('refuses a socket whose project went private after the ticket was issued', async () => {
    await t.app.db.update(projects).set({ isPublic: true, realtime: true }).where(eq(projects.id, projectId));
    const { url } = (await ticket(null)).json();
    await t.app.db.update(projects).set({ isPublic: false, realtime: false }).where(eq(projects.id, projectId));
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${url}`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(status).toBe(403);
  });

  it('an edit through the socket reaches the document and, debounced, the JSON row', async () => {
    let documentId = '';
    const adapter = new TicketedSocketAdapter({
      clock,
      getTicketUrl: async () => {
        const body = (await ticket(owner)).json();
        documentId = body.documentId;
        return { url: `ws://127.0.0.1:${port}${body.url}` };
      },
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    });
    const repo = new Repo({ network: [adapter] });
    await adapter.whenReady();
    const handle = await repo.find<ProjectDoc>(documentId as never);
    handle.change((d) => {
      d.layers['layer_a']!.x = 123;
      d.metadata.name = 'Renamed live';
    });
    const server = await t.app.sync.projectDoc(projectId);
    const deadline = Date.now() + 5000;
    while (server.doc().layers['layer_a']?.x !== 123 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await t.app.sync.flushRows();
    const [row] = await t.app.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row!.name).toBe('Renamed live');
    expect((row!.data as { layers: { id: string; x: number }[] }).layers.find((l) => l.id === 'layer_a')!.x).toBe(123);
    const pub = await t.app.inject({ url: `/api/projects/${projectId}`, headers: owner.headers });
    expect(pub.json().layers.find((l: { id: string }) => l.id === 'layer_a').x).toBe(123);
    adapter.disconnect();
    await repo.shutdown();
  });
});
