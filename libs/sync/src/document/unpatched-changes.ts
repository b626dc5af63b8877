// automerge-repo's DocSynchronizer sends a document to its peers when the handle emits 'change',
// and DocHandle emits 'change' only when the new heads come with at least one patch. A change
// that alters no value where it lands (an edit inside a layer another peer removed concurrently,
// the second of two concurrent removals of one layer) moves the heads without a 'change':
// the peer that sent it has it, this one has it, and every other peer of this one never hears of
// it until some later change does show. The seeded fuzz ended with peers whose documents read
// the same but whose heads never met. Emitting the missing 'change' (with no patches) lets the
// synchroniser do what it does for any other change.
import type { DocHandle } from '@automerge/automerge-repo/slim';

/**
 * Makes heads changes that bring no patch reach the handle's peers, by emitting the 'change'
 * event automerge-repo left out (patches: []). Returns the unsubscribe function.
 */
export function forwardUnpatchedChanges<T>(handle: DocHandle<T>): () => void {
  let changes = 0;
  const onChange = () => void changes++;
  const onHeads = () => {
    const seen = changes;
    // DocHandle emits 'change' right after 'heads-changed', in the same call, when it has patches.
    queueMicrotask(() => {
      if (changes !== seen || !handle.isReady()) return;
      const doc = handle.doc();
      handle.emit('change', { handle, doc, patches: [], patchInfo: { before: doc, after: doc, source: 'change' } });
    });
  };
  handle.on('change', onChange);
  handle.on('heads-changed', onHeads);
  return () => {
    handle.off('change', onChange);
    handle.off('heads-changed', onHeads);
  };
}
