import { createProjectId, normalizeDoc, toDoc, toJson, type ProjectJson } from '@beamstage/layers';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../errors/api-error';
import { requireRole } from '../../../projects/access';
import { mergeProject, stampAll, type KeptChange } from '../../../projects/entities';
import { chargeHeavyWrite, withHeavyWriteSlot } from '../../../projects/heavy-writes';
import { assertWithinLimits, documentLimitsFor, PROJECT_BODY_LIMIT_BYTES, projectLimits } from '../../../projects/document-limits';
import { baseRevision, normaliseProjectBody } from '../../../projects/project-body';
import { withProjectSlot } from '../../../projects/project-limit';
import { deleteProject, insertProject, listMembers, listProjects, readProject, readPublished, readRealtime, readRevision } from '../../../projects/project-repository';
import { publicAnswer } from '../../../projects/public-cache';
import { publicProjectJson } from '../../../projects/public-project';
import { memberRoutes } from './members';
import type { SchemaTypeProvider } from '../../../schemas/from-schema';
import { errorBody, projectBody, projectParams, publicQuery, projectIdBody, projectRefBody, publishBody, updateAnswer } from '../../../schemas/projects';

const security = [{ bearer: [] }];
const tags = ['projects'];
/** The request body's size as sent (content-length), for the heavy-write gate. */
const bodyBytes = (headers: Record<string, unknown>) => Number(headers['content-length'] ?? 0) || 0;
const withRevision = (data: ProjectJson, revision: number) => ({ ...data, revision });

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

/** Publication on the document (metadata.isPublic, syncEnabled) and on the row's columns, in one write. */
async function setPublished(app: FastifyInstance, projectId: string, isPublic: boolean, realtime: boolean): Promise<void> {
  await app.sync.write(projectId, (stored) => ({ ...stored.data, metadata: { ...stored.data.metadata, isPublic, syncEnabled: realtime } }), {
    isPublic,
    realtime,
  });
}

/**
 * Unpublishes and keeps the project's live setting (metadata.syncEnabled and the realtime column):
 * nothing public follows an unpublished project anyway (tickets and the list ask for isPublic too),
 * and a later publish from the editor or the dashboard asks for that setting, so it comes back live.
 */
async function unpublish(app: FastifyInstance, projectId: string): Promise<void> {
  const realtime = await readRealtime(app.db, projectId);
  await app.sync.write(projectId, (stored) => ({ ...stored.data, metadata: { ...stored.data.metadata, isPublic: false } }), { isPublic: false, realtime });
}

/**
 * Closes the sockets that followed the project only because it was public and live: anonymous
 * projectors and signed-in non-members holding read-only tickets.
 */
async function closePublicSockets(app: FastifyInstance, projectId: string, ownerId: string, reason: string): Promise<void> {
  const members = new Set((await listMembers(app.db, projectId, ownerId)).map((m) => m.userId));
  app.sync.closeSockets(projectId, (t) => t.mode === 'read-only' && (t.userId === null || !members.has(t.userId)), reason);
}
/** /api/projects/*: list, get, create, update, delete, duplicate, publish, unpublish, public; members. */
export default async function projectRoutes(parent: FastifyInstance) {
  await parent.register(memberRoutes);
  const app = parent.withTypeProvider<SchemaTypeProvider>();

  app.get('/list', { schema: { tags, security, summary: 'Own and shared projects' } }, async (request) => ({
    projects: await listProjects(app.db, request.user.id),
  }));

  app.get(
    '/public',
    {
      // Projectors poll this: no per-request info log lines (errors still log).
      logLevel: 'warn',
      config: {
        anonymous: true,
        rateLimit: { max: app.config.publicRateLimitPerMinute, timeWindow: '1 minute', keyGenerator: (request: { ip: string }) => `pub:${request.ip}` },
      },
      schema: {
        tags,
        summary: 'A published project (no auth)',
        querystring: publicQuery,
        response: { 404: errorBody },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const cached = await publicAnswer(q.id, async (heldRevision) => {
        // Publish, unpublish and every content write move the revision: same revision, same answer.
        if (heldRevision !== null && (await readRevision(app.db, q.id)) === heldRevision) return 'unchanged';
        const found = await readPublished(app.db, q.id, undefined);
        return {
          body: found ? JSON.stringify(publicProjectJson(found.data, found.realtime)) : null,
          ownerId: found?.ownerId ?? null,
          revision: found?.revision ?? null,
        };
      });
      if (!cached.body || (q.userId && cached.ownerId !== q.userId)) throw notFound();
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(cached.body);
    },
  );

  app.get('/:id', { schema: { tags, security, summary: 'A project the caller may read', params: projectParams } }, async (request) => {
    await requireRole(app, request.user.id, request.params.id, 'viewer');
    await app.sync.settle(request.params.id);
    const stored = await readProject(app.db, request.params.id);
    if (!stored) throw notFound();
    return withRevision({ ...stored.data, metadata: { ...stored.data.metadata, isPublic: stored.isPublic } }, stored.revision);
  });

  app.post(
    '/create',
    {
      bodyLimit: PROJECT_BODY_LIMIT_BYTES,
      schema: { tags, security, summary: 'Create a project (403 "Project limit reached")', body: projectBody, response: { 201: projectBody, 403: errorBody } },
    },
    async (request, reply) => {
      // Limits before any conversion: a hostile body never reaches the converters or Automerge.
      chargeHeavyWrite(request.user.id, bodyBytes(request.headers));
      assertWithinLimits(request.body, documentLimitsFor(request.user.planId));
      const data = await withHeavyWriteSlot(request.user.id, bodyBytes(request.headers), async () => {
        const now = Date.now();
        const id = createProjectId(now);
        const body = normaliseProjectBody(request.body, id, new Date(now).toISOString(), { partial: true });
        body.metadata.created = body.metadata.modified;
        body.metadata.isPublic = false;
        if (!body.metadata.author && request.user.name) body.metadata.author = request.user.name;
        const doc = asDocument(body);
        await insertWithDocument(app, request.user.id, doc);
        return doc;
      });
      return reply.code(201).send(withRevision(data, 1));
    },
  );

  app.post(
    '/update',
    {
      bodyLimit: PROJECT_BODY_LIMIT_BYTES,
      schema: {
        tags,
        security,
        summary: 'Apply a project body as a change; `kept` names what a newer server value overrode',
        body: projectBody,
        response: { 200: updateAnswer },
      },
    },
    async (request) => {
      const { body } = request;
      const meta = (typeof body.metadata === 'object' && body.metadata) || {};
      const id = (typeof body.id === 'string' && body.id) || (meta as { id?: unknown }).id;
      await requireRole(app, request.user.id, id, 'editor');
      chargeHeavyWrite(request.user.id, bodyBytes(request.headers));
      // The body first (cheap, before any conversion); the merged result is checked again by the authority.
      assertWithinLimits(body, await projectLimits(app.db, id as string));
      // What the merge kept over the client's values (the last run's: a retried write merges again).
      let kept: KeptChange[] = [];
      const result = await withHeavyWriteSlot(request.user.id, bodyBytes(request.headers), () =>
        app.sync.write(id as string, (stored) => {
          const incoming = normaliseProjectBody(body, stored.id, new Date().toISOString(), { partial: false });
          // Publication and authorship are not the client's to change here.
          incoming.metadata.isPublic = stored.isPublic;
          incoming.metadata.created = stored.data.metadata.created;
          const base = baseRevision(body, { revision: stored.revision, modified: stored.data.metadata.modified });
          const merged = mergeProject(stored.data, incoming, stored.entityRevs, base);
          kept = merged.kept;
          return merged.project;
        }),
      );
      // Never a silent 200: what did not apply is named, field by field (empty when all did).
      return { ok: true, modified: result.modified, revision: result.revision, kept };
    },
  );

  app.post('/delete', { schema: { tags, security, summary: 'Delete a project (owner)', body: projectIdBody } }, async (request) => {
    const { id } = request.body;
    await requireRole(app, request.user.id, id, 'owner');
    await app.sync.settle(id);
    await deleteProject(app.db, id);
    // The row is gone (the project is deleted for every caller); the rest is cleanup that logs.
    await app.sync
      .removeDoc(id)
      .catch((err: unknown) => app.log.error({ err: err instanceof Error ? err.message : err, projectId: id }, 'Removing a project document failed'));
    await app.uploads
      .removeProjectObjects(request.user.id, id)
      .catch((err: unknown) => app.log.error({ err: err instanceof Error ? err.message : err, projectId: id }, 'Removing project objects failed'));
    return { ok: true };
  });

  app.post(
    '/duplicate',
    { schema: { tags, security, summary: 'Copy a project the caller may read into their own', body: projectIdBody } },
    async (request, reply) => {
      const { id } = request.body;
      await requireRole(app, request.user.id, id, 'viewer');
      await app.sync.settle(id);
      const stored = await readProject(app.db, id);
      if (!stored) throw notFound();
      const now = Date.now();
      const newId = createProjectId(now);
      const iso = new Date(now).toISOString();
      const copy: ProjectJson = structuredClone(stored.data);
      copy.id = newId;
      copy.metadata = { ...copy.metadata, id: newId, name: `${copy.metadata.name} Copy`, created: iso, modified: iso, isPublic: false };
      const data = asDocument(copy);
      await insertWithDocument(app, request.user.id, data);
      return reply.code(201).send(withRevision(data, 1));
    },
  );

  app.post('/publish', { schema: { tags, security, summary: 'Publish a project (owner)', body: publishBody } }, async (request) => {
    const { projectId, enableRealtime } = request.body;
    await requireRole(app, request.user.id, projectId, 'owner');
    const realtime = enableRealtime === true;
    await setPublished(app, projectId, true, realtime);
    if (!realtime) {
      await closePublicSockets(app, projectId, request.user.id, 'realtime turned off');
      await app.sync.removePublicRoom(projectId);
    }
    return { ok: true, isPublic: true, realtime, projectorUrl: `${app.config.publicOrigin}/projector/${projectId}/${request.user.id}` };
  });

  app.post('/unpublish', { schema: { tags, security, summary: 'Unpublish a project (owner)', body: projectRefBody } }, async (request) => {
    const { projectId } = request.body;
    await requireRole(app, request.user.id, projectId, 'owner');
    await unpublish(app, projectId);
    await closePublicSockets(app, projectId, request.user.id, 'project unpublished');
    // The next publication starts a fresh public room: nothing edited while unpublished is in its history.
    await app.sync.removePublicRoom(projectId);
    return { ok: true, isPublic: false };
  });
}
