// A page that shows each render-core feature on its own small canvas (dev tool, served by Vite).
import {
  BLEND_MODES,
  applyCornersStyle,
  createMeshPoints,
  createRenderer,
  type Corners,
  type RenderDescription,
  type RenderItem,
  type Renderer,
} from '@beamstage/render-core';

const W = 256,
  H = 192;
const frames: ((t: number) => void)[] = [];

function stage(title: string): { box: HTMLElement; canvas: HTMLCanvasElement; note: HTMLElement } {
  const section = document.createElement('section');
  section.innerHTML = `<h2>${title}</h2><div class="stage"></div><pre></pre>`;
  document.getElementById('features')!.appendChild(section);
  const box = section.querySelector<HTMLElement>('.stage')!;
  const canvas = document.createElement('canvas');
  box.appendChild(canvas);
  return { box, canvas, note: section.querySelector('pre')! };
}

function show(title: string, build: (t: number) => RenderItem[], animate = false): Renderer {
  const { canvas } = stage(title);
  const r = createRenderer(canvas);
  const desc = (t: number): RenderDescription => ({ width: W, height: H, background: '#101010', items: build(t) });
  r.render(desc(0));
  if (animate) frames.push((t) => r.render(desc(t), t));
  return r;
}

const corners: Corners = [
  { x: 70, y: 20 },
  { x: 200, y: 34 },
  { x: 244, y: 176 },
  { x: 14, y: 160 },
];
const gradient = (() => {
  const c = document.createElement('canvas');
  c.width = 256;
  c.height = 192;
  const g = c.getContext('2d')!;
  const lg = g.createLinearGradient(0, 0, 256, 0);
  lg.addColorStop(0, '#203060');
  lg.addColorStop(0.5, '#c08040');
  lg.addColorStop(1, '#f0f0f0');
  g.fillStyle = lg;
  g.fillRect(0, 0, 256, 192);
  return c;
})();

show('Corner pin (perspective) on the numbered grid', () => [
  { id: 'g', source: { kind: 'pattern', pattern: 'grid' }, width: W, height: H, x: 0, y: 0, warp: { kind: 'corners', points: corners } },
]);

const mesh = createMeshPoints(3, 4, 20, 20, 216, 152);
mesh[5] = { x: 100, y: 60 };
mesh[6] = { x: 170, y: 110 };
show('Mesh warp 3x4, bicubic, show-grid', () => [
  {
    id: 'm',
    source: { kind: 'pattern', pattern: 'bars' },
    width: W,
    height: H,
    x: 0,
    y: 0,
    warp: { kind: 'mesh', rows: 3, cols: 4, points: mesh, showGrid: { density: 2, thicknessPx: 1.5, color: '#00ff88' } },
  },
]);

for (const pattern of ['crosshair', 'white'] as const)
  show(`Pattern: ${pattern}`, () => [{ id: 'p', source: { kind: 'pattern', pattern }, width: W, height: H, x: W / 2, y: H / 2 }]);

const plasma = `uniform float speed;\nvoid main() {\n  vec2 p = gl_FragCoord.xy / resolution;\n  float v = sin(p.x * 10.0 + time * speed) + sin(p.y * 8.0 - time);\n  gl_FragColor = vec4(0.5 + 0.5 * sin(v), 0.5 + 0.5 * sin(v + 2.0), 0.5 + 0.5 * sin(v + 4.0), 1.0);\n}`;
show(
  'Shader layer (time, resolution, uniform speed), rotated',
  (t) => [
    { id: 's', source: { kind: 'shader', fragmentSrc: plasma, uniforms: { speed: 2 } }, width: 180, height: 120, x: W / 2, y: H / 2, rotation: 10 + t / 200 },
  ],
  true,
);

{
  const { canvas, note } = stage('Shader compile error (line numbers)');
  const r = createRenderer(canvas, {
    onShaderError: (_id, errors) => {
      note.textContent = errors.map((e) => `line ${e.line}: ${e.message}`).join('\n');
    },
  });
  r.render({
    width: W,
    height: H,
    background: '#101010',
    items: [
      {
        id: 'bad',
        source: { kind: 'shader', fragmentSrc: 'void main() {\n  float a = 1.0;\n  gl_FragColor = vec4(b);\n}' },
        width: W,
        height: H,
        x: W / 2,
        y: H / 2,
      },
    ],
  });
}

const maskItem: RenderItem = { id: 'mask', source: { kind: 'pattern', pattern: 'crosshair' }, width: W, height: H, x: W / 2, y: H / 2, visible: false };
const disc: RenderItem = { id: 'disc', source: { kind: 'color', color: '#ffffff' }, width: 120, height: 120, x: W / 2, y: H / 2, rotation: 45, visible: false };
show('Mask (luminance of a crosshair)', () => [
  maskItem,
  { id: 'img', source: { kind: 'bitmap', bitmap: gradient }, width: W, height: H, x: W / 2, y: H / 2, mask: { itemId: 'mask' } },
]);
show('Mask inverted, feathered 12 px', () => [
  disc,
  { id: 'img', source: { kind: 'bitmap', bitmap: gradient }, width: W, height: H, x: W / 2, y: H / 2, mask: { itemId: 'disc', invert: true, feather: 12 } },
]);
show('Filters (hue-rotate 90, saturate 2) and opacity 0.6', () => [
  { id: 'f', source: { kind: 'bitmap', bitmap: gradient }, width: W, height: H, x: W / 2, y: H / 2, opacity: 0.6, filters: { hueRotate: 90, saturate: 2 } },
]);

{
  // DOM layer lined up with a GL corner pin through the same homography (matrix3d).
  const { box, canvas } = stage('DOM layer (matrix3d) on a GL corner pin');
  const r = createRenderer(canvas);
  const dom = document.createElement('div');
  dom.className = 'dom';
  dom.textContent = 'HTML layer';
  box.appendChild(dom);
  const draw = (t: number): void => {
    const k = Math.sin(t / 600) * 12;
    const c: Corners = [{ x: corners[0].x + k, y: corners[0].y }, corners[1], { x: corners[2].x, y: corners[2].y - k }, corners[3]];
    r.render({
      width: W,
      height: H,
      background: '#101010',
      items: [{ id: 'g', source: { kind: 'pattern', pattern: 'grid' }, width: W, height: H, x: 0, y: 0, warp: { kind: 'corners', points: c } }],
    });
    applyCornersStyle(dom, 160, 120, c);
  };
  draw(0);
  frames.push(draw);
}

{
  const { canvas, note } = stage('Video (canvas stream): uploads per frame');
  const src = document.createElement('canvas');
  src.width = 160;
  src.height = 120;
  const g = src.getContext('2d')!;
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = src.captureStream(30);
  void video.play();
  const r = createRenderer(canvas);
  frames.push((t) => {
    g.fillStyle = `hsl(${(t / 10) % 360} 80% 50%)`;
    g.fillRect(0, 0, 160, 120);
    g.fillStyle = '#fff';
    g.fillText(new Date().toISOString().slice(11, 22), 10, 60);
    r.render({
      width: W,
      height: H,
      background: '#101010',
      items: [{ id: 'v', source: { kind: 'video', element: video }, width: 200, height: 150, x: W / 2, y: H / 2 }],
    });
    note.textContent = `uploads so far: ${r.totalStats().textureUploads}`;
  });
}

{
  // One canvas (one context) for the whole gallery: tiles do not overlap, so each source only
  // blends with its own backdrop tile.
  const TW = 96,
    TH = 72,
    COLS = 9,
    GAP = 18;
  const blends = document.getElementById('blends')!;
  const c = document.createElement('canvas');
  blends.appendChild(c);
  const items: RenderItem[] = [];
  BLEND_MODES.forEach((mode, i) => {
    const x = (i % COLS) * TW + TW / 2,
      y = Math.floor(i / COLS) * (TH + GAP) + TH / 2;
    items.push({ id: `b${i}`, source: { kind: 'bitmap', bitmap: gradient }, width: TW - 6, height: TH - 6, x, y });
    items.push({ id: `s${i}`, source: { kind: 'pattern', pattern: 'bars' }, width: TW - 30, height: TH - 24, x, y, opacity: 0.8, blendMode: mode });
    const label = document.createElement('span');
    label.textContent = mode;
    label.style.cssText = `position:absolute;left:${x - TW / 2 + 3}px;top:${y + TH / 2}px;font-size:11px`;
    blends.appendChild(label);
  });
  createRenderer(c).render({ width: COLS * TW, height: 3 * (TH + GAP), background: '#00000000', items });
}

const loop = (t: number): void => {
  for (const f of frames) f(t);
  requestAnimationFrame(loop);
};
requestAnimationFrame(loop);
