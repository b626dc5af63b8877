// Windowing for long lists of fixed-height rows (the layers panel, the timeline's tracks): only the
// rows in view, plus a few either side, are rendered. A 100-layer project otherwise lays out and
// paints every row (and every keyframe on it) on each frame of a drag or of playback.

/** The rows to render: indices start (inclusive) to end (exclusive). */
export interface RowWindow {
  readonly start: number;
  readonly end: number;
}

export interface RowWindowInput {
  /** The scroll container's scrollTop. */
  readonly scrollTop: number;
  /** The scroll container's visible height (clientHeight). */
  readonly viewport: number;
  readonly count: number;
  /** The distance from one row's top to the next (its height plus any gap). */
  readonly rowPx: number;
  /** Where the first row starts inside the scrolled content (rows above it: a ruler, a toolbar). */
  readonly offset?: number;
  /** Extra rows rendered above and below the visible ones, so a small scroll renders nothing new. */
  readonly overscan?: number;
}

/** The window of rows that covers the viewport, widened by `overscan` rows each side and clamped to the list. */
export function rowWindow({ scrollTop, viewport, count, rowPx, offset = 0, overscan = 6 }: RowWindowInput): RowWindow {
  if (count <= 0 || rowPx <= 0) return { start: 0, end: 0 };
  const top = scrollTop - offset;
  const first = Math.floor(top / rowPx);
  const last = Math.ceil((top + Math.max(0, viewport)) / rowPx);
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.max(start, Math.min(count, last + overscan));
  return { start, end };
}

/** The scrollTop that brings row `index` into view (unchanged when it already is). */
export function scrollToRow(
  index: number,
  { scrollTop, viewport, rowPx, offset = 0 }: { scrollTop: number; viewport: number; rowPx: number; offset?: number },
): number {
  const top = offset + index * rowPx;
  if (top < scrollTop) return top;
  if (top + rowPx > scrollTop + viewport) return Math.max(0, top + rowPx - viewport);
  return scrollTop;
}
