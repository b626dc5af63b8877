// JSON and zip import (spec sections 4 and 8). Imports are hostile input: every failure is a
// ProjectImportError with a clear message, and nothing else escapes.
import JSZip from 'jszip';
import { INVALID_PROJECT_JSON, NO_PROJECT_JSON_IN_ZIP, ProjectImportError } from '../schema/errors';
import type { ProjectId, RandomBytes } from '../schema/ids';
import { createProjectId, defaultRandomBytes } from '../schema/ids';
import type { Logger } from '../schema/logger';
import { silentLogger } from '../schema/logger';
import { migrateProject } from '../schema/migrate';
import type { ProjectJson } from '../schema/types';
import { validateProject } from '../schema/validate';
import { parseJsonSafe } from './safe-json';
import type { ZipLimits } from './zip-guard';
import { DEFAULT_ZIP_LIMITS, checkZipEntries, readEntryCapped } from './zip-guard';

export interface ImportOptions {
  /** Timestamp for the fresh proj_ id. */
  nowMs: number;
  random?: RandomBytes;
  /** Validation problems are only warned about (spec section 4). */
  logger?: Logger;
  zipLimits?: Partial<ZipLimits>;
}

export interface ImportResult {
  project: ProjectJson;
  /** Validation problems and repairs, also sent to logger.warn. */
  warnings: string[];
  /** The file is newer than this code: open read-only. */
  readOnly: boolean;
}

/** A binary file that came inside a project zip. */
export interface ImportedAssetFile {
  /** Path inside the zip. */
  path: string;
  /** The asset id when the path is assets/{assetId}/{name} and the project lists that asset. */
  assetId: string | null;
  name: string;
  mimeType: string;
  bytes: Uint8Array;
}

export interface ZipImportResult extends ImportResult {
  assets: ImportedAssetFile[];
}

function fromParsed(data: unknown, options: ImportOptions): ImportResult {
  const logger = options.logger ?? silentLogger;
  const validation = validateProject(data);
  const migrated = migrateProject(data);
  const warnings = [...validation.errors, ...migrated.warnings];
  for (const w of warnings) logger.warn(w);
  const id: ProjectId = createProjectId(options.nowMs, options.random ?? defaultRandomBytes);
  migrated.project.id = id;
  migrated.project.metadata.id = id;
  return { project: migrated.project, warnings, readOnly: migrated.readOnly };
}

function clear(e: unknown, fallback: string): ProjectImportError {
  if (e instanceof ProjectImportError) return e;
  return new ProjectImportError(fallback);
}

/** Imports a project JSON text: fresh proj_ id, validation problems only warned, objects rebuilt. */
export function importProjectJson(text: string, options: ImportOptions): ImportResult {
  try {
    return fromParsed(parseJsonSafe(text), options);
  } catch (e) {
    throw clear(e, INVALID_PROJECT_JSON);
  }
}

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  json: 'application/json',
  glsl: 'text/plain',
  txt: 'text/plain',
};

function mimeOf(name: string): string {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return MIME_BY_EXT[ext] ?? 'application/octet-stream';
}

/** Imports a project zip: project.json at the root is required; files under assets/ come back as bytes. */
export async function importProjectZip(data: Uint8Array | ArrayBuffer, options: ImportOptions): Promise<ZipImportResult> {
  const limits: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...options.zipLimits };
  try {
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
    if (bytes.length > limits.maxZipBytes) throw new ProjectImportError(`ZIP file is too large (max ${limits.maxZipBytes} bytes)`);
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(bytes, { checkCRC32: true, createFolders: false });
    } catch {
      throw new ProjectImportError('Invalid ZIP file');
    }
    checkZipEntries(zip, limits);
    const entry = zip.files['project.json'];
    if (!entry || entry.dir) throw new ProjectImportError(NO_PROJECT_JSON_IN_ZIP);
    let budget = limits.maxInflatedBytes;
    const jsonBytes = await readEntryCapped(entry, budget);
    budget -= jsonBytes.length;
    const text = new TextDecoder('utf-8').decode(jsonBytes);
    const result = fromParsed(parseJsonSafe(text), options);
    const known = new Set(result.project.assets.map((a) => a.id as string));
    const assets: ImportedAssetFile[] = [];
    for (const file of Object.values(zip.files)) {
      if (file.dir || !file.name.startsWith('assets/')) continue;
      const b = await readEntryCapped(file, budget);
      budget -= b.length;
      const parts = file.name.split('/');
      const name = parts[parts.length - 1] ?? file.name;
      const candidate = parts.length === 3 ? parts[1]! : null;
      assets.push({ path: file.name, assetId: candidate && known.has(candidate) ? candidate : null, name, mimeType: mimeOf(name), bytes: b });
    }
    return { ...result, assets };
  } catch (e) {
    throw clear(e, 'Invalid ZIP file');
  }
}
