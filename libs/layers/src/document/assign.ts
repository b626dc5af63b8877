// Field-level writes into a draft (a plain object or an Automerge change proxy): only changed
// fields are written, missing keys are deleted (never set to undefined), arrays are whole values.
import { cloneJson, copyPlain, isPlainRecord, isRecord, sameJson } from '../schema/json';

/**
 * Makes target deep-equal to source by writing only what differs. `current` is what target holds
 * now, read in its place: pass the plain snapshot when target is an Automerge change proxy, whose
 * reads cost far more (a whole-project compare through the proxy took 17-80 ms even for two
 * layers); the proxy is then read only where something differs. By default target is read itself.
 * `current` may also be an older snapshot (the base a change was computed from): then only what
 * source changed relative to it is written, and whatever target gained since is kept.
 */
export function assignDeep(target: Record<string, unknown>, source: Record<string, unknown>, current: Record<string, unknown> = target): void {
  for (const key of Object.keys(current)) if (!(key in source) || source[key] === undefined) delete target[key];
  for (const key of Object.keys(source)) {
    const s = source[key];
    if (s === undefined) continue;
    const c = current[key];
    if (sameJson(c, s)) continue;
    // Nested: where target still holds an object there (a concurrent change may have removed it).
    if (isPlainRecord(s) && isPlainRecord(c) && (current === target || isRecord(target[key])))
      assignDeep(current === target ? c : (target[key] as Record<string, unknown>), s, c);
    // copyPlain, not cloneJson: whole-string values (ImmutableString) in source stay whole.
    else target[key] = typeof s === 'object' && s !== null ? copyPlain(s) : s;
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
