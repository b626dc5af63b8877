import { parentPort } from 'node:worker_threads';
import { compactChunks } from '@beamstage/sync/node';
import { wholeBuffers } from './worker-pool';
import { buildAdditions } from './build-additions';
import { createDocCache } from './doc-cache';
import { buildProject } from './build-project';
import type { DocumentTask } from './document-task';
import { lowerThreadPriority } from './background-priority';

// The worker side of the document pool: one task at a time, answered with the encoded changes
// (their buffers transferred, not copied) or the error's message.

/**
 * Copies of the projects this worker last built additions on, so a project's next large write
 * sends only what changed since (doc-cache.ts). A few: a project with a history of the largest
 * allowed writes holds tens of MB here; past 24 MB its copy is dropped and sent whole again.
 */
lowerThreadPriority();

const copies = createDocCache({ maxDocs: 4, maxBytes: 24 * 1024 * 1024 });

parentPort!.on('message', ({ id, task }: { id: number; task: DocumentTask }) => {
  try {
    if (task.kind === 'ping') {
      parentPort!.postMessage({ id, result: [] });
    } else if (task.kind === 'compact') {
      const result = compactChunks(task.chunks);
      parentPort!.postMessage({ id, result }, wholeBuffers([result.snapshot]));
    } else if (task.kind === 'project') {
      const result = buildProject(task);
      parentPort!.postMessage({ id, result }, wholeBuffers(result.changes));
    } else {
      const result = buildAdditions(task, copies);
      parentPort!.postMessage({ id, result }, result.kind === 'built' ? wholeBuffers(result.changes) : []);
    }
  } catch (err) {
    parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
