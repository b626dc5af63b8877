import { afterAll, beforeAll, describe, it } from 'vitest';
import { findPostgresBin, startPostgres, type TestPostgres } from '../../../../tools/testing/postgres';
import { createTestApp } from '../testing/test-app';
import { authzMatrixSuite } from './suites/authz-matrix-suite';
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
}
