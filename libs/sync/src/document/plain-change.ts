// Runs a document operation against the plain snapshot and replays only its writes into an
// Automerge change. Reading through Automerge's change proxy costs ~10-30 us per field (strings
// are materialised from text objects on every read), so an operation that scans the layers, or a
// normalise pass, costs tens of milliseconds on a 100-layer document; on immer's copy-on-write
// draft of the plain snapshot the same reads cost well under a millisecond.
import { Immer, enablePatches, type Patch } from 'immer';
import { wrapWholeStrings } from './whole-strings';

enablePatches();
// No freezing: the result is only read once (to plan the normalise) and then dropped.
const immer = new Immer({ autoFreeze: false });

/** The state after `operation` on a copy-on-write draft of `base` (never written), and its writes. */
export function planOperation<T extends object>(base: T, operation: (draft: T) => void): { next: T; patches: Patch[] } {
  // The wrapper returns nothing: immer would take a returned value as the new state.
  const [next, patches] = immer.produceWithPatches(base, (draft) => {
    operation(draft as T);
  });
  return { next: next as T, patches };
}

type Container = Record<string | number, unknown> & unknown[];

/**
 * Replays immer patches into a draft (an Automerge change): only the objects on each path are
 * read. Values are written as fresh copies, since Automerge refuses an object that is already part
 * of a document and the patch values share objects with the snapshot.
 */
export function applyPatches(draft: object, patches: readonly Patch[]): void {
  for (const patch of patches) {
    const { path } = patch;
    if (path.length === 0) throw new Error('runOperation: an operation may not replace the whole document');
    let parent = draft as Container;
    for (let i = 0; i < path.length - 1; i++) parent = parent[path[i]!] as Container;
    const key = path[path.length - 1]!;
    // Strings under whole-string keys (data URLs, code, descriptions) are written as whole values.
    const value = patch.op === 'remove' ? undefined : wrapWholeStrings(copyValue(patch.value), typeof key === 'string' ? key : '');
    // immer names array entries by number and object keys by string.
    if (typeof key === 'number') {
      if (patch.op === 'add') parent.splice(key, 0, value);
      else if (patch.op === 'remove') parent.splice(key, 1);
      else parent[key] = value;
    } else if (key === 'length' && Array.isArray(parent)) {
      parent.splice(value as number, parent.length - (value as number));
    } else if (patch.op === 'remove') {
      delete parent[key];
    } else {
      parent[key] = value;
    }
  }
}

/**
 * A fresh copy of plain objects and arrays (own string keys only, undefined properties dropped);
 * other objects (Automerge's ImmutableString, a Uint8Array, ...) are values and go in as they are.
 */
function copyValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyValue);
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = copyValue(v);
  return out;
}
