// The 20-layer project of bench:first-frame: every layer type but streams, media from the asset
// server (another origin, as uploads come from the object store), user code in the sandbox origin.
import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { Layer, LayerId, LayerOf, LayerType, ProjectId, ProjectJson } from '@beamstage/layers';

const W = 1280;
const H = 720;

function layer<T extends LayerType>(type: T, n: number, patch: Partial<Layer> = {}): LayerOf<T> {
  const col = n % 5;
  const row = Math.floor(n / 5);
  const base = { id: `${type}_${n}` as LayerId, x: 128 + col * 256, y: 90 + row * 180, width: 220, height: 150 };
  return Object.assign(createLayer(type, { id: base.id }), base, patch) as LayerOf<T>;
}

export function benchProject(assets: string): ProjectJson {
  const layers: Layer[] = [];
  let n = 0;
  for (let i = 0; i < 5; i++) {
    const l = layer('image', n++);
    l.content.src = `${assets}/picture.png?i=${i}`;
    layers.push(l);
  }
  for (let i = 0; i < 2; i++) {
    const m = layer('mask', n++, { visible: true });
    m.content.src = `${assets}/picture.png?mask=${i}`;
    layers.push(m);
    const img = layer('image', n++, { maskId: m.id });
    img.content.src = `${assets}/picture.png?masked=${i}`;
    layers.push(img);
  }
  for (let i = 0; i < 2; i++) {
    const v = layer('video', n++);
    v.content.src = `${assets}/clip.webm?i=${i}`;
    layers.push(v);
  }
  for (let i = 0; i < 2; i++) {
    const s = layer('fragment-shader', n++);
    s.content.fragmentSrc = `precision mediump float; uniform float time; void main() { gl_FragColor = vec4(0.5 + 0.5 * sin(time + ${i}.0), 0.3, 0.6, 1.0); }`;
    layers.push(s);
  }
  const p5 = layer('p5js', n++);
  p5.content.code = 'function setup() { createCanvas(110, 75); } function draw() { background(frameCount % 255, 120, 40); }';
  layers.push(p5);
  for (let i = 0; i < 2; i++) {
    const h = layer('html', n++);
    h.content.html = `<div style="width:100%;height:100%;background:#0a6;color:#fff;font:24px sans-serif">HTML ${i}</div>`;
    layers.push(h);
  }
  for (let i = 0; i < 2; i++) {
    const u = layer('url', n++);
    u.content.url = `${assets}/page.html?i=${i}`;
    layers.push(u);
  }
  const gif = layer('giphy', n++);
  gif.content.src = `${assets}/anim.gif`;
  layers.push(gif);
  const domMask = layer('dom_mask', n++);
  domMask.content.src = `${assets}/picture.png?dom=1`;
  layers.push(domMask);
  const p = createDefaultProject({ id: 'proj_bench_a' as ProjectId, nowMs: 0 });
  p.canvas = { ...p.canvas, width: W, height: H, background: '#101018' };
  p.layers = layers;
  return p;
}
