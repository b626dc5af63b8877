import { createProjectId, ENTITY_LISTS, normalizeDoc, toDoc, toJson, type ProjectDoc, type ProjectJson } from '@beamstage/layers';
import type { FastifyInstance } from 'fastify';
import { OFFLOAD_MIN_ADDITIONS, stringChars } from './additions';
import { stampAll } from './entities';
import { HEAVY_BODY_BYTES } from './heavy-writes';
import { normaliseProjectBody } from './project-body';
import { withProjectSlot } from './project-limit';
import { insertProject, storeNewTexts } from './project-repository';

/** The project as its document will hold it (normalised, history dropped) and its row's data exported from that, so both start equal. */
function asDocument(project: ProjectJson): { doc: ProjectDoc; data: ProjectJson } {
  const doc = toDoc(project);
  normalizeDoc(doc);
  return { doc, data: toJson(doc) };
}

/**
 * Whether a new project is large enough that its document is built by the document worker: many
 * entities (each ~0.7-1 ms of Automerge work here) or long strings (data URLs, code). Below it
 * the worker round trip costs more than it saves.
 */
export function isLargeProject(project: ProjectJson): boolean {
  let entities = 0;
  for (const { path } of ENTITY_LISTS) {
    const list = path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], project);
    if (Array.isArray(list)) entities += list.length;
  }
  return entities >= OFFLOAD_MIN_ADDITIONS || stringChars(project, HEAVY_BODY_BYTES) >= HEAVY_BODY_BYTES;
}

/**
 * Inserts a new project's row within the owner's plan limit, then gives it its document: every
 * project has one from the start, so there is one authority. A large project is converted once,
 * in the document worker, which also builds its document as small changes; the api's thread
 * inserts the row and applies those changes a few at a time (design.md section 4, rule 14). A
 * small one (or a worker that cannot: busy, crashed) is converted here, once: row and document
 * both come from that one document shape. Should the document fail, the row still seeds it on first use.
 */
async function insertWithDocument(app: FastifyInstance, ownerId: string, project: ProjectJson): Promise<ProjectJson> {
  const built = isLargeProject(project)
    ? await app.sync.buildProject(project).catch((err: unknown) => {
        app.log.warn(
          { err: err instanceof Error ? err.message : err, projectId: project.id },
          'New project converted on the api thread: the document worker could not',
        );
        return null;
      })
    : null;
  const here = built ? null : asDocument(project);
  const data = built?.data ?? here!.data;
  // A large project's long strings step aside for the requests being served, a part at a time (a
  // request copying one is not counted meanwhile, so it never waits for itself).
  const gate = built ? () => app.foreground.park(() => app.foreground.quiet()) : undefined;
  const split = await storeNewTexts(app.db, data, gate);
  await withProjectSlot(app, ownerId, (tx) => insertProject(tx, ownerId, data, stampAll(data, 1), split));
  await (here ? app.sync.createDoc(data.id, here.doc, 1) : app.sync.seedDoc(data.id, built!.changes, 1)).catch((err: unknown) =>
    app.log.error({ err: err instanceof Error ? err.message : err, projectId: data.id }, 'Creating a project document failed'),
  );
  return data;
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
  return insertWithDocument(app, owner.id, project);
}

/** A copy of a stored project owned by `ownerId`: a new id, "<name> Copy", created now, not public. */
export async function duplicateProject(app: FastifyInstance, ownerId: string, stored: { data: ProjectJson }): Promise<ProjectJson> {
  const now = Date.now();
  const newId = createProjectId(now);
  const iso = new Date(now).toISOString();
  // A shallow copy: conversion (here or in the worker) copies everything it keeps, and the stored row is not changed.
  const copy: ProjectJson = { ...stored.data, id: newId };
  copy.metadata = { ...copy.metadata, id: newId, name: `${copy.metadata.name} Copy`, created: iso, modified: iso, isPublic: false };
  return insertWithDocument(app, ownerId, copy);
}
