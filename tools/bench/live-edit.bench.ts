// npm run bench:live-edit — one live edit's cost in the editor's path, from the document change to
// the stage description (a live edit must not run a full toJson of the document). On a
// 100-layer, 2,000-keyframe project, each sample changes one layer's x in the Automerge document,
// then does what the editor does with it: exports the document to the store's shape, puts it in
// the valtio store (as the editor keeps it: a valtio ref, apps/editor/src/state/project-ref.ts),
// takes the snapshot React reads, and describes the stage from it. Interleaved in one run: a full
// toJson per change (before) and libs/layers' incremental exporter (after), and the incremental
// exporter into a deep-proxied store (the editor before projectRef) for what that step cost.
// Raw p50/p95 per step, then the JSON line. BENCH_SAMPLES (default 300) sizes the run.
import { next as A } from '@automerge/automerge';
import { createJsonExporter, toDoc, toJson, updateLayer, type ProjectDoc, type ProjectJson } from '@beamstage/layers';
// The describe module alone: the stage's barrel declares the page's test hook on window, which the journeys declare their own way.
import { projectToRenderDescription } from '../../libs/stage/src/describe.ts';
import { proxy, ref, snapshot } from 'valtio/vanilla';
import { percentile } from './bench-util.ts';
import { benchProject } from './keyframed-project.ts';

const SAMPLES = Number(process.env['BENCH_SAMPLES'] ?? 300);
const r2 = (n: number) => Math.round(n * 100) / 100;

type Export = (doc: ProjectDoc) => ProjectJson;

interface Steps {
  change: number[];
  export: number[];
  store: number[];
  describe: number[];
  total: number[];
}

/** How the store holds the project: a valtio ref as the editor does, or deep proxies as it did. */
type Keep = 'ref' | 'proxy';

function run(name: string, exportDoc: Export, samples: number, keep: Keep = 'ref'): Steps {
  const held = (p: ProjectJson) => (keep === 'ref' ? ref(p) : p);
  const json = benchProject(100, 2000);
  // Pictures to draw: an image layer with no source describes nothing.
  json.layers.forEach((l, i) => {
    if (l.type === 'image') l.content.src = `https://media.example/picture-${i}.png`;
  });
  let doc = A.from(toDoc(json) as unknown as Record<string, unknown>) as unknown as A.Doc<ProjectDoc>;
  const store = proxy<{ project: ProjectJson | null }>({ project: null });
  store.project = held(exportDoc(doc));
  const steps: Steps = { change: [], export: [], store: [], describe: [], total: [] };
  const layerIds = Object.keys((doc as unknown as ProjectDoc).layers);
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    doc = A.change(doc, (d) => void updateLayer(d as unknown as ProjectDoc, layerIds[i % layerIds.length]!, { x: 10 + i }));
    const t1 = performance.now();
    const project = exportDoc(doc);
    const t2 = performance.now();
    store.project = held(project);
    // (typed as a plain object: valtio's deep Snapshot type of the whole project is too deep for tsc)
    const snap = snapshot(store as object) as { project: ProjectJson | null };
    const t3 = performance.now();
    const description = projectToRenderDescription(snap.project as ProjectJson);
    const t4 = performance.now();
    if (description.items.length === 0) throw new Error(`${name}: the stage described nothing`);
    steps.change.push(t1 - t0);
    steps.export.push(t2 - t1);
    steps.store.push(t3 - t2);
    steps.describe.push(t4 - t3);
    steps.total.push(t4 - t0);
  }
  return steps;
}

const line = (name: string, s: Steps) =>
  console.log(
    `${name}: total p50 ${r2(percentile(s.total, 50))} ms, p95 ${r2(percentile(s.total, 95))} ms ` +
      `(change ${r2(percentile(s.change, 50))}, export ${r2(percentile(s.export, 50))}, store and snapshot ${r2(percentile(s.store, 50))}, describe ${r2(percentile(s.describe, 50))} ms at p50)`,
  );

// Interleaved rounds, so both exports see the same machine; a warm-up round of each first.
run('warm-up toJson', (d) => toJson(d), 20);
run('warm-up exporter', createJsonExporter(), 20);
run('warm-up proxied store', createJsonExporter(), 20, 'proxy');
const rounds = 3;
const empty = (): Steps => ({ change: [], export: [], store: [], describe: [], total: [] });
const full = empty();
const incremental = empty();
const proxied = empty();
for (let r = 0; r < rounds; r++) {
  for (const [into, exportDoc, keep] of [
    [full, (d: ProjectDoc) => toJson(d), 'ref'],
    [incremental, createJsonExporter(), 'ref'],
    [proxied, createJsonExporter(), 'proxy'],
  ] as const) {
    const s = run('round', exportDoc, Math.ceil(SAMPLES / rounds), keep);
    for (const k of Object.keys(into) as (keyof Steps)[]) into[k].push(...s[k]);
  }
}
console.log(`100 layers, 2,000 keyframes; ${full.total.length} edits per case, ${rounds} interleaved rounds`);
line('full toJson per change', full);
line('incremental exporter', incremental);
line('incremental exporter, deep-proxied store (before projectRef)', proxied);
const summary = {
  bench: 'live-edit',
  fullP50Ms: r2(percentile(full.total, 50)),
  fullP95Ms: r2(percentile(full.total, 95)),
  incrementalP50Ms: r2(percentile(incremental.total, 50)),
  incrementalP95Ms: r2(percentile(incremental.total, 95)),
  proxiedStoreP50Ms: r2(percentile(proxied.total, 50)),
  proxiedStoreP95Ms: r2(percentile(proxied.total, 95)),
};
console.log(JSON.stringify(summary));
