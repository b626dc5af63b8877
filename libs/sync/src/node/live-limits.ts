import type { DocHandle } from '@automerge/automerge-repo';
import { assignDeep, checkDocumentLimits, copyPlain, type DocumentLimits, type LimitViolation, type ProjectDoc } from '@beamstage/layers';
import { wrapWholeStrings } from '../document/whole-strings';

export interface LiveLimitsOptions {
  /** The project's current limits (its owner's plan): read again before a breach is refused, so an upgrade counts at once. */
  limits(): Promise<DocumentLimits>;
  /** Called after a breaking change was reverted: close the sockets that sent it, log the reason. */
  onBreach(violation: LimitViolation): void;
}

/** How many trustedChange calls are running (changes are synchronous: the change event fires inside). */
let trustedDepth = 0;

/**
 * Runs `change` (a synchronous handle.change or handle.update) as the server's own, already
 * checked against the limits (a REST write checks its whole body first): the guards below take the
 * result as their new good state instead of walking the whole document again. A large write
 * applies a hundred or more changes, and each walk of a 950-layer document cost 4-18 ms of CPU on the
 * api's thread.
 */
export function trustedChange<T>(change: () => T): T {
  trustedDepth++;
  try {
    return change();
  } finally {
    trustedDepth--;
  }
}

/**
 * Holds a live document to its size limits (design.md section 4, rule 14). A live change cannot be
 * refused before automerge-repo applies it without applying it twice, so the server checks the
 * document after each change (one walk, microtask-coalesced) and, when a change broke a limit the
 * last good state kept, writes that state back at once (one change; Automerge keeps the breaking
 * change in history, its content leaves the document and every peer's view) and reports the breach
 * so the sockets that sent it are closed. A document that was already over its limits when opened
 * (a plan downgraded) is left as it is: nothing already stored is taken away.
 * Returns the stop function.
 */
export function guardLiveLimits(handle: DocHandle<ProjectDoc>, initial: DocumentLimits, options: LiveLimitsOptions): () => void {
  let limits = initial;
  let lastGood: ProjectDoc = handle.doc();
  let lastGoodWithin = checkDocumentLimits(lastGood, limits) === null;
  let scheduled = false;
  let stopped = false;
  // Checks run one after another: a check may wait for the limits while more changes arrive.
  let queue: Promise<void> = Promise.resolve();

  const revertTo = (good: ProjectDoc) => {
    // A plain copy that keeps whole strings whole; strings of the good state still held as text are wrapped.
    const wanted = wrapWholeStrings(copyPlain(good));
    type Obj = Record<string, unknown>;
    // The good state again: nothing to check (and nothing to revert, were it over a lowered limit).
    trustedChange(() =>
      handle.change((d) => assignDeep(d as unknown as Obj, wanted as unknown as Obj, handle.doc() as unknown as Obj), {
        message: 'revert a change over the limits',
      }),
    );
  };

  const check = async () => {
    scheduled = false;
    if (stopped || !handle.isReady()) return;
    let doc = handle.doc();
    if (doc === lastGood) return;
    let violation = checkDocumentLimits(doc, limits);
    if (violation && lastGoodWithin) {
      // The plan may have been raised since the room opened: decide on the current limits.
      limits = await options.limits();
      if (stopped) return;
      doc = handle.doc();
      violation = checkDocumentLimits(doc, limits);
      if (violation) {
        revertTo(lastGood);
        options.onBreach(violation);
        return;
      }
    }
    lastGood = doc;
    lastGoodWithin = violation === null;
  };

  const onChange = () => {
    // The server's own change, with no live change waiting to be checked: good as it stands. (With
    // one waiting, the check below walks both: the live change must not pass unchecked.)
    if (trustedDepth > 0 && !scheduled) {
      lastGood = handle.doc();
      return;
    }
    if (scheduled) return;
    scheduled = true;
    // Outside the change event (DocHandle is mid-update while it emits), after the checks before it.
    queue = queue.then(check);
  };
  handle.on('change', onChange);
  return () => {
    stopped = true;
    handle.off('change', onChange);
  };
}
