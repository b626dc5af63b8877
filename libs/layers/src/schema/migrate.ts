import { CURRENT_SCHEMA_VERSION, PROJECT_FORMAT_VERSION, defaultMetadata } from './defaults';
import { INVALID_PROJECT_JSON, ProjectImportError } from './errors';
import type { ProjectId } from './ids';
import { isRecord } from './json';
import { readBoolean, readId, readJsonObject, readList, readNumber, readString, readStringList, readQuad } from '../io/read-fields';
import { readAsset, readCanvas, readLayers, readScene, readTimeline, readUnique } from '../io/read-project';
import { defaultWarpPoints } from './defaults';
import type { HistoryEntryJson, ProjectJson, ProjectMetadata } from './types';

export interface MigrationResult {
  /** The project rebuilt from known fields at the current schema (or the file's, when read-only). */
  project: ProjectJson;
  /** Schema version found in the input (1 when absent). */
  fromSchemaVersion: number;
  /** True when the file is newer than this code: open it, never save it back (design.md section 2). */
  readOnly: boolean;
  /** What was repaired or dropped on the way. */
  warnings: string[];
}

function readMetadata(raw: unknown, id: string, warnings: string[]): ProjectMetadata {
  const m = isRecord(raw) ? raw : {};
  const base = defaultMetadata({ id: id as ProjectId, nowMs: 0 });
  // spec section 4: syncEnabled from metadata.syncEnabled, else the older `realtime`, else true.
  const syncEnabled = typeof m.syncEnabled === 'boolean' ? m.syncEnabled : readBoolean(m.realtime, true);
  if (typeof m.syncEnabled !== 'boolean' && typeof m.realtime === 'boolean') warnings.push('metadata.realtime migrated to metadata.syncEnabled');
  const meta: ProjectMetadata = {
    id: id as ProjectId,
    name: readString(m.name, base.name),
    description: readString(m.description, ''),
    created: readString(m.created, base.created),
    modified: readString(m.modified, readString(m.created, base.modified)),
    author: readString(m.author, ''),
    tags: readStringList(m.tags),
    isPublic: readBoolean(m.isPublic, false),
    syncEnabled,
    autoMode: readBoolean(m.autoMode, false),
  };
  const debug = readJsonObject(m.debugSettings);
  if (debug) meta.debugSettings = debug;
  return meta;
}

function readHistory(raw: unknown): ProjectJson['history'] {
  const h = isRecord(raw) ? raw : {};
  const commands: HistoryEntryJson[] = readList(h.commands).map((c) => ({
    type: isRecord(c) ? readString(c.type, 'unknown') : 'unknown',
    description: isRecord(c) ? readString(c.description, '') : '',
  }));
  const idx = Math.trunc(readNumber(h.currentIndex, -1));
  return { commands, currentIndex: Math.max(-1, Math.min(commands.length - 1, idx)) };
}

/**
 * Brings a parsed project file to the current schema: rebuilds every object from known fields,
 * renames `realtime` to `syncEnabled` (default true), defaults `autoMode` to false, and flags a
 * file newer than this code as read-only. Throws ProjectImportError only for a non-object.
 */
export function migrateProject(data: unknown): MigrationResult {
  if (!isRecord(data)) throw new ProjectImportError(INVALID_PROJECT_JSON);
  const warnings: string[] = [];
  const rawVersion = data.schemaVersion;
  const fromSchemaVersion = typeof rawVersion === 'number' && Number.isInteger(rawVersion) && rawVersion > 0 ? rawVersion : 1;
  const readOnly = fromSchemaVersion > CURRENT_SCHEMA_VERSION;
  if (readOnly) warnings.push(`Project schema ${fromSchemaVersion} is newer than ${CURRENT_SCHEMA_VERSION}: opened read-only`);
  const meta = isRecord(data.metadata) ? data.metadata : {};
  const id = readId(data.id) ?? readId(meta.id) ?? '';
  const canvas = readCanvas(data.canvas);
  const project: ProjectJson = {
    version: PROJECT_FORMAT_VERSION,
    schemaVersion: readOnly ? fromSchemaVersion : CURRENT_SCHEMA_VERSION,
    id: id as ProjectId,
    metadata: readMetadata(data.metadata, id, warnings),
    canvas,
    layers: readLayers(data.layers, canvas, warnings),
    assets: readUnique(data.assets, readAsset),
    warpPoints: readQuad(data.warpPoints, defaultWarpPoints),
    scenes: readUnique(data.scenes, readScene),
    timeline: readTimeline(data.timeline),
    history: readHistory(data.history),
  };
  return { project, fromSchemaVersion, readOnly, warnings };
}
