import { createProjectId, normalizeDoc, toDoc, toJson, type ProjectJson } from '@beamstage/layers';
import type { FastifyInstance } from 'fastify';
import { stampAll } from './entities';
import { normaliseProjectBody } from './project-body';
import { withProjectSlot } from './project-limit';
import { insertProject, type StoredProject } from './project-repository';

/** The project as its document will hold it (normalised, history dropped), so row and document start equal. */
function asDocument(data: ProjectJson): ProjectJson {
  const doc = toDoc(data);
  normalizeDoc(doc);
  return toJson(doc);
}

/**
 * Inserts a new project's row within the owner's plan limit, then gives it its document: every
 * project has one from the start, so there is one authority. Should the document fail here, the
 * row still seeds it on first use.
 */
async function insertWithDocument(app: FastifyInstance, ownerId: string, data: ProjectJson): Promise<void> {
  await withProjectSlot(app, ownerId, (tx) => insertProject(tx, ownerId, data, stampAll(data, 1)));
  await app.sync
    .createDoc(data.id, data, 1)
    .catch((err: unknown) => app.log.error({ err: err instanceof Error ? err.message : err, projectId: data.id }, 'Creating a project document failed'));
}

/**
 * A new project of `owner` from a client's body (a bare `{ name, description }` is enough): a new
 * id, created = modified = now, never public, the owner's name as author unless one was given.
 */
export async function createProject(app: FastifyInstance, owner: { id: string; name?: string | null }, body: unknown): Promise<ProjectJson> {
  const now = Date.now();
  const id = createProjectId(now);
  const project = normaliseProjectBody(body, id, new Date(now).toISOString(), { partial: true });
  project.metadata.created = project.metadata.modified;
  project.metadata.isPublic = false;
  if (!project.metadata.author && owner.name) project.metadata.author = owner.name;
  const data = asDocument(project);
  await insertWithDocument(app, owner.id, data);
  return data;
}

/** A copy of a stored project owned by `ownerId`: a new id, "<name> Copy", created now, not public. */
export async function duplicateProject(app: FastifyInstance, ownerId: string, stored: StoredProject): Promise<ProjectJson> {
  const now = Date.now();
  const newId = createProjectId(now);
  const iso = new Date(now).toISOString();
  const copy: ProjectJson = structuredClone(stored.data);
  copy.id = newId;
  copy.metadata = { ...copy.metadata, id: newId, name: `${copy.metadata.name} Copy`, created: iso, modified: iso, isPublic: false };
  const data = asDocument(copy);
  await insertWithDocument(app, ownerId, data);
  return data;
}
