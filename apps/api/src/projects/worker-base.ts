import * as Automerge from '@automerge/automerge';
import type { ProjectDoc } from '@beamstage/layers';
import type { AdditionBatch, BuildAdditionsResult, BuildAdditionsTask } from '../workers/build-additions';

/** Sends a task to the document worker. */
export type BuildAdditions = (task: BuildAdditionsTask) => Promise<BuildAdditionsResult>;

/**
 * Builds a large write's additions on the document worker, handing it the base document as
 * cheaply as it can: `Automerge.save(base)` of the largest allowed document held the api's
 * thread 110-240 ms per write, so once the worker has built on a project, its next write sends
 * only `Automerge.saveSince` the heads the worker answered last time. Only when the api's
 * document has those heads: the worker's copy may hold changes the api never applied (a batch a
 * live edit conflicted with); then, or when the worker has no copy at `since` (a new or another
 * worker, evicted), it answers `need-base` and the whole document is sent, as before. The worker
 * checks the heads it reaches, so a wrong guess here costs a round trip, never a wrong document.
 */
export function createWorkerBases(build: BuildAdditions) {
  /** Per project, the heads the worker answered with last: what its copy holds, as far as the api knows. */
  const known = new Map<string, string[]>();

  return {
    /**
     * `doc` is the project's document as it is now (`handle.doc()`), not the snapshot the write
     * was computed from: a live edit since leaves that snapshot outdated, and Automerge answers
     * its heads as they were but saves (whole or since) the document as it is; the worker must
     * reach the heads of what it is sent. The additions are new ids, built on any later state.
     */
    async build(projectId: string, doc: ProjectDoc, batches: AdditionBatch[]): Promise<Uint8Array[]> {
      const since = known.get(projectId);
      // Whatever happens below, these heads were used: the worker's answer replaces them.
      known.delete(projectId);
      let result: BuildAdditionsResult | null = null;
      if (since && Automerge.hasHeads(doc, since)) {
        const increment = Automerge.saveSince(doc, since);
        result = await build({ projectId, base: { since, increment, heads: Automerge.getHeads(doc) }, batches });
      }
      // After the round trip above, `doc` may be outdated in turn: saved from the handle's state now.
      if (!result || result.kind === 'need-base') result = await build({ projectId, base: { whole: Automerge.save(doc) }, batches });
      if (result.kind !== 'built') throw new Error('The document worker asked for the base it was sent whole');
      known.set(projectId, result.heads);
      return result.changes;
    },
    /** A project deleted or no longer kept here: its next write sends the whole document. */
    forget(projectId: string): void {
      known.delete(projectId);
    },
  };
}
