import { createProjectId, type ProjectJson } from '@beamstage/layers';
import type { FastifyInstance } from 'fastify';
import { notFound } from './api-error';
import { requireRole } from './access';
import { mergeProject, stampAll } from './entities';
import { applyToLiveDoc } from './live-doc';
import { baseRevision, normaliseProjectBody } from './project-body';
import { withProjectSlot } from './project-limit';
import { deleteProject, insertProject, listProjects, mutateProject, readProject, readPublished, setPublished } from './project-store';
import { getPublicCached, setPublicCached } from './public-cache';
import { publicProjectJson } from './public-project';
import { errorBody, ID_PATTERN, okRevision, projectBody, projectIdBody, projectRefBody, publishBody } from './schemas';

/** Project JSON bodies can be large (100 layers, 2000 keyframes). */
export const PROJECT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

const security = [{ bearer: [] }];
const tags = ['projects'];
const withRevision = (data: ProjectJson, revision: number) => ({ ...data, revision });

/** /api/projects/*: list, get, create, update, delete, duplicate, publish, unpublish, public. */
export async function projectRoutes(app: FastifyInstance) {
  const auth = { preHandler: app.authenticate };

  app.get('/list', { ...auth, schema: { tags, security, summary: 'Own and shared projects' } }, async (request) => ({ projects: await listProjects(app.db, request.user.id) }));

  app.get(
    '/public',
    {
      config: { rateLimit: { max: app.config.publicRateLimitPerMinute, timeWindow: '1 minute', keyGenerator: (request: { ip: string }) => `pub:${request.ip}` } },
      schema: {
        tags,
        summary: 'A published project (no auth)',
        querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 128 }, userId: { type: 'string', maxLength: 128 }, _t: { type: 'string', maxLength: 64 } } },
        response: { 404: errorBody },
      },
    },
    async (request, reply) => {
      const q = request.query as { id: string; userId?: string };
      let cached = getPublicCached(q.id);
      if (!cached) {
        const found = await readPublished(app.db, q.id, undefined);
        setPublicCached(q.id, found ? JSON.stringify(publicProjectJson(found.data, found.realtime)) : null, found?.ownerId ?? null);
        cached = getPublicCached(q.id);
      }
      if (!cached?.body || (q.userId && cached.ownerId !== q.userId)) throw notFound();
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(cached.body);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    { ...auth, schema: { tags, security, summary: 'A project the caller may read', params: { type: 'object', properties: { id: { type: 'string', pattern: ID_PATTERN } } } } },
    async (request) => {
      await requireRole(app, request.user.id, request.params.id, 'viewer');
      const stored = await readProject(app.db, request.params.id);
      if (!stored) throw notFound();
      return withRevision({ ...stored.data, metadata: { ...stored.data.metadata, isPublic: stored.isPublic } }, stored.revision);
    },
  );

  app.post(
    '/create',
    { ...auth, bodyLimit: PROJECT_BODY_LIMIT_BYTES, schema: { tags, security, summary: 'Create a project (403 "Project limit reached")', body: projectBody, response: { 201: projectBody, 403: errorBody } } },
    async (request, reply) => {
      const now = Date.now();
      const id = createProjectId(now);
      const data = normaliseProjectBody(request.body, id, new Date(now).toISOString(), { partial: true });
      data.metadata.created = data.metadata.modified;
      data.metadata.isPublic = false;
      if (!data.metadata.author && request.user.name) data.metadata.author = request.user.name;
      await withProjectSlot(app, request.user.id, (tx) => insertProject(tx, request.user.id, data, stampAll(data, 1)));
      return reply.code(201).send(withRevision(data, 1));
    },
  );

  app.post(
    '/update',
    { ...auth, bodyLimit: PROJECT_BODY_LIMIT_BYTES, schema: { tags, security, summary: 'Apply a project body as a change', body: projectBody, response: { 200: okRevision } } },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      const meta = (typeof body.metadata === 'object' && body.metadata) || {};
      const id = (typeof body.id === 'string' && body.id) || (meta as { id?: unknown }).id;
      await requireRole(app, request.user.id, id, 'editor');
      const result = await mutateProject(app.db, id as string, (stored, next) => {
        const incoming = normaliseProjectBody(body, stored.id, new Date().toISOString(), { partial: false });
        // Publication and authorship are not the client's to change here.
        incoming.metadata.isPublic = stored.isPublic;
        incoming.metadata.created = stored.data.metadata.created;
        const base = baseRevision(body, { revision: stored.revision, modified: stored.data.metadata.modified });
        const merged = mergeProject(stored.data, incoming, stored.entityRevs, base, next);
        return { data: merged.project, entityRevs: merged.revs };
      });
      await applyToLiveDoc(app, id as string, result.revision, result.data);
      return { ok: true, modified: result.modified, revision: result.revision };
    },
  );

  app.post('/delete', { ...auth, schema: { tags, security, summary: 'Delete a project (owner)', body: projectIdBody } }, async (request) => {
    const { id } = request.body as { id: string };
    await requireRole(app, request.user.id, id, 'owner');
    await deleteProject(app.db, id);
    return { ok: true };
  });

  app.post('/duplicate', { ...auth, schema: { tags, security, summary: 'Copy a project the caller may read into their own', body: projectIdBody } }, async (request, reply) => {
    const { id } = request.body as { id: string };
    await requireRole(app, request.user.id, id, 'viewer');
    const stored = await readProject(app.db, id);
    if (!stored) throw notFound();
    const now = Date.now();
    const newId = createProjectId(now);
    const iso = new Date(now).toISOString();
    const copy: ProjectJson = structuredClone(stored.data);
    copy.id = newId;
    copy.metadata = { ...copy.metadata, id: newId, name: `${copy.metadata.name} Copy`, created: iso, modified: iso, isPublic: false };
    await withProjectSlot(app, request.user.id, (tx) => insertProject(tx, request.user.id, copy, stampAll(copy, 1)));
    return reply.code(201).send(withRevision(copy, 1));
  });

  app.post('/publish', { ...auth, schema: { tags, security, summary: 'Publish a project (owner)', body: publishBody } }, async (request) => {
    const { projectId, enableRealtime } = request.body as { projectId: string; enableRealtime?: boolean };
    await requireRole(app, request.user.id, projectId, 'owner');
    const realtime = enableRealtime === true;
    await setPublished(app.db, projectId, true, realtime);
    return { ok: true, isPublic: true, realtime, projectorUrl: `${app.config.publicOrigin}/projector/${projectId}/${request.user.id}` };
  });

  app.post('/unpublish', { ...auth, schema: { tags, security, summary: 'Unpublish a project (owner)', body: projectRefBody } }, async (request) => {
    const { projectId } = request.body as { projectId: string };
    await requireRole(app, request.user.id, projectId, 'owner');
    await setPublished(app.db, projectId, false, false);
    return { ok: true, isPublic: false };
  });
}
