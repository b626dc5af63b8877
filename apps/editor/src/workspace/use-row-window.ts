import { useLayoutEffect, useReducer, useRef } from 'react';
import type { RefObject } from 'react';
import { rowWindow } from './row-window';
import type { RowWindow } from './row-window';

const same = (a: RowWindow | null, b: RowWindow) => a !== null && a.start === b.start && a.end === b.end;

/**
 * The rows of a scroll container to render (see rowWindow), following its scroll and size. The
 * component re-renders only when the window itself changes, not on every scrolled pixel, and gets
 * the same object back while it holds (memoised drawing keyed on it stays valid).
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowPx: number,
  options: { offset?: number; overscan?: number; initialViewport?: number } = {},
): RowWindow {
  const { offset = 0, overscan = 6, initialViewport = 800 } = options;
  const box = useRef({ scrollTop: 0, viewport: initialViewport });
  const params = useRef({ count, rowPx, offset, overscan });
  const kept = useRef<RowWindow | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    params.current = { count, rowPx, offset, overscan };
  });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const read = () => {
      box.current = { scrollTop: el.scrollTop, viewport: el.clientHeight };
      if (!same(kept.current, rowWindow({ ...box.current, ...params.current }))) rerender();
    };
    read();
    el.addEventListener('scroll', read, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : null;
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      resize?.disconnect();
    };
  }, [scroller]);
  const win = rowWindow({ ...box.current, count, rowPx, offset, overscan });
  if (same(kept.current, win)) return kept.current!;
  kept.current = win;
  return win;
}
