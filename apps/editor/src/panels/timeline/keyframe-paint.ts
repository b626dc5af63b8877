// Paints the keyframe diamonds of the rendered track rows on one canvas. One element instead of a
// DOM element per keyframe: a 2,000-keyframe show drew 4,000 diamonds, each its own paint chunk
// that Chromium layerized again on every frame of playback or of a drag.
import type { Keyframe } from '@beamstage/layers';
import type { View } from './geometry';
import { timeToX } from './geometry';
import { KEY_HALF_PX } from './keyframe-hit';

/** The part of CanvasRenderingContext2D the painter uses (a recording fake in the unit test). */
export interface Paint2D {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
}

/** The diamonds' colours (timeline.css's palette): a property's keyframe, a layer's summary, selected. */
export const KEY_COLORS = { key: '#c9c2ff', summary: '#8f86c9', selected: '#ffb347', outline: '#1a1530', selectedOutline: '#ffffff' } as const;

export interface PaintRow {
  /** Whether the row is a layer's summary (all its keyframes) or one property's. */
  readonly summary: boolean;
  readonly keyframes: readonly Keyframe[];
}

export interface PaintInput {
  /** The rendered rows, top to bottom from the canvas's top. */
  readonly rows: readonly PaintRow[];
  readonly view: View;
  /** CSS pixels. */
  readonly width: number;
  readonly rowPx: number;
  readonly selected: ReadonlySet<string>;
  /** Keyframes being dragged and by how much (ms): drawn where they would land. */
  readonly moving: ReadonlySet<string>;
  readonly dt: number;
  readonly dpr: number;
}

/** Paints every diamond that falls inside the canvas; returns how many it painted. */
export function paintKeyframes(g: Paint2D, p: PaintInput): number {
  g.setTransform(p.dpr, 0, 0, p.dpr, 0, 0);
  g.clearRect(0, 0, p.width, p.rows.length * p.rowPx);
  const r = KEY_HALF_PX - 1;
  let painted = 0;
  // One path per colour: three fills and strokes for the whole canvas, not one per diamond.
  const passes: { fill: string; outline: string; pick(row: PaintRow, k: Keyframe): boolean }[] = [
    { fill: KEY_COLORS.summary, outline: KEY_COLORS.outline, pick: (row, k) => row.summary && !p.selected.has(k.id) },
    { fill: KEY_COLORS.key, outline: KEY_COLORS.outline, pick: (row, k) => !row.summary && !p.selected.has(k.id) },
    { fill: KEY_COLORS.selected, outline: KEY_COLORS.selectedOutline, pick: (_row, k) => p.selected.has(k.id) },
  ];
  g.lineWidth = 1;
  for (const pass of passes) {
    let any = false;
    g.beginPath();
    p.rows.forEach((row, i) => {
      const cy = i * p.rowPx + p.rowPx / 2;
      for (const k of row.keyframes) {
        if (!pass.pick(row, k)) continue;
        const x = timeToX(k.time + (p.moving.has(k.id) ? p.dt : 0), p.view);
        if (x < -KEY_HALF_PX || x > p.width + KEY_HALF_PX) continue;
        g.moveTo(x, cy - r);
        g.lineTo(x + r, cy);
        g.lineTo(x, cy + r);
        g.lineTo(x - r, cy);
        g.closePath();
        any = true;
        painted++;
      }
    });
    if (!any) continue;
    g.fillStyle = pass.fill;
    g.fill();
    g.strokeStyle = pass.outline;
    g.stroke();
  }
  return painted;
}
