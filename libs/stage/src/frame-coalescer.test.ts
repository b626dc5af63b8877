import { describe, expect, it } from 'vitest';
import { createFrameCoalescer } from './frame-coalescer';
import type { FrameScheduler } from './frame-scheduler';

/** A frame scheduler the test drives: frame() runs what was asked for before it. */
function manualFrames() {
  const waiting = new Map<number, () => void>();
  let next = 1;
  const scheduler: FrameScheduler = {
    request(callback) {
      waiting.set(next, callback);
      return next++;
    },
    cancel: (handle) => void waiting.delete(handle),
  };
  return {
    scheduler,
    asked: () => waiting.size,
    frame() {
      const due = [...waiting.values()];
      waiting.clear();
      for (const cb of due) cb();
    },
  };
}

describe('createFrameCoalescer', () => {
  it('hands on only the newest value, once per frame, however many were pushed', () => {
    const frames = manualFrames();
    const out: number[] = [];
    const c = createFrameCoalescer<number>(frames.scheduler, (v) => out.push(v));
    for (let i = 1; i <= 7; i += 1) c.push(i);
    expect(frames.asked()).toBe(1);
    expect(out).toEqual([]);
    frames.frame();
    expect(out).toEqual([7]);
    c.push(8);
    c.push(9);
    frames.frame();
    expect(out).toEqual([7, 9]);
  });

  it('asks for no frame while idle', () => {
    const frames = manualFrames();
    const out: number[] = [];
    createFrameCoalescer<number>(frames.scheduler, (v) => out.push(v));
    frames.frame();
    expect(frames.asked()).toBe(0);
    expect(out).toEqual([]);
  });

  it('cancel drops the waiting value and its frame', () => {
    const frames = manualFrames();
    const out: number[] = [];
    const c = createFrameCoalescer<number>(frames.scheduler, (v) => out.push(v));
    c.push(1);
    expect(c.pending()).toBe(true);
    c.cancel();
    expect(c.pending()).toBe(false);
    expect(frames.asked()).toBe(0);
    frames.frame();
    expect(out).toEqual([]);
    c.push(2);
    frames.frame();
    expect(out).toEqual([2]);
  });

  it('a value pushed while handing on waits for the next frame', () => {
    const frames = manualFrames();
    const out: number[] = [];
    const c = createFrameCoalescer<number>(frames.scheduler, (v) => {
      out.push(v);
      if (v === 1) c.push(2);
    });
    c.push(1);
    frames.frame();
    expect(out).toEqual([1]);
    frames.frame();
    expect(out).toEqual([1, 2]);
  });
});
