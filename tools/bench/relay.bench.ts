// `npm run bench:relay` (design.md section 5, sync capacity): what the sync server's ephemeral
// relay costs per delivered frame. bench:capacity needs ~900 real automerge-repo clients beside
// the server, which a small machine cannot run; this one isolates the server's own relay work.
// ROOMS rooms (a project each) of 5 editors + 1 projector as raw websockets on another thread
// (./relay-clients.mjs); every editor sends FRAMES drag frames; the relay passes each to the 5
// other peers of its room. The figure is the CPU time of this process's main thread, where the
// sync server runs alone (Linux: /proc/self/task/<pid>/stat), per delivered frame; a core's
// deliveries per second follow from it. ROUNDS runs, the median reported; raw figures, then the
// JSON line.
import type { DocumentId } from '@automerge/automerge-repo';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { syncSocketPath } from '../../libs/sync/src/client/sync-url';
import { startHarness } from '../../libs/sync/src/node/testing-harness';

const ROOMS = Number(process.env['ROOMS'] ?? 10);
const FRAMES = Number(process.env['FRAMES'] ?? 1000);
const ROUNDS = Number(process.env['ROUNDS'] ?? 3);
const EDITORS = 5;
const PEERS = EDITORS + 1;
const TICKS_PER_S = 100;

/** CPU seconds of this process's main thread (the sync server's), from its /proc task entry. */
function mainThreadCpuSeconds(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}

const h = await startHarness();
const peers = [];
for (let r = 0; r < ROOMS; r++) {
  const documentId = `relayBench${r}`;
  const projectId = `proj_${documentId}`;
  for (let n = 0; n < PEERS; n++) {
    const editor = n < EDITORS;
    const { ticket } = h.sync.tickets.issue({
      projectId,
      documentId: documentId as DocumentId,
      userId: editor ? 'usr_bench' : null,
      mode: editor ? 'read-write' : 'read-only',
    });
    peers.push({ url: `ws://127.0.0.1:${h.port}${syncSocketPath(projectId, ticket)}`, peerId: `bench-${r}-${n}`, documentId, editor });
  }
}
const clients = new Worker(new URL('./relay-clients.mjs', import.meta.url), { workerData: { peers, serverPeer: h.sync.repo.peerId } });
const next = (type: string) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const on = (m: Record<string, unknown>) => {
      if (m['type'] !== type) return;
      clients.off('message', on);
      resolve(m);
    };
    clients.on('message', on);
    clients.once('error', reject);
  });
await next('ready');

const results: { usPerDelivery: number; deliveriesPerS: number }[] = [];
const expected = ROOMS * EDITORS * FRAMES * (PEERS - 1);
for (let round = 0; round < ROUNDS; round++) {
  const cpu0 = mainThreadCpuSeconds();
  const t0 = performance.now();
  const done = next('done');
  clients.postMessage({ type: 'go', frames: FRAMES, expected });
  const answer = await done;
  const received = Number(answer['received']);
  if (received < expected)
    throw new Error(
      `only ${received} of ${expected} deliveries arrived; ${String(answer['closed'])} sockets closed (a starved client thread misses the server's pings)`,
    );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = mainThreadCpuSeconds() - cpu0;
  const usPerDelivery = (cpu * 1e6) / received;
  results.push({ usPerDelivery, deliveriesPerS: received / seconds });
  console.log(
    `round ${round + 1}: ${received} deliveries (${ROOMS * EDITORS * FRAMES} frames) in ${seconds.toFixed(2)} s, ${Math.round(received / seconds)}/s; server thread CPU ${(cpu * 1000).toFixed(0)} ms, ${usPerDelivery.toFixed(2)} µs per delivery; load ${loadavg()[0]!.toFixed(1)}`,
  );
}
const closed = next('closed');
clients.postMessage({ type: 'close' });
await closed;
await clients.terminate();
await h.close();
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const us = median(results.map((r) => r.usPerDelivery));
console.log(
  `one core at this cost relays about ${Math.round(1e6 / us)} deliveries/s: ${Math.round(1e6 / us / (EDITORS * 30 * (PEERS - 1)))} rooms of 5 editors dragging at 30 Hz`,
);
console.log(
  JSON.stringify({
    bench: 'relay',
    rooms: ROOMS,
    peers: ROOMS * PEERS,
    usPerDelivery: Math.round(us * 100) / 100,
    deliveriesPerS: Math.round(median(results.map((r) => r.deliveriesPerS))),
  }),
);
