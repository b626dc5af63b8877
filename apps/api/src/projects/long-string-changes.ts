import { isPlainRecord, isRecord, textOf, type ProjectDoc } from '@beamstage/layers';
import { trustedChange, type DocHandle } from '@beamstage/sync/node';

/**
 * A whole string (data URL, code) at least this long that a write changes is written in a change
 * of its own, before the write's final change. Copying strings into Automerge and hashing the
 * change is the cost: the largest allowed write changing three 1 MB data URLs made one final
 * change of 86 ms of CPU on the api's thread (199 ms wall, a CPU profile at load 3-4, 2026-11-29).
 */
export const OWN_CHANGE_CHARS = 64 * 1024;

type Obj = Record<string, unknown>;

/**
 * Where `target` holds a long string that `current` does not hold at the same place, inside
 * objects both hold (a new entity's strings go with the entity, in its batch or the final change).
 */
export function changedLongStrings(current: Obj, target: Obj): string[][] {
  const found: string[][] = [];
  const path: string[] = [];
  const walk = (from: Obj, to: Obj) => {
    for (const key of Object.keys(to)) {
      const next = to[key];
      const was = from[key];
      const text = textOf(next);
      path.push(key);
      if (text !== null) {
        if (text.length >= OWN_CHANGE_CHARS && textOf(was) !== text) found.push([...path]);
      } else if (isPlainRecord(next) && isPlainRecord(was)) walk(was, next);
      path.pop();
    }
  };
  walk(current, target);
  return found;
}

const valueAt = (root: unknown, path: readonly string[]): unknown => path.reduce<unknown>((v, key) => (isRecord(v) ? v[key] : undefined), root);

/** `root` with `value` at `path`, copying only the objects on the way (snapshots are frozen). */
function withValueAt(root: Obj, path: readonly string[], value: unknown): Obj {
  const [key, ...rest] = path;
  return { ...root, [key!]: rest.length === 0 ? value : withValueAt(root[key!] as Obj, rest, value) };
}

/**
 * Writes each long string the write changes into the document, one change each, letting the
 * event loop answer others between them (`breathe`). Like the final change, each is made against
 * the document as it is then: where a live edit removed the object holding the string, nothing is
 * written and the final change decides. Returns `current` with the strings written, so the final
 * change (which writes only what differs from it) does not write them again.
 */
export async function applyLongStrings(
  handle: DocHandle<ProjectDoc>,
  current: ProjectDoc,
  target: ProjectDoc,
  breathe: () => Promise<void>,
): Promise<ProjectDoc> {
  let after = current as unknown as Obj;
  for (const path of changedLongStrings(after, target as unknown as Obj)) {
    const value = valueAt(target, path);
    let written = false;
    trustedChange(() =>
      handle.change((d) => {
        const parent = valueAt(d, path.slice(0, -1));
        if (!isRecord(parent)) return;
        parent[path.at(-1)!] = value;
        written = true;
      }),
    );
    if (written) after = withValueAt(after, path, value);
    await breathe();
  }
  return after as unknown as ProjectDoc;
}
