// A worker for the pool's tests that loads but never answers (stuck in its start).
import { parentPort } from 'node:worker_threads';

parentPort.on('message', () => undefined);
