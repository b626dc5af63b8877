import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
