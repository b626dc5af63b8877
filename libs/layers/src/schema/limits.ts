// Size limits of a project (design.md section 4, rule 14): checked on a request body before it is
// converted into Automerge or stored, and on the server's document after a live change. One walk
// over the value, bounded by the depth limit, so a hostile body costs no more than reading it.
import { isRecord, textOf } from './json';

/** The limits one project must keep. */
export interface DocumentLimits {
  /** Layers in the project (and in any one scene). */
  maxLayers: number;
  /** Timeline keyframes. */
  maxKeyframes: number;
  /** Scenes. */
  maxScenes: number;
  /** The project as JSON, in bytes (an estimate made while walking it). */
  maxDocumentBytes: number;
  /** Nesting of objects and arrays. */
  maxDepth: number;
  /** A data URL or media source (`src`, `data`, `thumbnail`). */
  maxDataUrlChars: number;
  /** Code and markup (`html`, `code`, `css`, `vertexSrc`, `fragmentSrc`). */
  maxCodeChars: number;
  /** A description. */
  maxDescriptionChars: number;
  /** Any other string (names, URLs, ids, colours). */
  maxStringChars: number;
}

/** What a limit refused: the HTTP status (413 too large, 400 malformed) and a message naming the limit. */
export interface LimitViolation {
  limit: keyof DocumentLimits;
  status: 400 | 413;
  message: string;
}

const KB = 1024;
const MB = 1024 * KB;

/** The free plan's limits; paid plans raise the counts and sizes (apps/api decides by plan). */
export const DEFAULT_DOCUMENT_LIMITS: Readonly<DocumentLimits> = Object.freeze({
  maxLayers: 500,
  maxKeyframes: 10_000,
  maxScenes: 100,
  maxDocumentBytes: 2 * MB,
  maxDepth: 32,
  maxDataUrlChars: 1 * MB,
  maxCodeChars: 256 * KB,
  maxDescriptionChars: 10_000,
  maxStringChars: 8 * KB,
});

/** Keys whose strings hold data URLs or media sources. */
export const DATA_URL_KEYS: ReadonlySet<string> = new Set(['src', 'data', 'thumbnail']);
/** Keys whose strings hold code or markup. */
export const CODE_KEYS: ReadonlySet<string> = new Set(['html', 'code', 'css', 'vertexSrc', 'fragmentSrc']);
/**
 * Keys whose strings never merge character by character (data URLs, code until it is Run,
 * descriptions): the document stores them as whole values (design.md section 2).
 */
export const WHOLE_STRING_KEYS: ReadonlySet<string> = new Set([...DATA_URL_KEYS, ...CODE_KEYS, 'description']);

const fmt = (n: number) => n.toLocaleString('en-US');
const size = (bytes: number) => (bytes >= MB ? `${fmt(Math.round((bytes / MB) * 10) / 10)} MB` : `${fmt(Math.round(bytes / KB))} KB`);

/** The number of entries of a list (exchange JSON) or a keyed map (the document). */
function entries(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return isRecord(value) ? Object.keys(value).length : 0;
}

function stringLimit(key: string, limits: DocumentLimits): { max: number; what: keyof DocumentLimits } {
  if (DATA_URL_KEYS.has(key)) return { max: limits.maxDataUrlChars, what: 'maxDataUrlChars' };
  if (CODE_KEYS.has(key)) return { max: limits.maxCodeChars, what: 'maxCodeChars' };
  if (key === 'description') return { max: limits.maxDescriptionChars, what: 'maxDescriptionChars' };
  return { max: limits.maxStringChars, what: 'maxStringChars' };
}

/**
 * Checks a project (exchange JSON or document shape, or a raw request body) against the limits and
 * returns the first one it breaks, or null. Reads every value once and stops at the first breach.
 */
export function checkDocumentLimits(project: unknown, limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS): LimitViolation | null {
  if (!isRecord(project)) return null;
  const layers = entries(project.layers);
  if (layers > limits.maxLayers)
    return { limit: 'maxLayers', status: 413, message: `A project may have at most ${fmt(limits.maxLayers)} layers (this one has ${fmt(layers)})` };
  const timeline = isRecord(project.timeline) ? project.timeline : {};
  const keyframes = entries(timeline.keyframes);
  if (keyframes > limits.maxKeyframes)
    return { limit: 'maxKeyframes', status: 413, message: `A project may have at most ${fmt(limits.maxKeyframes)} keyframes (this one has ${fmt(keyframes)})` };
  const scenes = entries(project.scenes);
  if (scenes > limits.maxScenes)
    return { limit: 'maxScenes', status: 413, message: `A project may have at most ${fmt(limits.maxScenes)} scenes (this one has ${fmt(scenes)})` };
  const sceneList = Array.isArray(project.scenes) ? project.scenes : isRecord(project.scenes) ? Object.values(project.scenes) : [];
  for (const scene of sceneList) {
    const n = isRecord(scene) ? entries(scene.layers) : 0;
    if (n > limits.maxLayers)
      return { limit: 'maxLayers', status: 413, message: `A scene may have at most ${fmt(limits.maxLayers)} layers (one has ${fmt(n)})` };
  }

  const path: string[] = [];
  let bytes = 0;
  let violation: LimitViolation | null = null;
  const walk = (value: unknown, key: string, depth: number): void => {
    if (violation) return;
    const text = textOf(value);
    if (text !== null) {
      bytes += text.length + 2;
      const { max, what } = stringLimit(key, limits);
      if (text.length > max)
        violation = { limit: what, status: 413, message: `${path.join('.') || key} may be at most ${fmt(max)} characters (this one has ${fmt(text.length)})` };
      return;
    }
    if (typeof value !== 'object' || value === null) {
      bytes += 8;
      return;
    }
    if (depth > limits.maxDepth) {
      violation = { limit: 'maxDepth', status: 400, message: `A project may nest values at most ${fmt(limits.maxDepth)} levels deep` };
      return;
    }
    bytes += 2;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length && !violation; i++) {
        path.push(String(i));
        walk(value[i], key, depth + 1);
        path.pop();
      }
    } else {
      for (const k of Object.keys(value)) {
        if (violation) return;
        bytes += k.length + 4;
        path.push(k);
        walk((value as Record<string, unknown>)[k], k, depth + 1);
        path.pop();
      }
    }
    if (!violation && bytes > limits.maxDocumentBytes) {
      violation = { limit: 'maxDocumentBytes', status: 413, message: `A project may be at most ${size(limits.maxDocumentBytes)} as JSON` };
    }
  };
  walk(project, '', 0);
  return violation;
}

/**
 * The deepest nesting of objects and arrays in JSON text, read without parsing it (strings are
 * skipped); stops counting once `stopAt` is passed. Lets a server refuse a 50,000-deep body
 * before any parser or converter recurses into it.
 *
 * Strings are skipped with indexOf (a native scan): a body's few long strings (data URLs, code)
 * are most of its characters, and reading them one at a time here cost ~30 ms of the api's thread
 * per 3.6 MB body. A string whose closing quote might be escaped is read character by character,
 * so crafted escapes cost at most that one string twice.
 */
export function jsonNestingDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = stringEnd(text, i);
      if (i < 0) return max;
    } else if (c === 123 || c === 91) {
      if (++depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** The index of the quote closing the string opened at `open`, or -1 if it never closes. */
function stringEnd(text: string, open: number): number {
  const quote = text.indexOf('"', open + 1);
  // No backslash right before it: nothing escaped it, and no quote came earlier.
  if (quote < 0 || text.charCodeAt(quote - 1) !== 92) return quote;
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i;
  }
  return -1;
}
