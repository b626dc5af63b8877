import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/testing/free-port';
import { buildApp } from '../app';
import { loadConfig } from '../config/index';
import { sampleProjectBody } from '../testing/project-fixtures';
import { signTestToken } from '../testing/test-app';
import { seedDataDir } from '../../../../tools/testing/pglite-template';

// The real server in a child process, killed with SIGKILL while saves are in flight, RUNS times:
// every save the server acknowledged must be in the project after the restart.
// CI default 2 (each restart boots the whole server in a child); KILL9_RUNS=10 for the full soak.
type Project = { layers: { id: string }[]; revision?: number } & Record<string, unknown>;
const RUNS = Number(process.env.KILL9_RUNS ?? 2);
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const dataDir = seedDataDir(mkdtempSync(join(tmpdir(), 'beamstage-kill9-')));
let child: ChildProcess | null = null;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, PORT: String(port), SANDBOX_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', APPS_ROOT: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Beamstage is running at')) resolve(proc);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    proc.on('exit', (code) => reject(new Error(`server exited (${code}) before ready:\n${out}`)));
  });
}

describe('kill -9 during updates', () => {
  it(`keeps every acknowledged save across ${RUNS} SIGKILLs`, async () => {
    const port = await freePort();
    // Seed: a user and a project, and a long-lived token signed with the data dir's own key.
    const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', APPS_ROOT: dataDir });
    const seed = await buildApp(config, { logger: false });
    await seed.ready();
    const headers = { authorization: `Bearer ${await signTestToken(seed, { sub: 'kill9', expiresIn: 3600 })}` };
    const created = await seed.inject({ method: 'POST', url: '/api/projects/create', headers, payload: sampleProjectBody('Kill 9') });
    const projectId = created.json().id as string;
    await seed.close();

    const base = `http://127.0.0.1:${port}`;
    const acked = new Set<string>();
    let attempted = 0;
    let n = 0;
    for (let run = 0; run < RUNS; run++) {
      child = await startServer(port);
      const current = (await (await fetch(`${base}/api/projects/${projectId}`, { headers })).json()) as Project;
      const present = new Set((current.layers as { id: string }[]).map((l) => l.id));
      const lost = [...acked].filter((id) => !present.has(id));
      expect(lost, `run ${run}: acknowledged saves missing after restart`).toEqual([]);

      let project: Project = current;
      let stop = false;
      const writer = (async () => {
        while (!stop) {
          const layerId = `kill_${n++}`;
          const body = { ...project, layers: [...project.layers, { ...project.layers[0], id: layerId, name: layerId }] };
          attempted++;
          try {
            const res = await fetch(`${base}/api/projects/update`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            if (res.status !== 200) break;
            const ack = (await res.json()) as { revision: number };
            acked.add(layerId);
            project = { ...body, revision: ack.revision };
          } catch {
            break; // the server died mid-request: not acknowledged
          }
        }
      })();
      // Kill while saves are in flight, once at least one landed in this run (a loaded machine can
      // take longer than the kill delay for the first save after a start).
      const ackedBefore = acked.size;
      const deadline = Date.now() + 30_000;
      while (acked.size === ackedBefore && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 700));
      const dead = new Promise((r) => child!.once('exit', r));
      child.kill('SIGKILL');
      stop = true;
      await Promise.all([writer, dead]);
      child = null;
    }
    child = await startServer(port);
    const final = (await (await fetch(`${base}/api/projects/${projectId}`, { headers })).json()) as Project;
    const present = new Set((final.layers as { id: string }[]).map((l) => l.id));
    const lost = [...acked].filter((id) => !present.has(id));
    console.log(`kill -9: ${RUNS} kills, ${attempted} saves tried, ${acked.size} acknowledged, ${lost.length} lost`);
    expect(acked.size).toBeGreaterThan(RUNS);
    expect(lost).toEqual([]);
    const down = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await down;
    child = null;
  }, 600_000);
});
