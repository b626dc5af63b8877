// `npm run bench:capacity` (design.md section 5, sync capacity): how many rooms one api instance
// carries. One api instance (server.ts in a child process) on PostgreSQL; rooms of 5 editors and
// 1 projector, each a real automerge-repo client over ws on loopback, in worker threads of this
// bench (./capacity-worker.ts); every editor drags at 30 Hz and changes the document every 2 s.
// Stepped over 25, 50, 100, 200 rooms (CAPACITY_STEPS), a fresh server per step. Per step: the
// ephemeral (drag) latency p50/p99 from sender to every other peer of the room, the CRDT
// convergence p50/p99 (a change until each other peer has it), sockets dropped, the server's
// memory per room (RSS after the clients joined minus before, per room) and CPU (share of one
// core over the measured window). The clients run on the same machine as the server: on a small
// machine they compete for its cores, and the figures say so.
// Last line: {"bench":"capacity","rooms":N,"peers":N,"ephemeralP99Ms":N,"convergeP99Ms":N,"dropped":N,"mbPerRoom":N,"saturationRooms":N}
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config/index';
import { users } from '../../apps/api/src/db/schema/index';
import { sampleProjectBody } from '../../apps/api/src/testing/project-fixtures';
import { signTestToken } from '../../apps/api/src/testing/test-app';
import { freePort } from '../testing/free-port';
import { findPostgresBin, startPostgres } from '../testing/postgres';
import type { CapacityWorkerData, CapacityWorkerResult } from './capacity-worker';

const STEPS = (process.env.CAPACITY_STEPS ?? '25,50,100,200').split(',').map(Number);
const WORKERS = Number(process.env.CAPACITY_WORKERS ?? Math.max(2, Math.min(4, availableParallelism() - 1)));
const WARMUP_MS = Number(process.env.CAPACITY_WARMUP_MS ?? 3000);
const MEASURE_MS = Number(process.env.CAPACITY_MEASURE_MS ?? 8000);
/** Steps past the first saturated one only confirm it and load a shared machine: skipped unless CAPACITY_ALL_STEPS=1. */
const ALL_STEPS = process.env.CAPACITY_ALL_STEPS === '1';
const BUDGET_P99_MS = 50;
const SERVER = fileURLToPath(new URL('../../apps/api/src/server.ts', import.meta.url));
const TICKS_PER_S = 100;

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const round = (n: number, digits = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : null);

function procStats(pid: number): { rssMb: number; cpuTicks: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  // Fields after the command name: utime is the 14th field of the line, stime the 15th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rssMb: rssKb / 1024, cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // CAPACITY_PROFILE=<dir>: the server writes a V8 CPU profile there (where its time goes under load).
    const profile = process.env.CAPACITY_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CAPACITY_PROFILE}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', SERVER], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const take = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Beamstage is running at')) resolve(child);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before ready:\n${out.slice(-3000)}`)));
  });
}

interface StepResult {
  rooms: number;
  peers: number;
  ephemeralP50: number;
  ephemeralP99: number;
  convergeP50: number;
  convergeP99: number;
  dropped: number;
  mbPerRoom: number;
  cpuPercent: number;
  framesPerS: number;
  deliveredPerS: number;
}

async function main() {
  if (!findPostgresBin()) throw new Error('bench:capacity needs PostgreSQL (apt-get install -y postgresql)');
  const pg = await startPostgres();
  const dirs: string[] = [];
  const results: StepResult[] = [];
  try {
    const databaseUrl = await pg.createDatabase('capacity');
    const seedDir = mkdtempSync(join(tmpdir(), 'beamstage-capacity-seed-'));
    dirs.push(seedDir);
    const port = await freePort();
    const env = {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      SANDBOX_PORT: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
    };
    const seed = await buildApp(loadConfig({ ...env, DATA_DIR: seedDir, APPS_ROOT: seedDir, LOG_LEVEL: 'silent' }), { logger: false });
    await seed.ready();
    const token = await signTestToken(seed, { sub: 'capacity', expiresIn: 3 * 3600 });
    const headers = { authorization: `Bearer ${token}` };
    if ((await seed.inject({ url: '/api/me', headers })).statusCode !== 200) throw new Error('seed user');
    await seed.db.update(users).set({ planId: 'studio' }).where(eq(users.sub, 'capacity'));
    await seed.close();
    console.log(
      `capacity bench: one api instance on PostgreSQL; rooms of 5 editors + 1 projector; drags at 30 Hz, a change every 2 s per editor; ${WORKERS} client worker threads on ${availableParallelism()} cores shared with the server; ${WARMUP_MS} ms warm-up, ${MEASURE_MS} ms measured per step; machine load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    let saturation: number | null = null;
    for (const rooms of STEPS) {
      if (saturation !== null && !ALL_STEPS) {
        console.log(`${rooms} rooms: not run (saturated at ${saturation} rooms; CAPACITY_ALL_STEPS=1 runs it)`);
        continue;
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'beamstage-capacity-'));
      dirs.push(dataDir);
      const server = await startServer({ ...env, DATA_DIR: dataDir, APPS_ROOT: dataDir });
      try {
        const base = `http://127.0.0.1:${port}`;
        const projectIds: string[] = [];
        for (let n = 0; n < rooms; n++) {
          const res = await fetch(`${base}/api/projects/create`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(sampleProjectBody(`Capacity ${rooms}/${n}`)),
          });
          if (res.status !== 201) throw new Error(`create ${res.status}: ${await res.text()}`);
          projectIds.push(((await res.json()) as { id: string }).id);
        }
        const before = procStats(server.pid!);
        const workers = Array.from({ length: WORKERS }, (_, w) => {
          const share = projectIds.filter((_, i) => i % WORKERS === w);
          const data: CapacityWorkerData = {
            base,
            token,
            projectIds: share,
            editorsPerRoom: 5,
            projectorsPerRoom: 1,
            dragHz: 30,
            changeEveryMs: 2000,
            warmupMs: WARMUP_MS,
            measureMs: MEASURE_MS,
          };
          return new Worker(new URL('./capacity-worker.mjs', import.meta.url), { workerData: data });
        });
        const next = (w: Worker, type: string) =>
          new Promise<Record<string, unknown>>((resolve, reject) => {
            const on = (m: Record<string, unknown>) => {
              if (m['type'] === 'error') reject(new Error(String(m['error'])));
              else if (m['type'] === type) {
                w.off('message', on);
                resolve(m);
              }
            };
            w.on('message', on);
            w.once('error', reject);
          });
        const ready = await Promise.all(workers.map((w) => next(w, 'ready')));
        const peers = ready.reduce((n, m) => n + Number(m['peers']), 0);
        const joined = procStats(server.pid!);
        const results$ = workers.map((w) => next(w, 'result'));
        for (const w of workers) w.postMessage('go');
        await new Promise((r) => setTimeout(r, WARMUP_MS));
        const start = { ...procStats(server.pid!), at: performance.now() };
        const got = (await Promise.all(results$)).map((m) => m['result'] as CapacityWorkerResult);
        const end = { ...procStats(server.pid!), at: performance.now() };
        await Promise.all(workers.map((w) => next(w, 'closed')));
        await Promise.all(workers.map((w) => w.terminate()));
        const eph = got.flatMap((g) => g.ephemeralMs).sort((a, b) => a - b);
        const conv = got.flatMap((g) => g.convergeMs).sort((a, b) => a - b);
        const seconds = MEASURE_MS / 1000;
        const step: StepResult = {
          rooms,
          peers,
          ephemeralP50: pct(eph, 50),
          ephemeralP99: pct(eph, 99),
          convergeP50: pct(conv, 50),
          convergeP99: pct(conv, 99),
          dropped: got.reduce((n, g) => n + g.dropped, 0),
          mbPerRoom: (joined.rssMb - before.rssMb) / rooms,
          cpuPercent: ((end.cpuTicks - start.cpuTicks) / TICKS_PER_S / ((end.at - start.at) / 1000)) * 100,
          framesPerS: got.reduce((n, g) => n + g.framesSent, 0) / seconds,
          deliveredPerS: eph.length / seconds,
        };
        results.push(step);
        console.log(
          `${rooms} rooms, ${peers} peers: ephemeral p50 ${round(step.ephemeralP50, 2)} ms p99 ${round(step.ephemeralP99, 2)} ms (${Math.round(step.framesPerS)} frames/s sent of ${rooms * 5 * 30} asked, ${Math.round(step.deliveredPerS)} deliveries/s); converge p50 ${round(step.convergeP50)} ms p99 ${round(step.convergeP99)} ms (${got.reduce((n, g) => n + g.changesSent, 0)} changes, ${conv.length} deliveries); dropped ${step.dropped}; load ${loadavg()[0]!.toFixed(1)}; server RSS ${round(before.rssMb)} -> ${round(joined.rssMb)} MB (${round(step.mbPerRoom, 2)} MB/room), CPU ${round(step.cpuPercent)}% of one core`,
        );
        // Frames the clients could not send: the load asked was not generated, and latencies include
        // the clients' own waiting for a core (on a small shared machine they starve beside the server).
        if (step.framesPerS < 0.9 * rooms * 5 * 30)
          console.log(
            `  the clients sent only ${Math.round((step.framesPerS / (rooms * 5 * 30)) * 100)}% of the frames asked: this machine cannot generate the load, so these latencies measure it, not the server (server CPU above)`,
          );
        if (saturation === null && !(step.ephemeralP99 <= BUDGET_P99_MS)) saturation = rooms;
      } finally {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
    }
    const at100 = results.find((r) => r.rooms === 100) ?? results.at(-1)!;
    console.log(
      `saturation (ephemeral p99 over ${BUDGET_P99_MS} ms): ${saturation === null ? `none up to ${results.at(-1)!.rooms} rooms` : `${saturation} rooms`}; the last line reports the ${at100.rooms}-room step`,
    );
    console.log(
      JSON.stringify({
        bench: 'capacity',
        rooms: at100.rooms,
        peers: at100.peers,
        ephemeralP99Ms: round(at100.ephemeralP99, 2),
        convergeP99Ms: round(at100.convergeP99),
        dropped: at100.dropped,
        mbPerRoom: round(at100.mbPerRoom, 3),
        saturationRooms: saturation,
      }),
    );
  } finally {
    await pg.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
