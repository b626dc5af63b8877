import { drawPattern } from './draw-pattern';
import { blackOpacityAt, fadeRunning } from './fade';
import type { OutputState } from './output-state';
import './output.css';

/** Output size in device pixels: what the projector really shows. */
export const outputResolution = () => ({
  width: Math.round(window.innerWidth * (window.devicePixelRatio || 1)),
  height: Math.round(window.innerHeight * (window.devicePixelRatio || 1)),
});

/**
 * The layer above the stage: the test pattern canvas (at the output resolution), the black
 * (opacity animated per frame while fading) and the big identify label. Pointer events pass through.
 */
export function createOutputOverlay(root: HTMLElement, now: () => number) {
  const box = document.createElement('div');
  box.className = 'output-overlay';
  // The pattern canvas exists only once a pattern was asked for: the wall normally has one canvas.
  let pattern: HTMLCanvasElement | null = null;
  const patternCanvas = () => {
    if (pattern) return pattern;
    pattern = document.createElement('canvas');
    pattern.className = 'output-pattern';
    pattern.dataset['testid'] = 'output-pattern';
    box.prepend(pattern);
    return pattern;
  };
  const black = document.createElement('div');
  black.className = 'output-black';
  black.dataset['testid'] = 'output-black';
  const identify = document.createElement('div');
  identify.className = 'output-identify';
  box.append(black, identify);
  root.appendChild(box);
  let state: OutputState | null = null;
  let drawn = '';
  let frame = 0;

  const render = () => {
    frame = 0;
    if (!state) return;
    const t = now();
    const opacity = blackOpacityAt(state.black, t);
    black.style.opacity = String(opacity);
    black.style.display = opacity > 0 ? 'block' : 'none';
    const { width, height } = outputResolution();
    const key = state.pattern ? `${state.pattern}:${width}x${height}` : '';
    if (key !== drawn) {
      drawn = key;
      if (pattern) pattern.style.display = state.pattern && state.pattern !== 'masks' ? 'block' : 'none';
      if (state.pattern && state.pattern !== 'masks') {
        const canvas = patternCanvas();
        canvas.style.display = 'block';
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext('2d');
        if (ctx) drawPattern(ctx, state.pattern, width, height);
      }
    }
    const identifying = state.identifyUntil > t;
    identify.textContent = state.label;
    identify.style.display = identifying ? 'grid' : 'none';
    box.dataset['black'] = opacity.toFixed(3);
    box.dataset['pattern'] = state.pattern ?? '';
    if (fadeRunning(state.black, t) || identifying) frame = requestAnimationFrame(render);
  };
  window.addEventListener('resize', () => show(state));
  const show = (next: OutputState | null) => {
    state = next;
    if (frame) cancelAnimationFrame(frame);
    render();
  };
  return { show };
}

export type OutputOverlay = ReturnType<typeof createOutputOverlay>;
