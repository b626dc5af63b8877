// npm run bench:sync — loopback through the real sync server (PGlite storage, gated /sync socket,
// ticketed clients). Prints raw figures, a bare-websocket baseline from the same run, and the
// last line as JSON. Budgets (design.md section 5): ephemeral p50 <= 15 ms, converge <= 150 ms,
// drag >= 30 updates/s, reconnect <= 3 s with nothing lost, 100-layer/2000-keyframe load <= 250 ms,
// one change <= 2 ms.
import type { AddressInfo } from 'node:net';
import { next as A } from '@automerge/automerge';
import { Repo } from '@automerge/automerge-repo';
import {
  checkInvariants,
  createJsonExporter,
  moveLayer,
  normalizeDoc,
  setLayerWarpPoints,
  toDoc,
  toJson,
  updateLayer,
  type ProjectDoc,
} from '@beamstage/layers';
import { WebSocket, WebSocketServer } from 'ws';
import { channelOf } from '../../libs/sync/src/client/ephemeral-channel';
import { createDragReceiver, createDragSender } from '../../libs/sync/src/client/drag-channel';
import { createProjectDoc, normalizeOnRemoteChange, runOperation, type ProjectOperation } from '../../libs/sync/src/document/project-document';
import { nodeClock, startHarness, waitFor } from '../../libs/sync/src/node/testing-harness';
import { buildSyncProjectJson } from '../../libs/sync/src/testing';
import { percentile, sleep } from './bench-util.ts';

const SAMPLES = Number(process.env['BENCH_SAMPLES'] ?? 200);
const DRAG_SECONDS = 2;
const DRAG_HZ = 60;

const pct = percentile;
const r2 = (n: number) => Math.round(n * 100) / 100;

/** Baseline: one-way latency of a bare ws message on loopback, same process. */
async function bareWsBaseline(samples: number): Promise<number[]> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as AddressInfo).port;
  const out: number[] = [];
  wss.on('connection', (ws) => ws.on('message', (m) => out.push(performance.now() - Number(m.toString()))));
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((r) => client.once('open', r));
  for (let i = 0; i < samples; i++) {
    client.send(String(performance.now()));
    await sleep(2);
  }
  await waitFor(() => out.length === samples);
  client.close();
  await new Promise((r) => wss.close(r));
  return out;
}

async function main() {
  // STORE_BEFORE_CONFIRM=0: the server relays before storing (to measure what storing first costs).
  const h = await startHarness({ storeBeforeConfirm: process.env['STORE_BEFORE_CONFIRM'] !== '0' });
  const server = createProjectDoc(h.sync.repo, buildSyncProjectJson({ layers: 10 }));
  const editor = h.client(server.documentId);
  const projector = h.client(server.documentId, { mode: 'read-only' });
  const eh = await editor.find<ProjectDoc>(server.documentId);
  const ph = await projector.find<ProjectDoc>(server.documentId);
  await sleep(300);

  // 1. Ephemeral channel: editor -> server -> projector.
  const ephemeral: number[] = [];
  const off = channelOf(ph as never).subscribe((m) => {
    const t = (m as { benchT?: number }).benchT;
    if (typeof t === 'number') ephemeral.push(performance.now() - t);
  });
  for (let i = 0; i < SAMPLES; i++) {
    eh.broadcast({ benchT: performance.now() });
    await sleep(5);
  }
  await waitFor(() => ephemeral.length >= SAMPLES * 0.99, 5000, 'ephemeral samples');
  off();
  const baseline = await bareWsBaseline(SAMPLES);

  // 2. Until the documents converge (the CRDT change, throttled by automerge-repo to ~10 Hz).
  const converge: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    runOperation(eh, (d) => void updateLayer(d, 'L0', { x: 100 + i }));
    await waitFor(() => ph.doc().layers['L0']!.x === 100 + i, 5000, 'convergence');
    converge.push(performance.now() - t0);
    await sleep(20);
  }

  // 3. A 60 Hz drag on the ephemeral channel: updates per second at the projector.
  let received = 0;
  const receiver = createDragReceiver(channelOf(ph as never), nodeClock, () => received++);
  const sender = createDragSender(channelOf(eh as never));
  const dragStart = performance.now();
  for (let f = 0; f < DRAG_SECONDS * DRAG_HZ; f++) {
    sender.move('L1', { x: f, y: f });
    await sleep(1000 / DRAG_HZ);
  }
  const dragElapsed = (performance.now() - dragStart) / 1000;
  await sleep(50);
  receiver.stop();
  const dragUpdatesPerSec = received / dragElapsed;

  // 4. Socket dropped: edits made while offline reach the projector after the reconnect.
  const reconnect: number[] = [];
  let lost = 0;
  for (let i = 0; i < 5; i++) {
    editor.adapter.dropSocket();
    const t0 = performance.now();
    const marker = `offline-${i}`;
    runOperation(eh, (d) => void updateLayer(d, 'L2', { name: marker }));
    try {
      await waitFor(() => ph.doc().layers['L2']!.name === marker, 10_000, 'reconnect');
      reconnect.push(performance.now() - t0);
    } catch {
      lost++;
    }
    await sleep(100);
  }

  // 5. A 100-layer, 2000-keyframe document: load from bytes, and one change.
  const big = toDoc(buildSyncProjectJson({ layers: 100, keyframesPerLayer: 20 }));
  normalizeDoc(big);
  const bytes = A.save(A.from(big as unknown as Record<string, unknown>));
  const loads: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    A.load<ProjectDoc>(bytes);
    loads.push(performance.now() - t0);
  }
  const repo = new Repo({});
  const bigHandle = repo.import<ProjectDoc>(bytes);
  // As in the apps: every change is checked for invariants a merge may have broken.
  const stopNormalize = normalizeOnRemoteChange(bigHandle);
  const corner = (i: number) => [
    { x: i, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 100 },
    { x: 0, y: 100 },
  ];
  // Typical edits, each on a layer or keyframe not touched before; the time includes the
  // normalise check that normalizeOnRemoteChange runs right after (awaited, inside the sample).
  const kinds: Record<string, (i: number) => ProjectOperation> = {
    'move layer (x,y; warp follows)': (i) => (d) => void updateLayer(d, `L${i % 100}`, { x: 10 + i, y: 20 + i }),
    'set warp corners': (i) => (d) => void setLayerWarpPoints(d, `L${(i + 37) % 100}`, corner(i)),
    'reorder layer': (i) => (d) => void moveLayer(d, `L${(i * 7) % 90}`, (i * 13) % 90),
    'edit keyframe value': (i) => (d) => void (d.timeline.keyframes[`kf_${i % 100}_${(i * 3) % 20}`]!.value = i / 100),
  };
  const perKind: Record<string, number[]> = {};
  const changes: number[] = [];
  for (let i = 0; i < 100; i++) {
    for (const [name, make] of Object.entries(kinds)) {
      const op = make(i);
      const t0 = performance.now();
      runOperation(bigHandle, op);
      await Promise.resolve(); // the normalise check runs in a microtask
      const ms = performance.now() - t0;
      (perKind[name] ??= []).push(ms);
      changes.push(ms);
    }
  }
  // Baseline in the same run: the bare Automerge write of one field through the same handle.
  const bare: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    bigHandle.change((d) => void (d.timeline.keyframes[`kf_${i % 100}_${(i * 3 + 1) % 20}`]!.value = i / 100));
    bare.push(performance.now() - t0);
  }
  // What a follower pays per remote change to see it as exchange JSON: a whole toJson, against the
  // projector's exporter that converts only what the change touched (same changes, same run).
  const exportDoc = createJsonExporter();
  exportDoc(bigHandle.doc());
  const wholeExport: number[] = [];
  const incrementalExport: number[] = [];
  for (let i = 0; i < 50; i++) {
    bigHandle.change((d) => void (d.layers[`L${(i * 11) % 100}`]!.opacity = (i % 10) / 10));
    const snapshot = bigHandle.doc();
    let t0 = performance.now();
    toJson(snapshot);
    wholeExport.push(performance.now() - t0);
    t0 = performance.now();
    exportDoc(snapshot);
    incrementalExport.push(performance.now() - t0);
  }
  stopNormalize();
  const broken = checkInvariants(bigHandle.doc()).length;
  await repo.shutdown();

  await editor.close();
  await projector.close();
  await h.close();

  const result = {
    bench: 'sync',
    ephemeralP50Ms: r2(pct(ephemeral, 50)),
    ephemeralP95Ms: r2(pct(ephemeral, 95)),
    convergeMs: r2(pct(converge, 50)),
    dragUpdatesPerSec: r2(dragUpdatesPerSec),
    reconnectMs: r2(reconnect.length ? Math.max(...reconnect) : NaN),
    loadMs: r2(pct(loads, 50)),
    changeMs: r2(pct(changes, 50)),
  };
  const baseP50 = pct(baseline, 50);
  console.log(
    `ephemeral editor->server->projector: p50 ${result.ephemeralP50Ms} ms, p95 ${result.ephemeralP95Ms} ms (${ephemeral.length} samples; budget p50 <= 15 ms)`,
  );
  console.log(`  baseline bare ws one-way p50 ${r2(baseP50)} ms, p95 ${r2(pct(baseline, 95))} ms; ratio p50 ${r2(pct(ephemeral, 50) / baseP50)}x`);
  console.log(
    `converge (document change): p50 ${result.convergeMs} ms, p95 ${r2(pct(converge, 95))} ms, max ${r2(Math.max(...converge))} ms (budget <= 150 ms)`,
  );
  console.log(`drag at ${DRAG_HZ} Hz for ${r2(dragElapsed)} s: ${received} frames received, ${result.dragUpdatesPerSec}/s (budget >= 30)`);
  console.log(
    `reconnect after a dropped socket, offline edit delivered: ${reconnect.map((x) => Math.round(x)).join(', ')} ms, worst ${result.reconnectMs} ms, lost ${lost} of 5 (budget <= 3000 ms, nothing lost)`,
  );
  console.log(
    `100 layers / 2000 keyframes: ${bytes.byteLength} bytes, load p50 ${result.loadMs} ms (budget <= 250 ms), one change p50 ${result.changeMs} ms, p95 ${r2(pct(changes, 95))} ms over ${changes.length} changes (budget <= 2 ms); invariants broken after: ${broken}`,
  );
  for (const [name, v] of Object.entries(perKind)) console.log(`  ${name}: p50 ${r2(pct(v, 50))} ms, p95 ${r2(pct(v, 95))} ms`);
  console.log(`  baseline bare handle.change of one keyframe value: p50 ${r2(pct(bare, 50))} ms; ratio p50 ${r2(pct(changes, 50) / pct(bare, 50))}x`);
  console.log(
    `export after one change (100 layers / 2000 keyframes): toJson p50 ${r2(pct(wholeExport, 50))} ms, incremental exporter p50 ${r2(pct(incrementalExport, 50))} ms; ratio ${r2(pct(wholeExport, 50) / pct(incrementalExport, 50))}x`,
  );
  console.log(JSON.stringify(result));
  process.exit(0);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
