// Long strings that never merge character by character (data URLs, code until it is Run,
// descriptions: libs/layers' WHOLE_STRING_KEYS) are stored as Automerge ImmutableStrings, one
// operation each, instead of collaborative text with one operation per character: a mask's data
// URL was ~5,655 operations, and a 9.5 MB description as text exhausted the wasm module's memory.
// Readers are unaffected: ImmutableString serialises as its string (toJSON), so toJson, the
// exporter and sameJson see plain strings.
import type { DocHandle } from '@automerge/automerge-repo/slim';
import { ImmutableString, isImmutableString } from '@automerge/automerge/slim';
import { WHOLE_STRING_KEYS } from '@beamstage/layers';

type Obj = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Obj => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * Wraps, in place, every string under a whole-string key of a plain value (a document about to be
 * created, a layer about to be written) and returns it. `key` names the value itself when it is
 * a string written under that key.
 */
export function wrapWholeStrings<T>(value: T, key = ''): T {
  if (typeof value === 'string') return (WHOLE_STRING_KEYS.has(key) ? new ImmutableString(value) : value) as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = wrapWholeStrings(value[i] as unknown, '');
    return value;
  }
  if (!isPlainObject(value)) return value;
  const obj: Obj = value;
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    if (typeof v === 'string') {
      if (WHOLE_STRING_KEYS.has(k)) obj[k] = new ImmutableString(v);
    } else if (typeof v === 'object' && v !== null) {
      wrapWholeStrings(v, k);
    }
  }
  return value;
}

/** Paths (from the document root) of whole-string keys still held as text: documents from before whole strings. */
export function textWholeStringPaths(doc: unknown): (string | number)[][] {
  const out: (string | number)[][] = [];
  const path: (string | number)[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        if (typeof v === 'object' && v !== null) {
          path.push(i);
          walk(v);
          path.pop();
        }
      });
      return;
    }
    if (!isPlainObject(value)) return;
    for (const k of Object.keys(value)) {
      const v = value[k];
      if (typeof v === 'string') {
        if (WHOLE_STRING_KEYS.has(k)) out.push([...path, k]);
      } else if (typeof v === 'object' && v !== null && !isImmutableString(v)) {
        path.push(k);
        walk(v);
        path.pop();
      }
    }
  };
  walk(doc);
  return out;
}

/**
 * Migrates a document opened from storage: every whole-string key still held as text is
 * rewritten as one ImmutableString in one change (its old text operations stay in history; new
 * writes cost one operation). Returns how many strings were rewritten; a current document costs
 * one read pass and no change.
 */
export function migrateWholeStrings<T>(handle: DocHandle<T>): number {
  const paths = textWholeStringPaths(handle.doc());
  if (paths.length === 0) return 0;
  handle.change(
    (draft) => {
      for (const path of paths) {
        let parent = draft as unknown as Obj;
        for (let i = 0; i < path.length - 1; i++) parent = parent[path[i] as string] as Obj;
        const key = path[path.length - 1] as string;
        const text = parent[key];
        if (typeof text === 'string') parent[key] = new ImmutableString(text);
      }
    },
    { message: 'store long strings whole' },
  );
  return paths.length;
}
