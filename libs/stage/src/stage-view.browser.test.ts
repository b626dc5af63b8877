import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { LayerId, ProjectId } from '@beamstage/layers';
import { afterEach, describe, expect, it } from 'vitest';
import { createStageView } from './stage-view';
import type { StageView, StageViewOptions } from './stage-view';

/** A data-URL PNG filled with one colour (the image layer's source). */
function solidPng(color: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = 16;
  canvas.height = 16;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 16, 16);
  return canvas.toDataURL('image/png');
}

function imageLayer(id: string, src: string, x: number, y: number) {
  const layer = createLayer('image', { id: id as LayerId });
  layer.content.src = src;
  layer.x = x;
  layer.y = y;
  return layer;
}

const views: StageView[] = [];
afterEach(() => {
  for (const v of views.splice(0)) v.dispose();
});

function stage(options: StageViewOptions = {}): StageView {
  const canvas = document.createElement('canvas');
  document.body.appendChild(canvas);
  const view = createStageView(canvas, options);
  views.push(view);
  return view;
}

describe('createStageView', () => {
  it('draws on WebGL2 through SwiftShader (fails loudly without WebGL)', () => {
    const view = stage();
    expect(view.renderer.isWebGL2).toBe(true);
    expect(view.renderer.rendererString).toMatch(/SwiftShader/i);
  });

  it('draws image layers where they are, on the canvas background', async () => {
    const project = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    project.layers.push(imageLayer('red', solidPng('#ff0000'), 200, 300), imageLayer('green', solidPng('#00ff00'), 600, 300));
    const view = stage();
    view.show(project);
    const [red, green, background] = await view.readPixels([
      { x: 200, y: 300 },
      { x: 600, y: 300 },
      { x: 400, y: 50 },
    ]);
    expect(red?.slice(0, 3)).toEqual([255, 0, 0]);
    expect(green?.slice(0, 3)).toEqual([0, 255, 0]);
    expect(background?.slice(0, 3)).toEqual([0, 0, 0]);
  });

  it("draws a still thumbnail stage at its most width, the whole picture scaled, readable by drawImage in the draw's task", async () => {
    const project = createDefaultProject({ id: 'proj_1_t' as ProjectId, nowMs: 0 });
    const shader = createLayer('fragment-shader', { id: 'shader' as LayerId });
    shader.content.fragmentSrc = 'precision mediump float; void main() { gl_FragColor = vec4(0.0, 0.0, 1.0, 1.0); }';
    Object.assign(shader, { x: 400, y: 60, width: 200, height: 80 });
    project.layers.push(imageLayer('red', solidPng('#ff0000'), 200, 300), imageLayer('green', solidPng('#00ff00'), 600, 300), shader);
    const view = stage({ maxDrawWidthPx: 200, animate: false });
    view.show(project);
    // 800x600 drawn at a quarter: the layers where they were, a quarter as far.
    const [red, green, blue, background] = await view.readPixels([
      { x: 50, y: 75 },
      { x: 150, y: 75 },
      { x: 100, y: 15 },
      { x: 100, y: 140 },
    ]);
    expect([red, green, blue, background].map((p) => p?.slice(0, 3))).toEqual([
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [0, 0, 0],
    ]);
    const small = document.createElement('canvas');
    small.width = 100;
    small.height = 75;
    const context = small.getContext('2d', { willReadFrequently: true })!;
    const size = await view.withDrawnCanvas((drawn) => {
      context.drawImage(drawn, 0, 0, 100, 75);
      return [drawn.width, drawn.height];
    });
    expect(size).toEqual([200, 150]);
    expect([...context.getImageData(25, 37, 1, 1).data.slice(0, 3)]).toEqual([255, 0, 0]);
    expect([...context.getImageData(75, 37, 1, 1).data.slice(0, 3)]).toEqual([0, 255, 0]);
    // Still: the shader is not drawn again every animation frame.
    const drawn = view.renderer.totalStats().drawCalls;
    for (let i = 0; i < 5; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(view.renderer.totalStats().drawCalls).toBe(drawn);
  });

  it('puts the first layer of the list on top, and skips hidden layers', async () => {
    const project = createDefaultProject({ id: 'proj_1_b' as ProjectId, nowMs: 0 });
    const top = imageLayer('top', solidPng('#0000ff'), 400, 300);
    const under = imageLayer('under', solidPng('#ffff00'), 450, 300);
    project.layers.push(top, under);
    const view = stage();
    view.show(project);
    const [overlap, underOnly] = await view.readPixels([
      { x: 420, y: 300 },
      { x: 530, y: 300 },
    ]);
    expect(overlap?.slice(0, 3)).toEqual([0, 0, 255]);
    expect(underOnly?.slice(0, 3)).toEqual([255, 255, 0]);

    top.visible = false;
    view.show({ ...project, layers: [top, under] });
    const [revealed] = await view.readPixels([{ x: 420, y: 300 }]);
    expect(revealed?.slice(0, 3)).toEqual([255, 255, 0]);
  });

  it("starts a picture's download when the project is shown, before the first draw, and still draws it", async () => {
    // A file from this page's server (a data: address needs no download and gets no hint).
    const src = new URL('./testing/blue-16.png', import.meta.url).href;
    const project = createDefaultProject({ id: 'proj_1_c' as ProjectId, nowMs: 0 });
    project.layers.push(imageLayer('fetched', `${src}?preload`, 300, 300), imageLayer('inline', solidPng('#ff00ff'), 600, 300));
    const view = stage();
    view.show(project);
    // Still in the task that showed it: the hint is there, its download under way.
    const requested = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].map((l) => `${l.as} ${l.crossOrigin} ${l.href}`);
    expect(requested).toEqual([`image anonymous ${src}?preload`]);
    const [fetched, inline] = await view.readPixels([
      { x: 300, y: 300 },
      { x: 600, y: 300 },
    ]);
    expect(fetched?.slice(0, 3)).toEqual([0, 0, 255]);
    expect(inline?.slice(0, 3)).toEqual([255, 0, 255]);
    // The hint goes once its download ended.
    await expect.poll(() => document.head.querySelector('link[rel=preload]'), { timeout: 10_000 }).toBeNull();
  });
});
