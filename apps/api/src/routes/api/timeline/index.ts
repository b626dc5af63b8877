import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors/api-error';
import { removeChecked, type RemovalPlan } from '../../../projects/checked-removal';
import type { SchemaTypeProvider } from '../../../schemas/from-schema';
import { removedAnswer, timelineCleanupBody, timelineDeleteBody } from '../../../schemas/projects';

const security = [{ bearer: [] }];
const response = { 200: removedAnswer };

/** /api/timeline/delete and /api/timeline/cleanup. */
export default async function timelineRoutes(parent: FastifyInstance) {
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
    const plan: RemovalPlan[] = [];
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
