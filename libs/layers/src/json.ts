/** A nominal type: a string that is known to be a particular kind of id. */
export type Brand<T, B extends string> = T & { readonly __brand: B };

/** Any value that survives JSON (and Automerge: no undefined). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Deep copy of a JSON-safe value (drops undefined, which Automerge rejects). */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** True for a plain, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
