// `npm run bench:layers`: the project model's costs. Prints raw times, per-operation
// figures and same-run baselines with ratios; the last line is one JSON object.
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import {
  CommandHistory,
  addLayerCommand,
  cloneJson,
  createLayer,
  duplicateLayerCommand,
  migrateProject,
  moveLayerCommand,
  normalizeDoc,
  nudgeLayerCommand,
  orderedLayers,
  removeLayerCommand,
  toDoc,
  toJson,
  toggleWarpCommand,
  updateLayerCommand,
  warpPointsCommand,
} from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import type { Command, Keyframe, LayerId, LayerType, ProjectDoc } from '@beamstage/layers';

const TYPES: LayerType[] = ['image', 'video', 'url', 'html', 'fragment-shader', 'giphy', 'p5js', 'mask', 'dom_mask', 'rtmp'];
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

// The machine is shared: CPU time of this process is reported beside wall time for the main figures.
let lastCpuMs = 0;
function time(fn: () => void): number {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  lastCpuMs = (c.user + c.system) / 1000;
  return wall;
}

function makeDoc(n: number): ProjectDoc {
  const doc = toDoc(buildProjectJson(Array.from({ length: n }, (_, i) => TYPES[i % TYPES.length]!)));
  normalizeDoc(doc);
  return doc;
}

let seed = 12345;
function rand(n: number): number {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed % n;
}

function nextCommand(doc: ProjectDoc, i: number): Command {
  const ids = Object.keys(doc.layers);
  const id = ids[rand(ids.length)] as LayerId;
  switch (i % 8) {
    case 0:
      return updateLayerCommand(id, { x: rand(800), opacity: rand(100) / 100 });
    case 1:
      return moveLayerCommand(id, rand(ids.length));
    case 2:
      return nudgeLayerCommand(id, 'right', i % 3 === 0);
    case 3:
      return duplicateLayerCommand(id, { newId: `dup${i}` as LayerId });
    case 4:
      return removeLayerCommand(id);
    case 5:
      return addLayerCommand(createLayer(TYPES[rand(TYPES.length)]!, { id: `new${i}` as LayerId }));
    case 6:
      return toggleWarpCommand(id);
    default:
      return warpPointsCommand(id, [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 100 },
        { x: 0, y: rand(100) },
      ]);
  }
}

// 1. 1,000 operations applied and undone on a 200-layer project.
const OPS = 1000;
const applyMs: number[] = [];
const undoMs: number[] = [];
const applyCpu: number[] = [];
const undoCpu: number[] = [];
const baselineMs: number[] = [];
for (let r = 0; r < REPEATS; r++) {
  seed = 12345 + r;
  const doc = makeDoc(200);
  const start = cloneJson(doc);
  const history = new CommandHistory(OPS);
  applyMs.push(
    time(() => {
      for (let i = 0; i < OPS; i++) history.execute(doc, nextCommand(doc, i));
    }),
  );
  applyCpu.push(lastCpuMs);
  undoMs.push(
    time(() => {
      while (history.undo(doc));
    }),
  );
  undoCpu.push(lastCpuMs);
  if (!isDeepStrictEqual(doc, start)) throw new Error('undo did not restore the start state');
  // Baseline: the naive undo that snapshots the whole document before every operation.
  seed = 12345 + r;
  const doc2 = makeDoc(200);
  const snaps: string[] = [];
  baselineMs.push(
    time(() => {
      for (let i = 0; i < OPS; i++) {
        snaps.push(JSON.stringify(doc2));
        nextCommand(doc2, i).execute(doc2);
      }
    }),
  );
}
const apply = median(applyMs);
const undo = median(undoMs);
const snapBase = median(baselineMs);

// 2. The normalise pass on 1,000 layers: already normal, and with every DOM layer misplaced.
const normalMs: number[] = [];
const repairMs: number[] = [];
const sortMs: number[] = [];
for (let r = 0; r < REPEATS; r++) {
  const doc = makeDoc(1000);
  normalMs.push(time(() => normalizeDoc(doc)));
  sortMs.push(time(() => orderedLayers(doc)));
  const broken = cloneJson(doc);
  const list = orderedLayers(broken);
  list.forEach((l, i) => {
    l.order = list[list.length - 1 - i]!.order;
  });
  repairMs.push(time(() => normalizeDoc(broken)));
}
const normal = median(normalMs);
const repair = median(repairMs);
const sort = median(sortMs);

// 3. JSON round trip of a 100-layer, 2,000-keyframe project.
const big = buildProjectJson(Array.from({ length: 100 }, (_, i) => TYPES[i % TYPES.length]!));
big.timeline.keyframes = Array.from({ length: 2000 }, (_, i): Keyframe => ({
  id: `k${i}` as Keyframe['id'],
  layerId: `L${i % 100}`,
  property: i % 2 ? 'x' : 'opacity',
  time: (i * 15) % 30000,
  value: i % 2 ? i : 0.5,
  easing: 'linear',
}));
const text = JSON.stringify(big);
const rtMs: number[] = [];
const parseMs: number[] = [];
const migrateMs: number[] = [];
const toDocMs: number[] = [];
const toJsonMs: number[] = [];
for (let r = 0; r < REPEATS; r++) {
  rtMs.push(
    time(() => {
      const parsed = migrateProject(JSON.parse(text)).project;
      const back = JSON.stringify(toJson(toDoc(parsed)));
      if (back.length !== text.length) throw new Error('round trip changed the project');
    }),
  );
  parseMs.push(time(() => JSON.stringify(JSON.parse(text))));
  const parsed = JSON.parse(text);
  migrateMs.push(time(() => migrateProject(parsed)));
  let doc!: ProjectDoc;
  toDocMs.push(
    time(() => {
      doc = toDoc(big);
    }),
  );
  toJsonMs.push(time(() => toJson(doc)));
}
const rt = median(rtMs);
const parse = median(parseMs);

const f = (n: number) => Number(n.toFixed(4));
const load = (await import('node:os')).loadavg()[0]!;
console.log(`layers bench (median of ${REPEATS} runs, node ${process.version}, load average ${load.toFixed(1)})`);
console.log(
  `1000 ops on 200 layers: apply ${apply.toFixed(1)} ms (${((apply / OPS) * 1000).toFixed(1)} us/op), undo ${undo.toFixed(1)} ms (${((undo / OPS) * 1000).toFixed(1)} us/op)`,
);
console.log(
  `  process CPU time: apply ${median(applyCpu).toFixed(1)} ms (${((median(applyCpu) / OPS) * 1000).toFixed(1)} us/op), undo ${median(undoCpu).toFixed(1)} ms`,
);
console.log(`  baseline, whole-document snapshot per op: ${snapBase.toFixed(1)} ms; ratio apply/baseline ${(apply / snapBase).toFixed(2)}`);
console.log(
  `normalise 1000 layers: already normal ${normal.toFixed(2)} ms, all DOM layers misplaced ${repair.toFixed(2)} ms (${((repair / 1000) * 1000).toFixed(2)} us/layer)`,
);
console.log(`  baseline, ordering the 1000 layers alone: ${sort.toFixed(2)} ms; ratio normal/baseline ${(normal / sort).toFixed(2)}`);
console.log(
  `JSON round trip, 100 layers + 2000 keyframes (${(text.length / 1024).toFixed(0)} KiB): ${rt.toFixed(2)} ms (parse+migrate+toDoc+toJson+stringify)`,
);
console.log(`  parts: migrate ${median(migrateMs).toFixed(2)} ms, toDoc ${median(toDocMs).toFixed(2)} ms, toJson ${median(toJsonMs).toFixed(2)} ms`);
console.log(`  baseline, JSON.parse + JSON.stringify alone: ${parse.toFixed(2)} ms; ratio ${(rt / parse).toFixed(2)}`);
console.log(
  JSON.stringify({
    bench: 'layers',
    ops: OPS,
    opsLayers: 200,
    applyMs: f(apply),
    applyUsPerOp: f((apply / OPS) * 1000),
    undoMs: f(undo),
    undoUsPerOp: f((undo / OPS) * 1000),
    applyCpuMs: f(median(applyCpu)),
    undoCpuMs: f(median(undoCpu)),
    loadAverage: f(load),
    snapshotBaselineMs: f(snapBase),
    applyVsSnapshotBaseline: f(apply / snapBase),
    normalize1000NormalMs: f(normal),
    normalize1000RepairMs: f(repair),
    orderOnlyBaselineMs: f(sort),
    normalizeVsOrderBaseline: f(normal / sort),
    roundTrip100x2000Ms: f(rt),
    migrateMs: f(median(migrateMs)),
    toDocMs: f(median(toDocMs)),
    toJsonMs: f(median(toJsonMs)),
    jsonOnlyBaselineMs: f(parse),
    roundTripVsJsonBaseline: f(rt / parse),
  }),
);
