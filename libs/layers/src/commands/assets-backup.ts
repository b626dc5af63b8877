// Assets and backups (spec sections 3 and 5).
import type { ProjectDoc } from '../document/doc';
import { cloneJson, isRecord } from '../schema/json';
import { migrateProject } from '../schema/migrate';
import { keyBetween } from '../document/order-key';
import { compareOrdered } from '../document/order-key';
import { ProjectImportError } from '../schema/errors';
import type { Asset, BackupRecord, ProjectJson } from '../schema/types';

/** Adds an asset; a duplicate asset id is ignored (spec section 5). Returns whether it was added. */
export function addAsset(doc: ProjectDoc, asset: Asset): boolean {
  if (doc.assets[asset.id]) return false;
  const last = Object.values(doc.assets).slice().sort(compareOrdered).pop();
  doc.assets[asset.id] = { ...cloneJson(asset), order: keyBetween(last?.order ?? null, null) };
  return true;
}

/** Removes an asset; returns the removed one so a failed cloud delete can put it back. */
export function removeAsset(doc: ProjectDoc, id: string): Asset | null {
  const a = doc.assets[id];
  if (!a) return null;
  const { order: _o, ...rest } = cloneJson(a);
  delete doc.assets[id];
  return rest as Asset;
}

export const MSG_BACKUP_NEEDS_PROJECT_ID = 'Backup data is missing a project id';

/** A backup record for a project at a wall-clock time. */
export function createBackupRecord(project: ProjectJson, timestampMs: number): BackupRecord {
  return { projectId: project.id, timestamp: timestampMs, date: new Date(timestampMs).toISOString(), projectData: cloneJson(project) };
}

/**
 * Project data from a backup: requires a project id in the data; layers that are not a list become
 * an empty list (spec section 5). Everything is rebuilt from known fields.
 */
export function restoreBackupData(data: unknown): ProjectJson {
  const d = isRecord(data) ? data : null;
  const meta = d && isRecord(d.metadata) ? d.metadata : null;
  const hasId = (v: unknown) => (typeof v === 'string' && v.length > 0) || typeof v === 'number';
  if (!d || (!hasId(d.id) && !hasId(meta?.id))) throw new ProjectImportError(MSG_BACKUP_NEEDS_PROJECT_ID);
  return migrateProject({ ...d, layers: Array.isArray(d.layers) ? d.layers : [] }).project;
}
