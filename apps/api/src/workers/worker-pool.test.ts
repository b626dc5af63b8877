import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, PoolBusyError, PoolFailedError, WorkerCrashedError, type WorkerPool, type WorkerPoolOptions } from './worker-pool';

type Task = { value?: number; exit?: boolean; busyMs?: number; fail?: string };
const FIXTURE = new URL('./echo-worker.fixture.mjs', import.meta.url);
const THROWS_AT_START = new URL('./throwing-worker.fixture.mjs', import.meta.url);
const NEVER_ANSWERS = new URL('./silent-worker.fixture.mjs', import.meta.url);

describe('worker pool', () => {
  let pool: WorkerPool<Task, { echo: number }> | null = null;
  const errors: string[] = [];
  const make = (size: number, maxQueued: number, more: Partial<WorkerPoolOptions<Task>> = {}) =>
    (pool = createWorkerPool<Task, { echo: number }>({
      name: 'test',
      file: FIXTURE,
      size,
      maxQueued,
      startTask: { value: 0 },
      onWorkerError: (e) => errors.push(e.message),
      ...more,
    }));
  afterEach(async () => {
    await pool?.close();
    errors.length = 0;
  });

  it('runs tasks and answers each with its own result', async () => {
    const p = make(2, 10);
    expect(await Promise.all([1, 2, 3, 4, 5].map((value) => p.run({ value })))).toEqual([1, 2, 3, 4, 5].map((echo) => ({ echo })));
  });

  it("passes a task's error back as an error and keeps the worker", async () => {
    const p = make(1, 10);
    await expect(p.run({ fail: 'bad input' })).rejects.toThrow('bad input');
    expect(await p.run({ value: 7 })).toEqual({ echo: 7 });
    expect(p.stats().replaced).toBe(0);
    expect(errors).toEqual(['bad input']);
  });

  it('reports a worker that dies, fails its task and replaces it', async () => {
    const p = make(1, 10);
    const died = p.run({ exit: true });
    const queued = p.run({ value: 9 });
    await expect(died).rejects.toBeInstanceOf(WorkerCrashedError);
    // The task queued behind the dead one runs on its replacement.
    expect(await queued).toEqual({ echo: 9 });
    expect(p.stats()).toMatchObject({ workers: 1, replaced: 1, running: 0, queued: 0 });
    expect(errors.join()).toContain('died');
  });

  it('replaces a worker terminated mid-task', async () => {
    const p = make(1, 10);
    const long = p.run({ busyMs: 2_000 });
    await expect.poll(() => p.stats().running).toBe(1);
    await p.crashOne();
    await expect(long).rejects.toBeInstanceOf(WorkerCrashedError);
    expect(await p.run({ value: 1 })).toEqual({ echo: 1 });
    expect(p.stats().replaced).toBe(1);
  });

  it('refuses a task beyond its queue', async () => {
    const p = make(1, 1);
    const running = p.run({ busyMs: 300, value: 1 });
    const waiting = p.run({ value: 2 });
    await expect(p.run({ value: 3 })).rejects.toBeInstanceOf(PoolBusyError);
    expect(await running).toEqual({ echo: 1 });
    expect(await waiting).toEqual({ echo: 2 });
  });

  it('starts a worker that throws at start again with a growing delay, then gives up and refuses', async () => {
    const failures: number[] = [];
    const gaveUp: string[] = [];
    const p = make(1, 10, {
      file: THROWS_AT_START,
      maxStartFailures: 4,
      restartDelayMs: 40,
      onWorkerError: (e) => failures.push(performance.now()) && errors.push(e.message),
      onFailed: (reason) => gaveUp.push(reason),
    });
    // Queued while the pool keeps failing: refused once it gives up, never left waiting.
    const queued = p.run({ value: 1 });
    await expect(queued).rejects.toBeInstanceOf(PoolFailedError);
    await expect(queued).rejects.toThrow('The test workers failed to start 4 times in a row (last: this worker cannot start)');
    expect(gaveUp).toHaveLength(1);
    expect(p.failure()).toBe(gaveUp[0]);
    expect(errors[0]).toBe('A test worker failed to start: this worker cannot start');
    // Each start waited longer than the one before (40, 80, 160 ms; timers never fire early by more than a tick).
    const gaps = failures.slice(1).map((t, i) => t - failures[i]!);
    expect(gaps).toHaveLength(3);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(40 * 2 ** i - 5));
    expect(p.stats()).toMatchObject({ workers: 0, startFailures: 4, replaced: 0 });
    // No worker is started again: later tasks are refused at once and nothing else fails.
    await expect(p.run({ value: 2 })).rejects.toBeInstanceOf(PoolFailedError);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(failures).toHaveLength(4);
    expect(p.stats().workers).toBe(0);
  });

  it('ends a worker that never answers its start task as a failed start', async () => {
    const p = make(1, 10, { file: NEVER_ANSWERS, maxStartFailures: 2, restartDelayMs: 10, startTimeoutMs: 150 });
    await expect(p.run({ value: 1 })).rejects.toBeInstanceOf(PoolFailedError);
    expect(errors).toEqual([
      'A test worker failed to start: no answer to its start in 150 ms',
      'A test worker failed to start: no answer to its start in 150 ms',
    ]);
    expect(p.failure()).toBe(
      'The test workers failed to start 2 times in a row (last: no answer to its start in 150 ms); no more are started until the server restarts',
    );
  });

  it('treats a worker that cannot even be made (its constructor throws) as a failed start, never an uncaught error', async () => {
    const p = make(1, 10, { file: new URL('http://example.test/worker.mjs'), maxStartFailures: 3, restartDelayMs: 10 });
    await expect(p.run({ value: 1 })).rejects.toBeInstanceOf(PoolFailedError);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/^A test worker failed to start: /);
    expect(p.stats()).toMatchObject({ workers: 0, startFailures: 3 });
  });

  it('counts only failed starts in a row: a worker that started clears them', async () => {
    const p = make(1, 10, { maxStartFailures: 2 });
    expect(await p.run({ value: 1 })).toEqual({ echo: 1 });
    // Deaths of started workers are crashes, replaced at once, never a reason to give up.
    for (let i = 0; i < 3; i++) await expect(p.run({ exit: true })).rejects.toBeInstanceOf(WorkerCrashedError);
    expect(await p.run({ value: 2 })).toEqual({ echo: 2 });
    expect(p.failure()).toBeNull();
    expect(p.stats()).toMatchObject({ replaced: 3, startFailures: 0 });
  });
});
