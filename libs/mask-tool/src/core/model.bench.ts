// Model cost per pointer event and per undo, with a baseline measured in the same run.
// Run: npx tsx libs/mask-tool/src/core/model.bench.ts   (BENCH_STROKES, BENCH_POINTS to size it)
import { MaskDriver } from './driver';
import { MaskModel } from './model';
import { serializeMask } from './serialize';
import { exportMaskSvg } from './export-svg';

const STROKES = Number(process.env['BENCH_STROKES'] ?? 300);
const POINTS = Number(process.env['BENCH_POINTS'] ?? 200);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

function session(): { perMoveUs: number[]; model: MaskModel } {
  const d = new MaskDriver(new MaskModel());
  d.key('b');
  const perMoveUs: number[] = [];
  for (let s = 0; s < STROKES; s++) {
    d.down(0, s % 800);
    const t0 = performance.now();
    for (let i = 1; i < POINTS; i++) d.move(i * 3, (s + i) % 800);
    perMoveUs.push(((performance.now() - t0) * 1000) / (POINTS - 1));
    d.up();
  }
  return { perMoveUs, model: d.model };
}

function baseline(): number[] {
  // The least any model can do per event: append a point to an array.
  const out: number[] = [];
  for (let s = 0; s < STROKES; s++) {
    const pts: { x: number; y: number }[] = [];
    const t0 = performance.now();
    for (let i = 1; i < POINTS; i++) pts.push({ x: i * 3, y: (s + i) % 800 });
    out.push(((performance.now() - t0) * 1000) / (POINTS - 1));
  }
  return out;
}

baseline();
session(); // warm-up
const base = median(baseline());
const { perMoveUs, model } = session();
const move = median(perMoveUs);
const undoUs: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  model.undo();
  undoUs.push((performance.now() - t0) * 1000);
}
const s = model.getState();
let t0 = performance.now();
const json = JSON.stringify(serializeMask(s.items, s.currentPath));
const serializeMs = performance.now() - t0;
t0 = performance.now();
const svg = exportMaskSvg(s.items);
const svgMs = performance.now() - t0;

console.log(`strokes ${STROKES} x ${POINTS} points`);
console.log(`pointer move: median ${move.toFixed(3)} us/event; baseline array push ${base.toFixed(3)} us/event; ratio ${(move / base).toFixed(1)}x`);
console.log(`undo (rebuild from base + ${s.history.commands.length} commands): median ${median(undoUs).toFixed(1)} us`);
console.log(
  `serialise ${s.items.length} items: ${serializeMs.toFixed(2)} ms (${(json.length / 1024).toFixed(0)} KiB); SVG export: ${svgMs.toFixed(2)} ms (${(svg.length / 1024).toFixed(0)} KiB)`,
);
