import { createHash } from 'node:crypto';
import type { ProjectJson } from '@beamstage/layers';

/**
 * Strings at least this long (data URLs, HTML, shader and p5 code) are kept out of the project's
 * row, in project_texts. The embedded database serves one statement at a time: rewriting a 3.9 MB
 * row took 150-230 ms under load, and every other user's request waited behind it. Out of the row,
 * a long string is written once (a write that keeps it writes nothing of it) and in parts.
 */
export const LONG_TEXT_CHARS = 32 * 1024;

/** Where a long string sits in the row's JSON, and its SHA-256 (hex) in project_texts. */
export type TextRef = [path: (string | number)[], hash: string];

export interface SplitRow {
  /** The JSON with every long string replaced by '' (its place is in `refs`). */
  data: ProjectJson;
  refs: TextRef[];
  /** hash -> the string. */
  texts: Map<string, string>;
}

export const textHash = (text: string): string => createHash('sha256').update(text).digest('hex');

type Json = unknown;

/**
 * Takes the long strings out of a project's JSON. Containers on the way to a long string are
 * copied; everything else is shared with the input, which is never modified.
 */
export function splitLongTexts(data: ProjectJson): SplitRow {
  const refs: TextRef[] = [];
  const texts = new Map<string, string>();
  // One path, pushed and popped on the way down: copied only for a long string (every row write
  // walks the whole project).
  const path: (string | number)[] = [];
  const visit = (key: string | number, child: Json): Json => {
    // The api refuses such keys in bodies (json-body.ts); never assign one to an object.
    if (key === '__proto__') throw new Error('A project may not have a "__proto__" key');
    path.push(key);
    const next = walk(child);
    path.pop();
    return next;
  };
  const walk = (value: Json): Json => {
    if (typeof value === 'string') {
      if (value.length < LONG_TEXT_CHARS) return value;
      const hash = textHash(value);
      texts.set(hash, value);
      refs.push([[...path], hash]);
      return '';
    }
    if (value === null || typeof value !== 'object') return value;
    // Copied on the first child that changes (no closure per object: this runs for every value).
    if (Array.isArray(value)) {
      let copy: Json[] | null = null;
      for (let i = 0; i < value.length; i++) {
        const next = visit(i, value[i]);
        if (next !== value[i]) (copy ??= [...value])[i] = next;
      }
      return copy ?? value;
    }
    let copy: Record<string, Json> | null = null;
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      const child = (value as Record<string, Json>)[key];
      const next = visit(key, child);
      if (next !== child) (copy ??= { ...(value as Record<string, Json>) })[key] = next;
    }
    return copy ?? value;
  };
  return { data: walk(data) as ProjectJson, refs, texts };
}

/** Puts the long strings back where `refs` says (the inverse of splitLongTexts); copies only what it changes. */
export function joinLongTexts(data: ProjectJson, refs: readonly TextRef[], texts: ReadonlyMap<string, string>): ProjectJson {
  let root = data as Json;
  for (const [path, hash] of refs) {
    const text = texts.get(hash);
    if (text === undefined) throw new Error(`A long text of the project is missing (${hash.slice(0, 12)})`);
    root = setAt(root, path, 0, text);
  }
  return root as ProjectJson;
}

function setAt(node: Json, path: readonly (string | number)[], at: number, text: string): Json {
  if (at === path.length) return text;
  if (node === null || typeof node !== 'object') throw new Error(`A long text's place (${path.join('/')}) is not in the project`);
  const key = path[at]!;
  if (key === '__proto__') throw new Error('A project may not have a "__proto__" key');
  const copy = Array.isArray(node) ? [...node] : { ...(node as Record<string, Json>) };
  (copy as Record<string | number, Json>)[key] = setAt((node as Record<string | number, Json>)[key], path, at + 1, text);
  return copy;
}

/** The hashes a row refers to. */
export const refHashes = (refs: readonly TextRef[]): Set<string> => new Set(refs.map(([, hash]) => hash));
