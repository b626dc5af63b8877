import type { ProjectJson } from '@beamstage/layers';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../errors/api-error';
import { requireRole } from '../../../projects/access';
import { assertWithinLimits, documentLimitsFor, PROJECT_BODY_LIMIT_BYTES, projectLimits } from '../../../projects/document-limits';
import { chargeHeavyWrite, HEAVY_BODY_BYTES, withHeavyWriteSlot } from '../../../projects/heavy-writes';
import { mergeProjectBody, type KeptChange } from '../../../projects/merge-project';
import { createProject, duplicateProject } from '../../../projects/new-project';
import { deleteProject, listProjects, readProject } from '../../../projects/project-repository';
import { closePublicSockets, setPublished, unpublish } from '../../../projects/publication';
import { readPublicAnswer } from '../../../projects/public-project';
import type { SchemaTypeProvider } from '../../../schemas/from-schema';
import { errorBody, projectBody, projectParams, publicQuery, projectIdBody, projectRefBody, publishBody, updateAnswer } from '../../../schemas/projects';
import { memberRoutes } from './members';

const security = [{ bearer: [] }];
const tags = ['projects'];
/** The request body's size as sent (content-length), for the heavy-write gate. */
const bodyBytes = (headers: Record<string, unknown>) => Number(headers['content-length'] ?? 0) || 0;
const withRevision = (data: ProjectJson, revision: number) => ({ ...data, revision });

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
      const cached = await readPublicAnswer(app.db, q.id);
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
      const data = await withHeavyWriteSlot(request.user.id, bodyBytes(request.headers), () => createProject(app, request.user, request.body));
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
      const bytes = bodyBytes(request.headers);
      const result = await withHeavyWriteSlot(request.user.id, bytes, () =>
        app.sync.write(
          id as string,
          (stored) => {
            const merged = mergeProjectBody(stored, body, new Date().toISOString());
            kept = merged.kept;
            return merged.project;
          },
          undefined,
          { heavyBody: bytes >= HEAVY_BODY_BYTES },
        ),
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
      // The copy is the caller's, so their plan's limits apply: a free user may read a paid owner's
      // 1,000-layer project but may not own a copy of it.
      assertWithinLimits(stored.data, documentLimitsFor(request.user.planId));
      // A copy is as heavy as a create of the same project (converted, its document built and
      // stored): charged and queued as that create's body would be, by the project's size as JSON.
      const bytes = Buffer.byteLength(JSON.stringify(stored.data));
      chargeHeavyWrite(request.user.id, bytes);
      const data = await withHeavyWriteSlot(request.user.id, bytes, () => duplicateProject(app, request.user.id, stored));
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
