import { INVALID_PROJECT_JSON, ProjectImportError } from '../schema/errors';

/** Largest project JSON text accepted, in characters. */
export const MAX_PROJECT_JSON_CHARS = 64 * 1024 * 1024;

const POISON = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * JSON.parse that drops __proto__, constructor and prototype keys at every depth, so a parsed
 * file can never reach Object.prototype even if later code merges it carelessly.
 */
export function parseJsonSafe(text: string): unknown {
  if (typeof text !== 'string') throw new ProjectImportError(INVALID_PROJECT_JSON);
  if (text.length > MAX_PROJECT_JSON_CHARS) throw new ProjectImportError(`Project file is too large (max ${MAX_PROJECT_JSON_CHARS / 1024 / 1024} MB)`);
  try {
    return JSON.parse(text, (key, value: unknown) => (POISON.has(key) ? undefined : value));
  } catch {
    throw new ProjectImportError(INVALID_PROJECT_JSON);
  }
}
