import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_WORKER_NICE } from './background-priority';
import { createWorkerPool } from './worker-pool';
import type { DocumentTask } from './document-task';

// Linux keeps a nice value per thread (/proc/self/task/<tid>/stat, field 19): the document
// workers run below the api's thread, which keeps its own.
const niceOf = (statPath: string) => Number(readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ')[16]);
const niceByThread = () => readdirSync('/proc/self/task').map((tid) => niceOf(`/proc/self/task/${tid}/stat`));
const lowered = () => niceByThread().filter((n) => n === DOCUMENT_WORKER_NICE).length;

describe.runIf(process.platform === 'linux')('document workers priority', () => {
  const pool = createWorkerPool<DocumentTask, unknown>({
    name: 'documents',
    file: new URL('./additions-worker.mjs', import.meta.url),
    size: 1,
    maxQueued: 1,
    startTask: { kind: 'ping' },
  });
  afterAll(() => pool.close());

  it('runs the document worker at a lower priority than the thread that started it', async () => {
    const mine = niceOf('/proc/thread-self/stat');
    const before = lowered();
    await pool.run({ kind: 'ping' });
    expect(lowered()).toBe(before + 1);
    // This thread (the api's, here the test's) is where it was.
    expect(niceOf('/proc/thread-self/stat')).toBe(mine);
  });
});
