import { parentPort } from 'node:worker_threads';
import { wholeBuffers } from './worker-pool';
import { buildAdditions, type BuildAdditionsTask } from './build-additions';

// The worker side of the additions pool: one task at a time, answered with the encoded changes
// (their buffers transferred, not copied) or the error's message.
parentPort!.on('message', ({ id, task }: { id: number; task: BuildAdditionsTask }) => {
  try {
    const result = buildAdditions(task);
    parentPort!.postMessage({ id, result }, wholeBuffers(result));
  } catch (err) {
    parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
