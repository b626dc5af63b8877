// Field-level writes into a draft (a plain object or an Automerge change proxy): only changed
// fields are written, missing keys are deleted (never set to undefined), arrays are whole values.
import { cloneJson, isRecord } from './json';

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Makes target deep-equal to source by writing only what differs. */
export function assignDeep(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const key of Object.keys(target)) if (!(key in source) || source[key] === undefined) delete target[key];
  for (const key of Object.keys(source)) {
    const s = source[key];
    if (s === undefined) continue;
    const t = target[key];
    if (isRecord(s) && isRecord(t)) assignDeep(t, s);
    else if (!sameJson(t, s)) target[key] = typeof s === 'object' && s !== null ? cloneJson(s) : s;
  }
}

/** Merges a partial patch into target: undefined deletes a key, nested objects merge, arrays replace. */
export function mergePatch(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const key of Object.keys(patch)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const p = patch[key];
    if (p === undefined) {
      delete target[key];
      continue;
    }
    const t = target[key];
    if (isRecord(p) && isRecord(t)) mergePatch(t, p);
    else if (!sameJson(t, p)) target[key] = typeof p === 'object' && p !== null ? cloneJson(p) : p;
  }
}

/** Sets map[id] to value (deep, field-level) or deletes it when value is null. */
export function writeEntry<T>(map: Record<string, T>, id: string, value: T | null): void {
  if (value === null) {
    delete map[id];
    return;
  }
  const cur = map[id];
  if (isRecord(cur)) assignDeep(cur, value as Record<string, unknown>);
  else map[id] = cloneJson(value);
}
