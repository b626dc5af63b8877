import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, startPostgres, type TestPostgres } from '../../../../tools/testing/postgres';
import { buildApp } from '../app';
import { loadConfig } from '../config/index';
import { sampleProjectBody } from '../testing/project-fixtures';
import { signTestToken } from '../testing/test-app';
import { seedDataDir } from '../../../../tools/testing/pglite-template';

// A copy of a real data dir (a user and a project) is damaged three ways (a table file, the
// control file, the write-ahead log) and the real server is started on it: it must refuse with one
// line that names the damaged file or table and says how to restore, and write nothing to the
// tables. A read-only db/ folder gets a line as clear as a read-only data dir's.
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'beamstage-damage-'));
const seed = join(tmp, 'seed');
// Root writes anywhere: the read-only cases run the server as nobody.
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function start(dataDir: string, asNobody = false, env: Record<string, string> = {}): Promise<{ code: number | null; lines: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, PORT: '0', SANDBOX_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', APPS_ROOT: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asNobody && asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('Beamstage is running at')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, lines: out.split('\n').filter((l) => l.startsWith('Beamstage:') && !l.startsWith('Beamstage is running')) });
    });
  });
}

/** Overwrites `length` bytes at `offset` with random bytes. */
function smash(file: string, offset: number, length: number) {
  const fd = openSync(file, 'r+');
  writeSync(fd, randomBytes(length), 0, length, offset);
  closeSync(fd);
}

/** SHA-256 of every file under base/ (the tables): proof that nothing wrote to them. */
function tablesHash(dataDir: string): string {
  const hash = createHash('sha256');
  const base = join(dataDir, 'db', 'base');
  for (const db of readdirSync(base).sort())
    for (const file of readdirSync(join(base, db)).sort()) hash.update(file).update(readFileSync(join(base, db, file)));
  return hash.digest('hex');
}

const copyOfSeed = (name: string) => {
  const dir = join(tmp, name);
  cpSync(seed, dir, { recursive: true });
  return dir;
};
const RESTORE =
  'Beamstage did not start and wrote nothing to it. Keep the folder as it is for inspection, and restore DATA_DIR from your last backup (see "Backups and restore" in apps/api/README.md).';
let projectsFile = '';
let walSegment = '';

beforeAll(async () => {
  // A real data dir: the schema, a user and a project (so the projects table has a page to damage).
  const config = loadConfig({ PORT: '0', DATA_DIR: seedDataDir(seed), LOG_LEVEL: 'silent', APPS_ROOT: seed });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const headers = { authorization: `Bearer ${await signTestToken(app, { sub: 'damage', expiresIn: 3600 })}` };
  const created = await app.inject({ method: 'POST', url: '/api/projects/create', headers, payload: sampleProjectBody('Damage') });
  expect(created.statusCode).toBe(201);
  await app.close();
  const pglite = await PGlite.create(join(seed, 'db'));
  const { rows } = await pglite.query<{ file: string }>(`SELECT pg_relation_filepath('projects') AS file`);
  const wal = await pglite.query<{ file: string }>('SELECT pg_walfile_name(redo_lsn) AS file FROM pg_control_checkpoint()');
  await pglite.close();
  projectsFile = rows[0]!.file;
  walSegment = wal.rows[0]!.file;
}, 120_000);

describe('a damaged data dir is named, not used', () => {
  it('starts on the undamaged copy, and /api/health reports the check', async () => {
    const dir = copyOfSeed('healthy');
    const app = await buildApp(loadConfig({ PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent', APPS_ROOT: dir }), { logger: false });
    try {
      await app.ready();
      const db = (await app.inject('/api/health')).json().parts.db;
      expect(db.ok).toBe(true);
      expect(db.detail).toMatch(/^PGlite; start-up check passed: 1[0-9] tables read in full in \d+ ms before migrations$/);
    } finally {
      await app.close();
    }
  });

  it('names a damaged table file and writes nothing to the tables', async () => {
    const dir = copyOfSeed('table');
    const file = join(dir, 'db', projectsFile);
    smash(file, 0, 256);
    const before = tablesHash(dir);
    const r = await start(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      `Beamstage: the database in ${join(dir, 'db')} is damaged: table projects (file ${file}) cannot be read (invalid page in block 0 of relation "${projectsFile}"). ${RESTORE}`,
    ]);
    expect(tablesHash(dir)).toBe(before);
  });

  it('names a damaged control file', async () => {
    const dir = copyOfSeed('control');
    const file = join(dir, 'db', 'global', 'pg_control');
    smash(file, 0, 64);
    const before = tablesHash(dir);
    const r = await start(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      `Beamstage: the database in ${join(dir, 'db')} is damaged: file ${file} cannot be read (PGlite failed to initialize properly). ${RESTORE}`,
    ]);
    expect(tablesHash(dir)).toBe(before);
  });

  it('names a damaged write-ahead log segment', async () => {
    const dir = copyOfSeed('wal');
    const file = join(dir, 'db', 'pg_wal', walSegment);
    smash(file, 0, 512);
    const before = tablesHash(dir);
    const r = await start(dir);
    expect(r.code).toBe(1);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(
      new RegExp(`^Beamstage: the database in ${join(dir, 'db')} is damaged: file ${file} cannot be read \\(Aborted\\(\\)[^)]*\\)\\. `),
    );
    expect(r.lines[0]!.endsWith(RESTORE)).toBe(true);
    expect(tablesHash(dir)).toBe(before);
  });

  it('names a read-only db folder as clearly as a read-only data dir', async () => {
    const readOnly = (dir: string) => {
      if (asRoot) chownSync(dir, NOBODY, NOBODY);
      chmodSync(dir, 0o555);
    };
    chmodSync(tmp, 0o755); // nobody must reach the folders below
    const dataDir = join(tmp, 'ro-data');
    mkdirSync(dataDir);
    readOnly(dataDir);
    const dataLine = await start(dataDir, true);
    expect(dataLine.code).toBe(1);
    expect(dataLine.lines).toEqual([`Beamstage: DATA_DIR ${dataDir} is not writable (EACCES); set DATA_DIR to a folder this user can write.`]);

    const dir = copyOfSeed('ro-db');
    if (asRoot) chownSync(dir, NOBODY, NOBODY);
    readOnly(join(dir, 'db'));
    const dbLine = await start(dir, true);
    expect(dbLine.code).toBe(1);
    expect(dbLine.lines).toEqual([
      `Beamstage: the database folder ${join(dir, 'db')} in DATA_DIR is not writable (EACCES); make it writable by this user or set DATA_DIR to a folder this user can write.`,
    ]);
  });
});

describe.runIf(findPostgresBin())('a damaged table on PostgreSQL', () => {
  let cluster: TestPostgres | null = null;
  afterAll(async () => cluster?.stop());

  it('is named, and the server refuses to start on it', async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase('damaged');
    const dir = join(tmp, 'pg-data');
    const app = await buildApp(loadConfig({ PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent', APPS_ROOT: dir, DATABASE_URL: url }), { logger: false });
    await app.ready();
    const headers = { authorization: `Bearer ${await signTestToken(app, { sub: 'damage-pg', expiresIn: 3600 })}` };
    expect((await app.inject({ method: 'POST', url: '/api/projects/create', headers, payload: sampleProjectBody('Damage') })).statusCode).toBe(201);
    await app.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const file = (await client.query<{ file: string }>(`SELECT pg_relation_filepath('projects') AS file`)).rows[0]!.file;
    await client.end();
    // A clean stop writes every page; the damage is then read from disk at the next start.
    await cluster.restart(() => smash(join(cluster!.dataDir, file), 0, 256));
    const r = await start(dir, false, { DATABASE_URL: url });
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      `Beamstage: the database in DATABASE_URL is damaged: table projects (file ${file} in the PostgreSQL data directory) cannot be read (invalid page in block 0 of relation ${file}). Beamstage did not start and wrote nothing to it. Restore the database from your last pg_dump (see "Backups and restore" in apps/api/README.md).`,
    ]);
  }, 120_000);
});
