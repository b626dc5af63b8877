import { createRenderer } from '@beamstage/render-core';
import type { Renderer, RendererOptions } from '@beamstage/render-core';
import { projectToRenderDescription } from './describe';
import type { StageProject } from './describe';

/** An RGBA sample read back from the stage canvas. */
export type Rgba = [number, number, number, number];

export interface StageView {
  readonly renderer: Renderer;
  /** Shows a project (or its latest edit); draws at once and again as images arrive. */
  show(project: StageProject): void;
  /** Resolves when every image of the shown project has been drawn. */
  whenIdle(): Promise<void>;
  /** Reads pixels at canvas coordinates (origin top-left), after drawing the current frame. */
  readPixels(points: readonly { x: number; y: number }[]): Promise<Rgba[]>;
  dispose(): void;
}

export interface StageViewOptions extends RendererOptions {
  /** Clock for shader time in milliseconds; default performance.now. */
  now?: () => number;
}

/**
 * Binds a canvas to the compositor and draws projects on it. Editor and projector both use this,
 * so they draw the same pixels from the same project. Shader layers animate on
 * requestAnimationFrame; still projects draw only when they change.
 */
export function createStageView(canvas: HTMLCanvasElement, options: StageViewOptions = {}): StageView {
  const renderer = createRenderer(canvas, options);
  const now = options.now ?? (() => performance.now());
  const startMs = now();
  let project: StageProject | null = null;
  let frame = 0;
  let disposed = false;

  const draw = () => {
    if (!project || disposed) return;
    const description = projectToRenderDescription(project);
    renderer.render(description, now() - startMs);
    const animated = description.items.some((item) => item.source.kind === 'shader' || item.source.kind === 'video');
    if (animated && frame === 0) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        draw();
      });
    }
  };

  return {
    renderer,
    show(next) {
      project = next;
      draw();
    },
    whenIdle: () => renderer.whenIdle(),
    async readPixels(points) {
      await renderer.whenIdle();
      // Draw and read in the same task: without preserveDrawingBuffer the buffer is only valid until compositing.
      draw();
      const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
      if (!gl) throw new Error('The stage canvas has no WebGL context');
      const out = new Uint8Array(4);
      return points.map(({ x, y }) => {
        gl.readPixels(Math.round(x), canvas.height - 1 - Math.round(y), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
        return [out[0] ?? 0, out[1] ?? 0, out[2] ?? 0, out[3] ?? 0];
      });
    },
    dispose() {
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      renderer.dispose();
    },
  };
}
