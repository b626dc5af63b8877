import type { Keyframe } from '@beamstage/layers';
import { useLayoutEffect, useRef } from 'react';
import type { Ref } from 'react';
import type { TrackRow, View } from './geometry';
import { paintKeyframes } from './keyframe-paint';

export interface KeyframeCanvasProps {
  /** The rendered rows (the window), top to bottom. */
  rows: readonly TrackRow[];
  keyframesOf(row: TrackRow): readonly Keyframe[];
  view: View;
  width: number;
  rowPx: number;
  selected: ReadonlySet<string>;
  moving: ReadonlySet<string>;
  dt: number;
  canvasRef?: Ref<HTMLCanvasElement>;
}

/**
 * The keyframe diamonds of the rendered rows, painted on one canvas laid over them (the lanes
 * hit-test presses with keyframeAt). Repainted only when what it shows changes: never by playback.
 */
export function KeyframeCanvas({ rows, keyframesOf, view, width, rowPx, selected, moving, dt, canvasRef }: KeyframeCanvasProps) {
  const own = useRef<HTMLCanvasElement | null>(null);
  const dpr = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
  const height = rows.length * rowPx;
  useLayoutEffect(() => {
    const g = own.current?.getContext('2d');
    if (!g) return;
    paintKeyframes(g, { rows: rows.map((r) => ({ summary: r.property === null, keyframes: keyframesOf(r) })), view, width, rowPx, selected, moving, dt, dpr });
  }, [rows, keyframesOf, view.zoom, view.scroll, width, rowPx, selected, moving, dt, dpr]); // eslint-disable-line react-hooks/exhaustive-deps -- the view by value: a new object with the same zoom and scroll paints nothing new
  return (
    <canvas
      ref={(el) => {
        own.current = el;
        if (typeof canvasRef === 'function') canvasRef(el);
        else if (canvasRef) canvasRef.current = el;
      }}
      className="tl-keys"
      data-testid="timeline-keyframes"
      width={Math.max(1, Math.round(width * dpr))}
      height={Math.max(1, Math.round(height * dpr))}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}
