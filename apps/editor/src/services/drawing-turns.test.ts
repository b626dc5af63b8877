import { describe, expect, it } from 'vitest';
import { createDrawingTurns } from './drawing-turns';
import { manualTimers } from './manual-timers';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('drawing turns', () => {
  it('runs one drawing at a time, in order', async () => {
    const timers = manualTimers();
    const turns = createDrawingTurns({ timeoutMs: 10_000, ...timers });
    const log: string[] = [];
    let finishFirst: (v: string) => void = () => undefined;
    const first = turns.run(
      () => (log.push('first starts'), new Promise<string>((r) => (finishFirst = r))),
      () => 'late',
    );
    const second = turns.run(
      async () => (log.push('second starts'), 'second'),
      () => 'late',
    );
    await settle();
    expect(log).toEqual(['first starts']);
    finishFirst('first');
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    expect(log).toEqual(['first starts', 'second starts']);
    expect(timers.pending(), 'each turn clears its time-out').toBe(0);
  });

  it('a drawing that never settles is given up after its time, and later drawings go on', async () => {
    const timers = manualTimers();
    const turns = createDrawingTurns({ timeoutMs: 10_000, ...timers });
    const hung = turns.run(
      () => new Promise<string | undefined>(() => undefined),
      () => undefined,
    );
    const next = turns.run(
      async () => 'drawn',
      () => undefined,
    );
    await settle();
    expect(timers.pending(), 'the hung drawing holds its turn').toBe(1);
    timers.fire();
    expect(await hung).toBeUndefined();
    expect(await next).toBe('drawn');
  });

  it('a drawing that throws rejects its own promise only', async () => {
    const timers = manualTimers();
    const turns = createDrawingTurns({ timeoutMs: 10_000, ...timers });
    const failed = turns.run(
      () => Promise.reject(new Error('no GPU')),
      () => 'late',
    );
    const next = turns.run(
      async () => 'drawn',
      () => 'late',
    );
    await expect(failed).rejects.toThrow('no GPU');
    expect(await next).toBe('drawn');
  });
});
