import type { FastifyInstance } from 'fastify';
import { ApiError, conflict } from '../errors/api-error';
import { requireRole } from './access';
import { ENTITY_KINDS, newerThan, removeEntities, type EntityKind } from './entities';
import { baseRevision } from './project-body';

const STALE = 'The project has newer changes than the ones this was computed from; reload and try again';

type Body = Record<string, unknown> & { projectId: string };

/** Which entities of one kind to remove, picked from the ids the project holds. */
export interface RemovalPlan {
  kind: EntityKind;
  ids: (all: string[]) => string[];
}

/**
 * Deletes entities of a project as a change on its document, refusing with 409 when any of them was written
 * after the revision the client sent (it would delete data the client never saw).
 */
export async function removeChecked(
  app: FastifyInstance,
  userId: string,
  body: Body,
  plan: readonly RemovalPlan[],
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
