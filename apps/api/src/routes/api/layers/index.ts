import type { FastifyInstance } from 'fastify';
import { ApiError, conflict } from '../../../errors/api-error';
import { requireRole } from '../../../projects/access';
import { ENTITY_KINDS, newerThan, removeEntities, type EntityKind } from '../../../projects/entities';
import { baseRevision } from '../../../projects/project-body';
import type { SchemaTypeProvider } from '../../../schemas/from-schema';
import { layerCleanupBody, layerDeleteBody, okRevision, timelineCleanupBody, timelineDeleteBody } from '../../../schemas/projects';

const security = [{ bearer: [] }];
const STALE = 'The project has newer changes than the ones this was computed from; reload and try again';

type Body = Record<string, unknown> & { projectId: string };

/**
 * Deletes entities of a project as a change on its document, refusing with 409 when any of them was written
 * after the revision the client sent (it would delete data the client never saw).
 */
async function removeChecked(
  app: FastifyInstance,
  userId: string,
  body: Body,
  plan: { kind: EntityKind; ids: (all: string[]) => string[] }[],
  mustExist: boolean,
) {
  await requireRole(app, userId, body.projectId, 'editor');
  const removed: Record<string, string[]> = {};
  const result = await app.sync.write(body.projectId, (stored) => {
    const base = baseRevision(body, { revision: stored.revision, modified: stored.data.metadata.modified });
    const data = structuredClone(stored.data);
    const revs = { ...stored.entityRevs };
    for (const { kind, ids } of plan) {
      const all = ENTITY_KINDS[kind].get(data) as unknown as { id: string }[];
      const targets = ids(all.map((e) => e.id));
      if (mustExist && targets.length === 0) throw new ApiError(404, `No such ${kind} in this project`);
      if (newerThan(revs, kind, targets, base).length > 0) throw conflict(STALE);
      const set = new Set(targets);
      removed[kind] = removeEntities(data, revs, kind, (id) => set.has(id));
      if (kind === 'layer' && set.size > 0) {
        // Keyframes of a deleted layer go with it.
        const ofLayers = new Set<string>(data.timeline.keyframes.filter((k) => set.has(k.layerId)).map((k) => k.id));
        removed.keyframe = [...(removed.keyframe ?? []), ...removeEntities(data, revs, 'keyframe', (id) => ofLayers.has(id))];
      }
    }
    return data;
  });
  return { ok: true, removed, modified: result.modified, revision: result.revision };
}

const response = {
  200: {
    ...okRevision,
    properties: { ...okRevision.properties, removed: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
  },
};

/** /api/layers/delete and /api/layers/cleanup. */
export default async function layerRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<SchemaTypeProvider>();
  app.delete('/delete', { schema: { tags: ['layers'], security, body: layerDeleteBody, response } }, async (request) => {
    const { body } = request;
    return removeChecked(parent, request.user.id, body, [{ kind: 'layer', ids: (all) => all.filter((id) => id === body.layerId) }], true);
  });
  app.post('/cleanup', { schema: { tags: ['layers'], security, body: layerCleanupBody, response } }, async (request) => {
    const { body } = request;
    const valid = new Set(body.validLayerIds);
    return removeChecked(parent, request.user.id, body, [{ kind: 'layer', ids: (all) => all.filter((id) => !valid.has(id)) }], false);
  });
}

/** /api/timeline/delete and /api/timeline/cleanup. */
export async function timelineRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<SchemaTypeProvider>();
  app.delete('/delete', { schema: { tags: ['timeline'], security, body: timelineDeleteBody, response } }, async (request) => {
    const { body } = request;
    if (!body.keyframeId && !body.timelineSceneId) throw new ApiError(400, 'Send keyframeId or timelineSceneId');
    const plan = body.keyframeId
      ? [{ kind: 'keyframe' as const, ids: (all: string[]) => all.filter((id) => id === body.keyframeId) }]
      : [{ kind: 'timelineScene' as const, ids: (all: string[]) => all.filter((id) => id === body.timelineSceneId) }];
    return removeChecked(parent, request.user.id, body, plan, true);
  });
  app.post('/cleanup', { schema: { tags: ['timeline'], security, body: timelineCleanupBody, response } }, async (request) => {
    const { body } = request;
    const plan: { kind: EntityKind; ids: (all: string[]) => string[] }[] = [];
    if (body.validKeyframeIds) {
      const valid = new Set(body.validKeyframeIds);
      plan.push({ kind: 'keyframe', ids: (all) => all.filter((id) => !valid.has(id)) });
    }
    if (body.validTimelineSceneIds) {
      const valid = new Set(body.validTimelineSceneIds);
      plan.push({ kind: 'timelineScene', ids: (all) => all.filter((id) => !valid.has(id)) });
    }
    return removeChecked(parent, request.user.id, body, plan, false);
  });
}
