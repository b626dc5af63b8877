import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { seededRandomBytes } from '@beamstage/layers/testing';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/testing/free-port';
import { buildApp } from '../app';
import { loadConfig } from '../config/index';
import { users } from '../db/schema/index';
import { sampleProjectBody } from '../testing/project-fixtures';
import { signTestToken } from '../testing/test-app';
import { seedDataDir } from '../../../../tools/testing/pglite-template';

// design.md section 4 rule 14 and section 5 "hostile load": the probe that stopped the service,
// replayed against the real server in a child process. One signed-in user (on the largest plan)
// sends a 20,000-layer project, a 9.5 MB description, 50,000-deep nesting, then HOSTILE_WRITES
// writes from a seeded generator (largest allowed bodies, every kind of over-limit and malformed
// body); meanwhile another user's client, on its own thread, reads and saves its project and
// times every request, alone first (the quiet baseline of this run) and then during the attack.
// Nothing may answer 500 or lose what was stored before, the service keeps answering the other
// user and health stays ok; the other user's stalls and the server's peak RSS are printed.
// The 250 ms budget is enforced on every request of the other user during the attack, the
// largest allowed writes included: its longest may exceed the longest it saw on the quiet server
// by at most 250 ms (added to the quiet baseline because CI shares two cores with other work: that
// baseline is what the machine, not the attacker, costs), and so may its longest overlapping only
// refused writes (each refused before any conversion), whenever the machine is not oversubscribed
// (load average <= cores + 2; above it the reason is printed). How the largest allowed writes keep
// to it: apps/api/README.md ("Large writes and the api's thread").
// CI default 30 writes (each kind once, then seeded draws; 60 took 4.5 minutes of a CI run on two cores,
// the longest file of the suite); HOSTILE_WRITES=1000 for the full run.
const WRITES = Number(process.env.HOSTILE_WRITES ?? 30);
const STALL_BUDGET_MS = 250;
/** Requests the other user makes alone before the attack, after its warm-up ones. */
const QUIET_REQUESTS = 12;
/** The load average above which the machine, not the server, sets the other user's wait: this test's own two busy processes plus one per core. */
const OVERSUBSCRIBED_LOAD = availableParallelism() + 2;
/** The other user's first requests, not counted in its quiet baseline. */
const QUIET_WARMUP = 4;
/** The status recorded when the server closed the connection on an oversized body mid-upload. */
const CLOSED = 0;
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const dataDir = seedDataDir(mkdtempSync(join(tmpdir(), 'beamstage-hostile-')));
let child: ChildProcess | null = null;
/** The server's output, kept whole: if it dies under the attack, the failure says why. */
let serverOutput = '';
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // The other user makes about 20 requests a second, at the default per-user limit (1,200 a
    // minute) on a fast machine: its 429s would be the rate limiter working, not a stall.
    const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...process.env,
        PORT: String(port),
        SANDBOX_PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        APPS_ROOT: dataDir,
        RATE_LIMIT_PER_MINUTE: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (b: Buffer) => {
      serverOutput += b.toString();
      if (serverOutput.includes('Beamstage is running at')) resolve(proc);
    });
    proc.stderr!.on('data', (b: Buffer) => (serverOutput += b.toString()));
    proc.on('exit', (code, signal) => {
      serverOutput += `\n[server exited: code ${code}, signal ${signal}]`;
      reject(new Error(`server exited (${code}) before ready:\n${serverOutput}`));
    });
  });
}

/** The other user: sequential reads and saves of its own project, each timed, on a thread of its own. */
const VICTIM = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, headers, projectId } = workerData;
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  const times = [];
  const failures = [];
  let errors = 0;
  let saves = 0;
  let lastX = null;
  let project = await (await fetch(base + '/api/projects/' + projectId, { headers })).json();
  while (!stop) {
    try {
      const t0 = performance.now();
      const at0 = Date.now();
      const read = await fetch(base + '/api/projects/' + projectId, { headers });
      if (read.status !== 200) { errors++; failures.push('read ' + read.status); }
      project = await read.json();
      times.push([at0, performance.now() - t0]);
      const t1 = performance.now();
      const at1 = Date.now();
      const body = { ...project, layers: project.layers.map((l, i) => (i === 0 ? { ...l, x: (l.x + 1) % 800 } : l)) };
      const save = await fetch(base + '/api/projects/update', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (save.status !== 200) { errors++; failures.push('save ' + save.status); }
      else saves++;
      await save.arrayBuffer();
      if (save.status === 200) lastX = body.layers[0].x;
      times.push([at1, performance.now() - t1]);
      parentPort.postMessage({ tick: times.length });
    } catch (err) {
      errors++;
      failures.push(String(err && err.cause ? err.cause.code || err.cause.message : err));
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage({ times, errors, failures, saves, lastX });
})();
`;

/** A seeded generator of hostile request bodies, each with the statuses it may get. */
function hostileWrites(seed: number, projectId: string) {
  const bytes = seededRandomBytes(seed);
  const rand = () => (bytes(4).reduce((a, b) => a * 256 + b, 0) >>> 0) / 2 ** 32;
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const base = sampleProjectBody('Hostile');
  const layerAt = (i: number) => ({ ...base.layers[0]!, id: `h${i}`, name: `h${i}` });
  const kinds = [
    // About the largest body the studio plan allows (~3.7 MB): 950 layers, three 1 MB data URLs, 256 KB of HTML.
    () => ({
      kind: 'largest allowed',
      ok: [200, 429],
      body: JSON.stringify({
        ...base,
        id: projectId,
        layers: [
          ...Array.from({ length: 950 }, (_, i) => layerAt(i)),
          ...[0, 1, 2].map((n) => ({
            ...base.layers[0]!,
            id: `big${n}`,
            content: { src: `data:image/png;base64,${String(int(0, 9)).repeat(1024 * 1024 - 40)}` },
          })),
          { id: 'code', type: 'html', name: 'code', content: { html: 'x'.repeat(256 * 1024) } },
        ],
      }),
    }),
    () => ({
      kind: 'too many layers',
      ok: [413, 429],
      body: JSON.stringify({ ...base, id: projectId, layers: Array.from({ length: int(1_001, 20_000) }, (_, i) => ({ id: `x${i}`, type: 'image' })) }),
    }),
    () => ({ kind: 'long string', ok: [413, 429], body: JSON.stringify({ ...base, id: projectId, description: 'd'.repeat(int(10_001, 2_000_000)) }) }),
    () => ({ kind: 'deep nesting', ok: [400], body: `{"id":"${projectId}","x":${'['.repeat(int(41, 50_000))}${']'.repeat(3)}}` }),
    () => ({
      kind: 'too many keyframes',
      ok: [413, 429],
      body: JSON.stringify({
        ...base,
        id: projectId,
        timeline: { ...base.timeline, keyframes: Array.from({ length: int(20_001, 60_000) }, (_, i) => ({ id: `k${i}` })) },
      }),
    }),
    () => ({ kind: 'malformed JSON', ok: [400], body: `{"id":"${projectId}","layers":[${'{'.repeat(int(1, 30))}` }),
    () => ({ kind: 'prototype poisoning', ok: [400], body: `{"id":"${projectId}","__proto__":{"isAdmin":true},"layers":[]}` }),
    () => ({ kind: 'small valid', ok: [200], body: JSON.stringify({ ...base, id: projectId, layers: [layerAt(int(0, 9))] }) }),
    () => ({ kind: 'oversized body', ok: [413, CLOSED], body: `{"id":"${projectId}","description":"${'z'.repeat(9.5 * 1024 * 1024)}"}` }),
  ];
  // The largest bodies are the costly ones for the server: about one write in eight.
  const weights = [2, 3, 3, 3, 2, 2, 1, 2, 1];
  const total = weights.reduce((a, b) => a + b, 0);
  // Every kind once first, in the order above, so that a short run (CI's) still sends each of them.
  let sent = 0;
  const next = () => {
    if (sent < kinds.length) return kinds[sent++]!();
    let r = rand() * total;
    let i = 0;
    while ((r -= weights[i]!) > 0) i++;
    return kinds[i]!();
  };
  return { next, kinds: kinds.length };
}

describe('hostile load', () => {
  it(`one user's ${WRITES} hostile writes neither stop nor stall the service for another`, async () => {
    const loadAtStart = loadavg()[0]!;
    const port = await freePort();
    const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', APPS_ROOT: dataDir });
    const seed = await buildApp(config, { logger: false });
    await seed.ready();
    const attacker = { authorization: `Bearer ${await signTestToken(seed, { sub: 'hostile', expiresIn: 3600 })}` };
    const victim = { authorization: `Bearer ${await signTestToken(seed, { sub: 'bystander', expiresIn: 3600 })}` };
    const create = async (headers: Record<string, string>, name: string) =>
      (await seed.inject({ method: 'POST', url: '/api/projects/create', headers, payload: sampleProjectBody(name) })).json().id as string;
    const victimProject = await create(victim, 'Bystander stage');
    const keptProject = await create(attacker, 'Stored before the attack');
    const target = await create(attacker, 'Attacked');
    await seed.db.update(users).set({ planId: 'studio' }).where(eq(users.sub, 'hostile'));
    await seed.close();

    child = await startServer(port);
    const base = `http://127.0.0.1:${port}`;
    const post = async (url: string, body: string) => {
      if (child?.exitCode !== null) throw new Error(`the server died under the attack:\n${serverOutput.slice(-4000)}`);
      try {
        const res = await fetch(`${base}${url}`, { method: 'POST', headers: { ...attacker, 'content-type': 'application/json' }, body });
        await res.arrayBuffer();
        return res.status;
      } catch (err) {
        // The server answered 413 and closed the connection before the whole oversized body was sent.
        const code = (err as { cause?: { code?: string } }).cause?.code;
        if (code === 'EPIPE' || code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return CLOSED;
        throw err;
      }
    };
    const stored = async (id: string, headers: Record<string, string>) =>
      (await (await fetch(`${base}/api/projects/${id}`, { headers })).json()) as {
        name?: string;
        metadata: { name: string };
        layers: { id: string; x: number }[];
      };
    const keptBefore = await stored(keptProject, attacker);

    const worker = new Worker(VICTIM, { eval: true, workerData: { base, headers: victim, projectId: victimProject } });
    let ticks = 0;
    const victimDone = new Promise<{ times: [number, number][]; errors: number; failures: string[]; saves: number; lastX: number }>((resolve) =>
      worker.on('message', (m: { tick?: number }) => (m.tick === undefined ? resolve(m as never) : (ticks = m.tick))),
    );
    // The other user alone first: its quiet baseline on this machine, in this run.
    await expect.poll(() => ticks, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(QUIET_WARMUP + QUIET_REQUESTS);
    const attackFrom = Date.now();

    const statuses = new Map<string, number[]>();
    /** When each kind of write ran: the other user's requests overlapping it are its stall. */
    const spans: { kind: string; from: number; to: number }[] = [];
    let spanStart = Date.now();
    const record = (kind: string, status: number) => {
      statuses.set(kind, [...(statuses.get(kind) ?? []), status]);
      spans.push({ kind, from: spanStart, to: Date.now() });
      spanStart = Date.now();
    };
    // The probe's sequence first.
    spanStart = Date.now();
    record(
      '20,000 layers',
      await post(
        '/api/projects/create',
        JSON.stringify({
          ...sampleProjectBody('Huge'),
          layers: Array.from({ length: 20_000 }, (_, i) => ({ ...sampleProjectBody().layers[0]!, id: `L${i}` })),
        }),
      ),
    );
    record(
      '9.5 MB description',
      await post('/api/projects/update', JSON.stringify({ ...sampleProjectBody('Long'), id: target, description: 'x'.repeat(9.5 * 1024 * 1024) })),
    );
    record(
      '50,000-deep nesting',
      await post('/api/projects/update', `{"id":"${target}","metadata":{"debugSettings":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`),
    );
    const { next, kinds } = hostileWrites(20_261_124, target);
    const unexpected: string[] = [];
    for (let i = 0; i < WRITES; i++) {
      const w = next();
      spanStart = Date.now();
      const status = await post('/api/projects/update', w.body);
      record(w.kind, status);
      if (!w.ok.includes(status)) unexpected.push(`${w.kind}: ${status}`);
    }
    worker.postMessage('stop');
    const seen = await victimDone;
    await worker.terminate();

    const health = (await (await fetch(`${base}/api/health`)).json()) as { status: string };
    const peakRssMb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    // The first read and save warm the server up (the first save opens the project's document).
    const quiet = seen.times
      .slice(QUIET_WARMUP)
      .filter(([at, d]) => at + d <= attackFrom)
      .map(([, d]) => d);
    const quietLongest = Math.max(0, ...quiet);
    const durations = seen.times.filter(([at]) => at >= attackFrom).map(([, d]) => d);
    const longest = Math.max(...durations);
    const sorted = [...durations].sort((a, b) => a - b);
    // The longest request of the other user that overlapped each kind of hostile write.
    const stallBy = new Map<string, number>();
    for (const [at, d] of seen.times) {
      for (const span of spans) if (at < span.to && at + d > span.from) stallBy.set(span.kind, Math.max(stallBy.get(span.kind) ?? 0, d));
    }
    const allowed = new Set(['largest allowed', 'small valid']);
    // Refused writes' stall: requests that overlapped refused writes only (one that also overlapped
    // an allowed write waited for that write's work, counted under its kind above).
    const overlaps = (at: number, d: number, refused: boolean) =>
      spans.some((span) => allowed.has(span.kind) !== refused && at < span.to && at + d > span.from);
    const refusedStall = Math.max(0, ...seen.times.filter(([at, d]) => overlaps(at, d, true) && !overlaps(at, d, false)).map(([, d]) => d));
    const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
    const summary = [...statuses].map(([k, s]) => `${k} x${s.length} -> ${[...new Set(s)].join('/')}`).join('; ');
    console.log(`hostile load: ${WRITES + 3} hostile writes (${summary})`);
    console.log(`hostile load: longest stall of the other user by overlapping write: ${[...stallBy].map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join('; ')}`);
    console.log(
      `hostile load: another user made ${seen.times.length} requests (${seen.saves} saves, ${seen.errors} errors${seen.failures.length ? `: ${seen.failures.join(', ')}` : ''}); quiet baseline: ${quiet.length} requests, longest ${quietLongest.toFixed(1)} ms; under attack: longest stall ${longest.toFixed(1)} ms, during refused writes ${refusedStall.toFixed(1)} ms (budget ${STALL_BUDGET_MS} over the quiet longest), p99 ${p99.toFixed(1)} ms; server peak RSS ${peakRssMb.toFixed(0)} MB; health ${health.status}`,
    );

    expect(statuses.get('20,000 layers')).toEqual([413]);
    expect([413, CLOSED]).toContain(statuses.get('9.5 MB description')?.[0]);
    expect(statuses.get('50,000-deep nesting')).toEqual([400]);
    expect(unexpected).toEqual([]);
    // The probe's three writes and every kind of the generator's (each comes once first).
    expect(statuses.size, 'kinds of write sent').toBe(3 + Math.min(WRITES, kinds));
    expect(health.status).toBe('ok');
    expect(seen.errors).toBe(0);
    expect(seen.times.length).toBeGreaterThan(10);
    expect(quiet.length, 'quiet baseline requests').toBeGreaterThanOrEqual(QUIET_REQUESTS);
    // A wall-clock budget says something about the server only while the machine is not
    // oversubscribed by other work (CI runs test files in parallel on two cores; the api suite at
    // load ~15 showed 719 ms against a quiet baseline of 83 ms taken a minute earlier).
    const load = Math.max(loadAtStart, loadavg()[0]!);
    if (load <= OVERSUBSCRIBED_LOAD) {
      expect(refusedStall - quietLongest, 'stall added while refused writes ran').toBeLessThan(STALL_BUDGET_MS);
      expect(longest - quietLongest, 'stall added by any write, the largest allowed included').toBeLessThan(STALL_BUDGET_MS);
    } else
      console.log(
        `hostile load: stall budget not checked: load average ${load.toFixed(1)} > ${OVERSUBSCRIBED_LOAD} (this test's own processes plus one per core); the figures above measure the machine`,
      );
    // Nothing stored before is lost: the untouched project and the other user's saves.
    expect(await stored(keptProject, attacker)).toEqual(keptBefore);
    const victimAfter = await stored(victimProject, victim);
    expect(victimAfter.layers.map((l) => l.id)).toEqual(['layer_a', 'layer_b']);
    expect(victimAfter.layers[0]!.x).toBe(seen.lastX);

    const down = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await down;
    child = null;
  }, 600_000);
});
