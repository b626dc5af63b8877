import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemoryPglite, makePgliteTemplate, PGLITE_TEMPLATE_ENV, seedDataDir } from './pglite-template.ts';

describe('the PGlite template cluster', () => {
  let root: string;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'beamstage-template-test-'));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    root = await makePgliteTemplate();
    process.env[PGLITE_TEMPLATE_ENV] = root;
  }, 60_000);
  afterAll(() => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    for (const dir of [root, ...dirs]) rmSync(dir, { recursive: true, force: true });
  });

  it('seeds an empty data dir with a cluster PGlite opens, and never overwrites a database already there', async () => {
    const dataDir = seedDataDir(tempDir());
    const db = await PGlite.create(join(dataDir, 'db'));
    await db.query('create table kept (x int)');
    await db.close();
    writeFileSync(join(dataDir, 'db', 'marker'), 'mine');
    seedDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'db', 'marker'), 'utf8')).toBe('mine');
    const again = await PGlite.create(join(dataDir, 'db'));
    expect((await again.query(`select count(*)::int as n from pg_tables where tablename = 'kept'`)).rows).toEqual([{ n: 1 }]);
    await again.close();
  }, 60_000);

  it('gives each in-memory database its own copy of the template', async () => {
    const a = inMemoryPglite();
    const b = inMemoryPglite();
    await a.query('create table only_in_a (x int)');
    expect((await b.query(`select count(*)::int as n from pg_tables where tablename = 'only_in_a'`)).rows).toEqual([{ n: 0 }]);
    await Promise.all([a.close(), b.close()]);
  }, 60_000);

  it('leaves the data dir to initdb when no template is given', () => {
    const saved = process.env[PGLITE_TEMPLATE_ENV];
    delete process.env[PGLITE_TEMPLATE_ENV];
    try {
      const dataDir = seedDataDir(tempDir());
      expect(existsSync(join(dataDir, 'db'))).toBe(false);
    } finally {
      process.env[PGLITE_TEMPLATE_ENV] = saved;
    }
  });
});
