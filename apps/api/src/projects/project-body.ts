import { migrateProject, validateProject, type ProjectId, type ProjectJson } from '@beamstage/layers';
import { badRequest } from '../errors/api-error';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Turns a client's project body into a clean ProjectJson for `id`: top-level name/description move
 * into metadata (spec section 7), the file is migrated and rebuilt from known fields by
 * @beamstage/layers (unknown and prototype keys dropped), then validated.
 */
export function normaliseProjectBody(body: unknown, id: string, nowIso: string, opts: { partial: boolean }): ProjectJson {
  const raw: Record<string, unknown> = isObj(body) ? { ...body } : {};
  const metadata: Record<string, unknown> = isObj(raw.metadata) ? { ...raw.metadata } : {};
  if (typeof raw.name === 'string') metadata.name = raw.name;
  if (typeof raw.description === 'string') metadata.description = raw.description;
  metadata.id = id;
  raw.metadata = metadata;
  raw.id = id;
  if (opts.partial) {
    // create accepts a bare {name, description}: fill what a new project has by default.
    raw.version ??= '1.0';
    raw.canvas ??= { width: 800, height: 600, background: '#000000', blendMode: 'normal' };
    raw.layers ??= [];
  }
  const check = validateProject(raw);
  if (!check.valid) throw badRequest(check.errors.join('; '));
  const { project, readOnly } = migrateProject(raw);
  if (readOnly) throw badRequest('This project was saved by a newer version of Beamstage and cannot be saved here');
  project.id = id as ProjectId;
  project.metadata.id = id as ProjectId;
  project.metadata.modified = nowIso;
  return project;
}

/** The base revision a write was computed from: `revision` if sent, else the stored one (no staleness known). */
export function baseRevision(body: Record<string, unknown>, stored: { revision: number; modified: string }): number {
  if (typeof body.revision === 'number' && Number.isInteger(body.revision)) return body.revision;
  // A client that only knows the modified time it loaded: equal means current, older means stale
  // with an unknown base, so every stamped entity counts as newer.
  if (typeof body.modified === 'string') return body.modified === stored.modified ? stored.revision : 0;
  return stored.revision;
}
