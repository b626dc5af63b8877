// The project as one Automerge document in libs/layers' merge-friendly shape (design.md section 2).
import type { DocHandle, Repo } from '@automerge/automerge-repo/slim';
import { applyDocWrites, normalizeDoc, planNormalize, toDoc, withOperationNormalizeDeferred, type ProjectDoc, type ProjectJson } from '@beamstage/layers';
import { applyPatches, planOperation } from './plain-change';
import { forwardUnpatchedChanges } from './unpatched-changes';
import { wrapWholeStrings } from './whole-strings';

/** An operation over a document draft: libs/layers' operations (addLayer, updateLayer, ...) fit. */
export type ProjectOperation = (draft: ProjectDoc) => void;

/** Creates a project document in the repo from exchange JSON, normalised in its first change. */
export function createProjectDoc(repo: Repo, json: ProjectJson): DocHandle<ProjectDoc> {
  const doc = toDoc(json);
  normalizeDoc(doc);
  // Data URLs, code and descriptions go in as whole values (one operation each).
  return repo.create<ProjectDoc>(wrapWholeStrings(doc));
}

/** Whether normalizeDoc would change the document, decided by reading the snapshot only. */
export function needsNormalize(doc: ProjectDoc): boolean {
  return planNormalize(doc).length > 0;
}

/**
 * Runs an operation and restores the invariants in one change. The operation runs on a
 * copy-on-write draft of the plain snapshot (cheap reads; the layer operations' own normalise
 * passes are deferred to the single one here), the normalise is planned on the plain result, and
 * the change then makes exactly those writes and reads nothing else through Automerge's proxy.
 * An operation that writes nothing on a healthy document makes no change.
 */
export function runOperation(handle: DocHandle<ProjectDoc>, operation: ProjectOperation, message?: string): void {
  const { next, patches } = withOperationNormalizeDeferred(() => planOperation(handle.doc(), operation));
  const fixes = planNormalize(next);
  if (patches.length === 0 && fixes.length === 0) return;
  handle.change(
    (draft) => {
      applyPatches(draft, patches);
      applyDocWrites(draft, fixes);
    },
    message ? { message } : {},
  );
}

/** Handles whose normalisation is held (deferNormalize), with the check to run when released. */
const deferred = new WeakMap<DocHandle<ProjectDoc>, { holds: number; pending: (() => void) | null }>();

/**
 * Holds normalizeOnRemoteChange's fixes for `handle` until the returned function is called, then
 * checks once if any change came meanwhile. For a sequence of changes whose intermediate states
 * break an invariant that the last one restores (a large server write applied a batch at a
 * time): without it each step would be "fixed" (every layer's order rewritten) and then undone.
 */
export function deferNormalize(handle: DocHandle<ProjectDoc>): () => void {
  const hold = deferred.get(handle) ?? { holds: 0, pending: null };
  hold.holds++;
  deferred.set(handle, hold);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--hold.holds > 0) return;
    deferred.delete(handle);
    hold.pending?.();
  };
}

/**
 * Normalises after changes arrive: a merge can break an invariant no single peer broke (two
 * concurrent reorders, a DOM layer moved below a canvas layer by another peer). The writes are
 * planned on the plain snapshot, so a healthy document costs one cheap read pass and no change.
 * automerge-repo reports local and remote changes alike, hence every change is checked.
 * Every live project document is followed through here, so this also installs
 * forwardUnpatchedChanges: changes that alter no value still reach the other peers.
 * Returns the unsubscribe function.
 */
export function normalizeOnRemoteChange(handle: DocHandle<ProjectDoc>): () => void {
  const stopForwarding = forwardUnpatchedChanges(handle);
  let scheduled = false;
  const onChange = () => {
    if (scheduled) return;
    const hold = deferred.get(handle);
    if (hold) {
      hold.pending = onChange;
      return;
    }
    scheduled = true;
    // Outside the change event: DocHandle is mid-update while it emits.
    queueMicrotask(() => {
      scheduled = false;
      if (!handle.isReady()) return;
      const fixes = planNormalize(handle.doc());
      if (fixes.length > 0) handle.change((d) => void applyDocWrites(d, fixes), { message: 'normalize' });
    });
  };
  handle.on('change', onChange);
  return () => {
    handle.off('change', onChange);
    stopForwarding();
  };
}
