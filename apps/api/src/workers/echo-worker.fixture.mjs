// A worker for the pool's tests: echoes, throws, busy-waits or dies as the task says.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ id, task }) => {
  if (task.exit) process.exit(3);
  if (task.busyMs) {
    const end = Date.now() + task.busyMs;
    while (Date.now() < end);
  }
  if (task.fail) parentPort.postMessage({ id, error: task.fail });
  else parentPort.postMessage({ id, result: { echo: task.value } });
});
