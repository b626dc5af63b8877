import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, startPostgres, type TestPostgres } from './postgres.ts';

const bin = findPostgresBin();
if (!bin) console.warn('Skipping the PostgreSQL harness test: PostgreSQL is not installed (.ci/run installs it).');

describe.runIf(bin)('test PostgreSQL harness', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(() => server?.stop());

  it('answers queries on a fresh database', async () => {
    const client = new pg.Client({ connectionString: await server.createDatabase('harness') });
    await client.connect();
    const { rows } = await client.query<{ n: number }>('select 40 + 2 as n');
    await client.end();
    expect(rows[0]?.n).toBe(42);
  });
});
