// Seeded fuzz: 2 to 6 peers make random libs/layers operations on one project through the real
// server, behind a proxy that drops, duplicates and reorders frames, with random socket drops.
// Then the network heals and every peer must end identical with the invariants holding.
import { next as A } from '@automerge/automerge';
import type { DocHandle } from '@automerge/automerge-repo';
import { addLayer, checkInvariants, createLayer, moveLayer, removeLayer, setLayerWarpPoints, updateLayer, type LayerId, type LayerType, type ProjectDoc } from '@beamstage/layers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectDoc, normalizeOnRemoteChange, runOperation } from '../document/project-document';
import { buildSyncProjectJson } from '../testing';
import { startHarness, waitFor, type Client, type Harness } from './testing-harness';
import { loadFlakyProxy, type FlakyProxy } from './tools-harness';

const FUZZ_RUNS = Number(process.env['FUZZ_RUNS'] ?? 20);
const FUZZ_FIRST_SEED = Number(process.env['FUZZ_SEED'] ?? 1);
const OPS_PER_PEER = Number(process.env['FUZZ_OPS'] ?? 8);
const FAULTS = { drop: 0.1, duplicate: 0.1, reorder: 0.1 };
const TYPES: LayerType[] = ['image', 'video', 'html', 'mask', 'fragment-shader', 'url'];

const { startFlakyProxy, seededRandom, NO_FAULTS } = await loadFlakyProxy();

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** One random operation from libs/layers on a peer's document. */
function randomOp(rand: () => number, handle: DocHandle<ProjectDoc>, peer: number, n: number) {
  const ids = Object.keys(handle.doc().layers);
  const pick = () => ids[Math.floor(rand() * ids.length)];
  const r = rand();
  runOperation(handle, (d) => {
    if (r < 0.3 || ids.length === 0) {
      const type = TYPES[Math.floor(rand() * TYPES.length)]!;
      addLayer(d, createLayer(type, { id: `P${peer}_${n}` as LayerId }));
    } else if (r < 0.45) {
      removeLayer(d, pick()!);
    } else if (r < 0.65) {
      moveLayer(d, pick()!, Math.floor(rand() * ids.length));
    } else if (r < 0.85) {
      updateLayer(d, pick()!, { x: Math.round(rand() * 800), y: Math.round(rand() * 600), opacity: Math.round(rand() * 10) / 10 });
    } else {
      const x = Math.round(rand() * 400);
      setLayerWarpPoints(d, pick()!, [ { x, y: 0 }, { x: x + 100, y: 0 }, { x: x + 100, y: 100 }, { x, y: 100 } ]);
    }
  });
}

/** JSON with object keys sorted: Automerge's JS objects keep keys in the order patches added them. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

async function runSeed(seed: number) {
  const rand = seededRandom(seed);
  const proxy: FlakyProxy = await startFlakyProxy(h.port, seed, NO_FAULTS);
  const peers = 2 + Math.floor(rand() * 5);
  const server = createProjectDoc(h.sync.repo, buildSyncProjectJson({ id: `proj_${seed}_fuzz`, layers: 3 }));
  const clients: Client[] = [];
  try {
    for (let i = 0; i < peers; i++) clients.push(h.client(server.documentId, { wrapUrl: (url) => url.replace(`ws://127.0.0.1:${h.port}`, proxy.origin) }));
    normalizeOnRemoteChange(server);
    const handles = await Promise.all(clients.map((c) => c.find<ProjectDoc>(server.documentId)));
    for (const handle of handles) normalizeOnRemoteChange(handle);
    // Faults start once every peer has the document: a lost first request only delays find().
    proxy.setFaults(FAULTS);
    for (let n = 0; n < OPS_PER_PEER; n++) {
      for (let p = 0; p < peers; p++) {
        randomOp(rand, handles[p]!, p, n);
        if (rand() < 0.08) clients[p]!.adapter.dropSocket();
      }
      await new Promise((r) => setTimeout(r, Math.floor(rand() * 30)));
    }
    // Heal: no more faults, and fresh sockets so every peer resyncs from a clean sync state.
    proxy.setFaults(NO_FAULTS);
    proxy.dropAll();
    const converged = () => {
      const heads = handles.map((x) => A.getHeads(x.doc()).sort().join());
      return heads.every((hd) => hd === heads[0]) && heads[0] === A.getHeads(server.doc()).sort().join();
    };
    try {
      await waitFor(converged, 10_000, 'first heal');
    } catch {
      // Known liveness gap (see README): after lost frames a peer pair can wait on each other until
      // a socket is renewed. Renew once more, say so, and require convergence then.
      console.warn(`seed ${seed}: not converged 10 s after healing; renewing sockets once more (${JSON.stringify(proxy.stats)})`);
      proxy.dropAll();
      await waitFor(converged, 20_000, `seed ${seed}: ${peers} peers to converge (${JSON.stringify(proxy.stats)})`);
    }
    // Settle once more: normalise changes made after convergence must converge too.
    await new Promise((r) => setTimeout(r, 50));
    await waitFor(converged, 20_000, `seed ${seed}: convergence after normalising`);
    const first = canonical(handles[0]!.doc());
    for (const handle of handles) {
      expect(canonical(handle.doc())).toBe(first);
      expect(checkInvariants(handle.doc())).toEqual([]);
    }
  } finally {
    for (const c of clients) await c.close();
    await proxy.close();
  }
}

// Seeds run five at a time (vitest's maxConcurrency): each mostly waits on sync rounds, not the CPU.
describe.concurrent('seeded sync fuzz through a lossy proxy', () => {
  for (let i = 0; i < FUZZ_RUNS; i++) {
    const seed = FUZZ_FIRST_SEED + i;
    it(`seed ${seed}: every peer ends identical with the invariants`, () => runSeed(seed), 60_000);
  }
});
