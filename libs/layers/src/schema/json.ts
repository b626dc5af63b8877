/** A nominal type: a string that is known to be a particular kind of id. */
export type Brand<T, B extends string> = T & { readonly __brand: B };

/** Any value that survives JSON (and Automerge: no undefined). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Deep copy of a JSON-safe value (drops undefined, which Automerge rejects). */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Deep JSON equality ignoring key order and undefined properties (jsonb stores keys sorted, and a
 * document read back may list keys in another order than the value written).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A value that serialises as a string (Automerge's ImmutableString) equals that string.
  a = asJsonScalar(a);
  b = asJsonScalar(b);
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameJson(v, bb[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameJson(ra[k], rb[k]));
}

/** True for a plain, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object with its own toJSON (not a plain object or array) as what it serialises to. */
function asJsonScalar(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Object.prototype || proto === null) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  return typeof toJSON === 'function' ? (toJSON as () => unknown).call(value) : value;
}

/**
 * Deep copy of plain objects and arrays (undefined properties dropped, as JSON would) that keeps
 * other objects as they are: Automerge's ImmutableString must reach the document as itself, where
 * cloneJson would turn it into a plain (character-level) string.
 */
export function copyPlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => (v === undefined ? null : copyPlain(v))) as T;
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = copyPlain(v);
  return out as T;
}
