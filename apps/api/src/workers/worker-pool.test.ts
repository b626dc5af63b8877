import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, PoolBusyError, WorkerCrashedError, type WorkerPool } from './worker-pool';

type Task = { value?: number; exit?: boolean; busyMs?: number; fail?: string };
const FIXTURE = new URL('./echo-worker.fixture.mjs', import.meta.url);

describe('worker pool', () => {
  let pool: WorkerPool<Task, { echo: number }> | null = null;
  const errors: string[] = [];
  const make = (size: number, maxQueued: number) =>
    (pool = createWorkerPool<Task, { echo: number }>({ name: 'test', file: FIXTURE, size, maxQueued, onWorkerError: (e) => errors.push(e.message) }));
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
});
