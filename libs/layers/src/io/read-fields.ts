// Typed readers for untrusted input: each returns a value of the expected type or the fallback,
// so every object is rebuilt from known fields and nothing else survives (design.md section 4, rule 7).
import type { JsonValue } from '../schema/json';
import { isRecord } from '../schema/json';
import type { Point } from '../schema/types';

/** Keys that must never be copied from input, whatever the target. */
const POISON_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** Deepest nesting kept in free-form JSON fields (uniforms, filters, maskData). */
export const MAX_JSON_DEPTH = 32;
/** Longest list kept anywhere in a project (layers, keyframes, points...). */
export const MAX_LIST_LENGTH = 100_000;

export function readString(v: unknown, fallback: string): string {
  return typeof v === 'string' ? v : fallback;
}

export function readNumber(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

export function readBoolean(v: unknown, fallback: boolean): boolean {
  return typeof v === 'boolean' ? v : fallback;
}

/** An id: a non-empty string (numbers are accepted and stringified), at most 200 characters. */
export function readId(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v.length > 0 && v.length <= 200) return v;
  return null;
}

export function readPoint(v: unknown): Point | null {
  if (!isRecord(v)) return null;
  const x = v.x;
  const y = v.y;
  if (typeof x !== 'number' || !Number.isFinite(x) || typeof y !== 'number' || !Number.isFinite(y)) return null;
  return { x, y };
}

/** Exactly four valid points, else the fallback (spec section 5). */
export function readQuad(v: unknown, fallback: () => Point[]): Point[] {
  if (!Array.isArray(v) || v.length !== 4) return fallback();
  const pts = v.map(readPoint);
  return pts.every((p): p is Point => p !== null) ? pts : fallback();
}

export function readPoints(v: unknown): Point[] {
  if (!Array.isArray(v)) return [];
  return v
    .slice(0, MAX_LIST_LENGTH)
    .map(readPoint)
    .filter((p): p is Point => p !== null);
}

export function readList(v: unknown): unknown[] {
  return Array.isArray(v) ? v.slice(0, MAX_LIST_LENGTH) : [];
}

export function readStringList(v: unknown): string[] {
  return readList(v).filter((s): s is string => typeof s === 'string');
}

/** A JSON-safe deep copy of free-form input with poison keys dropped; null for anything else. */
export function readJson(v: unknown, depth = 0): JsonValue | undefined {
  if (depth > MAX_JSON_DEPTH) return undefined;
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (Array.isArray(v)) {
    const out: JsonValue[] = [];
    for (const item of v.slice(0, MAX_LIST_LENGTH)) {
      const c = readJson(item, depth + 1);
      if (c !== undefined) out.push(c);
    }
    return out;
  }
  if (isRecord(v)) {
    const out: Record<string, JsonValue> = {};
    for (const key of Object.keys(v)) {
      if (POISON_KEYS.has(key)) continue;
      const c = readJson(v[key], depth + 1);
      if (c !== undefined) Object.defineProperty(out, key, { value: c, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return undefined;
}

export function readJsonObject(v: unknown): Record<string, JsonValue> | undefined {
  const j = readJson(v);
  return j !== undefined && j !== null && typeof j === 'object' && !Array.isArray(j) ? j : undefined;
}

/**
 * Rebuilds an object with the same keys as `defaults`: each key takes the input's value when it has
 * the default's type (free-form objects go through readJson), else the default.
 */
export function readShaped<T extends object>(v: unknown, defaults: T): T {
  const src = isRecord(v) ? v : {};
  const out: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(defaults)) {
    const value = src[key];
    if (def !== null && typeof def === 'object') {
      const j = Array.isArray(def) ? (Array.isArray(value) ? readJson(value) : undefined) : readJsonObject(value);
      out[key] = j ?? def;
    } else if (typeof value === typeof def && (typeof value !== 'number' || Number.isFinite(value))) {
      out[key] = value;
    } else {
      out[key] = def;
    }
  }
  return out as T;
}
