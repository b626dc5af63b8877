import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/testing/free-port';
import { findPostgresBin, startPostgres, type TestPostgres } from '../../../../tools/testing/postgres';
import { seededRandom } from '../../../../tools/testing/seeded-random';
import { buildApp } from '../app';
import { loadConfig } from '../config/index';
import { sampleProjectBody } from '../testing/project-fixtures';
import { signTestToken } from '../testing/test-app';
import { until } from '../testing/live-client';
import { openMarkerEditor, openRoutedClient } from '../testing/routed-client';
import { seedDataDir } from '../../../../tools/testing/pglite-template';

// The real server (server.ts in a child) killed with SIGKILL at random moments while two editors
// add markers live through /sync, on PGlite and on PostgreSQL, and restarted on the same data.
// Before the editors may reconnect (they would bring their edits back), a fresh live client reads
// the restarted server: every edit the server had confirmed to its author must be there.
// KILL9_LIVE_RUNS kills per database (default 2: each restart boots the whole server).
const RUNS = Number(process.env.KILL9_LIVE_RUNS ?? 2);
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const dirs: string[] = [];
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, SANDBOX_PORT: '0', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(proc);
    let out = '';
    proc.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('Beamstage is running at')) resolve(proc);
    });
    proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    proc.on('exit', (code) => {
      children.delete(proc);
      reject(new Error(`server exited (${code}) before ready:\n${out}`));
    });
  });
}

/** What a fresh live client finds on the server (it has no edits: synced = the server's stored document). */
async function markersOnServer(base: string, projectId: string, headers: Record<string, string>): Promise<Set<string>> {
  const client = await openRoutedClient(base, projectId, headers);
  try {
    await until(() => client.holdsServerDoc(), 'a fresh client holding the server document', 30_000);
    return new Set(Object.keys(client.handle.doc().timeline.markers));
  } finally {
    await client.close();
  }
}

async function killUnderLiveEditors(env: Record<string, string>, label: string) {
  const random = seededRandom(7);
  const port = await freePort();
  const serverEnv = { ...env, PORT: String(port), APPS_ROOT: env.DATA_DIR! };
  const seed = await buildApp(loadConfig({ ...serverEnv, LOG_LEVEL: 'silent' }), { logger: false });
  await seed.ready();
  const headers = { authorization: `Bearer ${await signTestToken(seed, { sub: 'kill9live', expiresIn: 3600 })}` };
  const projectId = (await seed.inject({ method: 'POST', url: '/api/projects/create', headers, payload: sampleProjectBody('Kill 9 live') })).json()
    .id as string;
  await seed.close();

  const base = `http://127.0.0.1:${port}`;
  let child = await startServer(serverEnv);
  const gate = { closed: false };
  const editors = [await openMarkerEditor('a', base, projectId, headers, gate), await openMarkerEditor('b', base, projectId, headers, gate)];
  let stop = false;
  const typing = editors.map(async (e) => {
    while (!stop) {
      e.edit();
      await new Promise((r) => setTimeout(r, 40 + random() * 80));
    }
  });
  let checked = 0;
  const lost: string[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const before = editors.map((e) => e.confirmed.size);
      await until(() => editors.every((e, i) => e.confirmed.size > before[i]!), 'a confirmation from the live server', 60_000);
      await new Promise((r) => setTimeout(r, 100 + random() * 700));
      gate.closed = true;
      const dead = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await dead;
      const confirmed = editors.flatMap((e) => [...e.confirmed]);
      child = await startServer(serverEnv);
      const present = await markersOnServer(base, projectId, headers);
      const missing = confirmed.filter((id) => !present.has(id));
      checked += confirmed.length;
      lost.push(...missing);
      console.log(`${label} kill ${run + 1}: ${confirmed.length} confirmed edits checked on the restarted server, ${missing.length} lost`);
      gate.closed = false;
    }
    stop = true;
    await Promise.all(typing);
    await until(() => editors.every((e) => e.made.every((id) => e.confirmed.has(id))), 'every edit confirmed after the last restart', 60_000);
    const final = await markersOnServer(base, projectId, headers);
    const made = editors.flatMap((e) => e.made);
    console.log(
      `${label}: ${RUNS} kills, ${made.length} edits made, ${checked} checks of confirmed edits (each kill checks every edit confirmed so far), ${lost.length} lost, ${made.filter((id) => !final.has(id)).length} missing at the end`,
    );
    expect(lost).toEqual([]);
    expect(made.filter((id) => !final.has(id))).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  } finally {
    stop = true;
    for (const e of editors) await e.close();
    child.kill('SIGKILL');
  }
}

describe('kill -9 under live editors', () => {
  it(`PGlite: every edit confirmed over /sync survives ${RUNS} kills`, async () => {
    const dir = seedDataDir(mkdtempSync(join(tmpdir(), 'beamstage-kill9-live-')));
    dirs.push(dir);
    await killUnderLiveEditors({ DATA_DIR: dir }, 'PGlite');
  }, 300_000);

  describe.runIf(findPostgresBin())('on PostgreSQL', () => {
    let pg: TestPostgres | null = null;
    afterAll(async () => pg?.stop());
    it(`PostgreSQL: every edit confirmed over /sync survives ${RUNS} kills`, async () => {
      pg = await startPostgres();
      const dir = mkdtempSync(join(tmpdir(), 'beamstage-kill9-live-pg-'));
      dirs.push(dir);
      await killUnderLiveEditors({ DATA_DIR: dir, DATABASE_URL: await pg.createDatabase('kill9_live') }, 'PostgreSQL');
    }, 300_000);
  });
});
