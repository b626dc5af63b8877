import { describe, expect, it } from 'vitest';
import { createFrameCoalescer } from './frame-coalescer';

describe('createFrameCoalescer', () => {
  it('draws once per frame however often it is asked', () => {
    const frames: (() => void)[] = [];
    let draws = 0;
    const c = createFrameCoalescer(() => draws++, (cb) => frames.push(cb));
    c.schedule();
    c.schedule();
    c.schedule();
    expect(frames).toHaveLength(1);
    expect(c.isPending()).toBe(true);
    frames.shift()!();
    expect(draws).toBe(1);
    expect(c.isPending()).toBe(false);
    c.schedule();
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(draws).toBe(2);
  });

  it('asks for no frame when nothing was scheduled', () => {
    const frames: (() => void)[] = [];
    createFrameCoalescer(() => undefined, (cb) => frames.push(cb));
    expect(frames).toHaveLength(0);
  });
});
