import { describe, expect, it } from 'vitest';
import { rowWindow, scrollToRow } from './row-window';

describe('rowWindow', () => {
  it('renders the rows in view plus the overscan, clamped to the list', () => {
    expect(rowWindow({ scrollTop: 0, viewport: 220, count: 100, rowPx: 22, overscan: 2 })).toEqual({ start: 0, end: 12 });
    expect(rowWindow({ scrollTop: 440, viewport: 220, count: 100, rowPx: 22, overscan: 2 })).toEqual({ start: 18, end: 32 });
    expect(rowWindow({ scrollTop: 2200, viewport: 220, count: 100, rowPx: 22, overscan: 2 })).toEqual({ start: 98, end: 100 });
  });

  it('a part-visible row at either edge is rendered', () => {
    // Rows 1..11 touch the viewport 30..250 (row 1 from 22, row 11 to 264).
    expect(rowWindow({ scrollTop: 30, viewport: 220, count: 100, rowPx: 22, overscan: 0 })).toEqual({ start: 1, end: 12 });
  });

  it('counts rows from the offset (a ruler above them in the same scroller)', () => {
    expect(rowWindow({ scrollTop: 0, viewport: 100, count: 50, rowPx: 20, offset: 40, overscan: 0 })).toEqual({ start: 0, end: 3 });
    expect(rowWindow({ scrollTop: 240, viewport: 100, count: 50, rowPx: 20, offset: 40, overscan: 0 })).toEqual({ start: 10, end: 15 });
  });

  it('an empty list, a list shorter than the view, a scroller not laid out yet', () => {
    expect(rowWindow({ scrollTop: 0, viewport: 500, count: 0, rowPx: 22 })).toEqual({ start: 0, end: 0 });
    expect(rowWindow({ scrollTop: 0, viewport: 500, count: 3, rowPx: 22 })).toEqual({ start: 0, end: 3 });
    expect(rowWindow({ scrollTop: 0, viewport: 0, count: 30, rowPx: 22, overscan: 4 })).toEqual({ start: 0, end: 4 });
  });

  it('every row in view is inside the window, whatever the scroll', () => {
    for (let scrollTop = 0; scrollTop < 3000; scrollTop += 7) {
      const w = rowWindow({ scrollTop, viewport: 333, count: 120, rowPx: 23, offset: 44, overscan: 1 });
      for (let i = 0; i < 120; i++) {
        const top = 44 + i * 23;
        const visible = top + 23 > scrollTop && top < scrollTop + 333;
        if (visible) expect(i >= w.start && i < w.end, `row ${i} at scroll ${scrollTop}`).toBe(true);
      }
    }
  });
});

describe('scrollToRow', () => {
  it('scrolls up or down just enough, or not at all', () => {
    const at = { viewport: 100, rowPx: 20 };
    expect(scrollToRow(2, { ...at, scrollTop: 0 })).toBe(0);
    expect(scrollToRow(10, { ...at, scrollTop: 0 })).toBe(120);
    expect(scrollToRow(1, { ...at, scrollTop: 100 })).toBe(20);
    expect(scrollToRow(3, { ...at, scrollTop: 0, offset: 44 })).toBe(24);
  });
});
