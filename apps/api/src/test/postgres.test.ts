import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { findPostgresBin, startPostgres, type TestPostgres } from '../../../../tools/testing/postgres';
import { makeUser, sampleProjectBody } from '../testing/project-fixtures';
import { createTestApp } from '../testing/test-app';
import { authzMatrixSuite } from './suites/authz-matrix-suite';
import { docAuthoritySuite } from './suites/doc-authority-suite';
import { projectsSuite } from './suites/projects-suite';

// The same route suites on a real PostgreSQL (node-postgres driver, same migrations).
const bin = findPostgresBin();
if (!bin) {
  console.warn('postgres.test.ts: skipped: PostgreSQL is not installed (apt-get install -y postgresql)');
  describe.skip('routes on PostgreSQL (not installed)', () => it('needs PostgreSQL', () => undefined));
} else {
  let pg: TestPostgres;
  let n = 0;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => pg?.stop());
  const onPostgres = async () => createTestApp({ DATABASE_URL: await pg.createDatabase(`api_${process.pid}_${n++}`) });
  describe('projects on PostgreSQL', () => projectsSuite(onPostgres));
  describe('authorisation matrix on PostgreSQL', () => authzMatrixSuite(onPostgres));
  describe('the project document on PostgreSQL', () => docAuthoritySuite(onPostgres));
  describe('two api instances on one PostgreSQL', () => {
    it('start together on an empty database: one migrates under the lock, the other waits', async () => {
      const url = await pg.createDatabase(`api_${process.pid}_together`);
      const started = await Promise.allSettled([createTestApp({ DATABASE_URL: url }), createTestApp({ DATABASE_URL: url })]);
      try {
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started']);
      } finally {
        for (const s of started) if (s.status === 'fulfilled') await s.value.close();
      }
    });

    it("a plan changed or a user deleted through one instance reaches the other's users cache", async () => {
      const url = await pg.createDatabase(`api_${process.pid}_cache`);
      const a = await createTestApp({ DATABASE_URL: url });
      const b = await createTestApp({ DATABASE_URL: url });
      try {
        const user = await makeUser(a.app, 'cached-on-a');
        expect(a.app.userCache.get('cached-on-a')?.planId).toBe('free');
        const me = async () => (await a.app.inject({ url: '/api/me', headers: user.headers })).json() as { id: string; planId: string };
        // Written on B's connections: A hears it on its LISTEN connection (a notification later).
        await b.app.db.update(users).set({ planId: 'pro' }).where(eq(users.id, user.id));
        await expect.poll(async () => (await me()).planId, { timeout: 10_000 }).toBe('pro');
        await b.app.db.delete(users).where(eq(users.id, user.id));
        await expect.poll(async () => (await me()).id, { timeout: 10_000 }).not.toBe(user.id);
      } finally {
        await a.close();
        await b.close();
      }
    });

    it('share users, projects and the signing key', async () => {
      const url = await pg.createDatabase(`api_${process.pid}_pair`);
      const a = await createTestApp({ DATABASE_URL: url });
      const b = await createTestApp({ DATABASE_URL: url });
      try {
        const user = await makeUser(a.app, 'pair');
        const created = await a.app.inject({ method: 'POST', url: '/api/projects/create', headers: user.headers, payload: sampleProjectBody('Shared') });
        const id = created.json().id;
        const onB = await b.app.inject({ url: `/api/projects/${id}`, headers: user.headers });
        expect(onB.statusCode).toBe(200);
        expect(onB.json().metadata.name).toBe('Shared');

        // Tickets live in the database: one issued by A opens a socket on B, once.
        await Promise.all([a.app.listen({ port: 0, host: '127.0.0.1' }), b.app.listen({ port: 0, host: '127.0.0.1' })]);
        const portOf = (app: typeof a.app) => (app.server.address() as AddressInfo).port;
        const open = (port: number, url: string) =>
          new Promise<number>((resolve) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}${url}`);
            ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
            ws.on('open', () => {
              resolve(101);
              ws.close();
            });
            ws.on('error', () => resolve(0));
          });
        const ticketOnA = async () =>
          (await a.app.inject({ method: 'POST', url: '/api/sync/ticket', headers: user.headers, payload: { projectId: id } })).json().url as string;
        const first = await ticketOnA();
        expect(await open(portOf(b.app), first)).toBe(101);
        expect(await open(portOf(a.app), first)).toBe(403);
        // The same ticket at both instances at once: exactly one socket opens.
        for (let i = 0; i < 5; i++) {
          const url = await ticketOnA();
          const codes = await Promise.all([open(portOf(a.app), url), open(portOf(b.app), url)]);
          expect(codes.sort()).toEqual([101, 403]);
        }
        const update = { ...onB.json(), name: 'Edited on B' };
        expect((await b.app.inject({ method: 'POST', url: '/api/projects/update', headers: user.headers, payload: update })).statusCode).toBe(200);
        const onA = (await a.app.inject({ url: `/api/projects/${id}`, headers: user.headers })).json();
        expect(onA.metadata.name).toBe('Edited on B');
        // A's document never saw B's change in memory: A's write must take it from storage, not revert it.
        onA.layers[0].x = 4321;
        expect((await a.app.inject({ method: 'POST', url: '/api/projects/update', headers: user.headers, payload: onA })).statusCode).toBe(200);
        const stale = { ...(await b.app.inject({ url: `/api/projects/${id}`, headers: user.headers })).json(), description: 'Described on B' };
        expect((await b.app.inject({ method: 'POST', url: '/api/projects/update', headers: user.headers, payload: stale })).statusCode).toBe(200);
        for (const app of [a.app, b.app]) {
          const got = (await app.inject({ url: `/api/projects/${id}`, headers: user.headers })).json();
          expect(got.metadata).toMatchObject({ name: 'Edited on B', description: 'Described on B' });
          expect(got.layers[0].x).toBe(4321);
          expect((await app.sync.projectDoc(id)).doc().layers[got.layers[0].id]!.x).toBe(4321);
        }
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
}
