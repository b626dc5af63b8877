import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../errors/api-error';
import { requireRole } from '../../../projects/access';
import { assertWithinLimits, PROJECT_BODY_LIMIT_BYTES, projectLimits } from '../../../projects/document-limits';
import { chargeHeavyWrite, HEAVY_BODY_BYTES, withHeavyWriteSlot } from '../../../projects/heavy-writes';
import { mergeScenesBody, type KeptChange } from '../../../projects/merge-project';
import { readProject } from '../../../projects/project-repository';
import type { SchemaTypeProvider } from '../../../schemas/from-schema';
import { scenesParams, scenesSaveBody, updateAnswer } from '../../../schemas/projects';

const security = [{ bearer: [] }];
const tags = ['scenes'];

/** The scenes service: GET /api/scenes/{projectId} loads, POST /api/scenes/save saves scenes and timeline. */
export default async function sceneRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<SchemaTypeProvider>();

  app.get('/:projectId', { schema: { tags, security, summary: 'Scenes and timeline of a project', params: scenesParams } }, async (request) => {
    await requireRole(app, request.user.id, request.params.projectId, 'viewer');
    await app.sync.settle(request.params.projectId);
    const stored = await readProject(app.db, request.params.projectId);
    if (!stored) throw notFound();
    return { scenes: stored.data.scenes, timeline: stored.data.timeline, revision: stored.revision, modified: stored.data.metadata.modified };
  });

  app.post(
    '/save',
    {
      bodyLimit: PROJECT_BODY_LIMIT_BYTES,
      schema: { tags, security, summary: 'Save scenes and timeline as a change', body: scenesSaveBody, response: { 200: updateAnswer } },
    },
    async (request) => {
      const { body } = request;
      await requireRole(app, request.user.id, body.projectId, 'editor');
      const bytes = Number(request.headers['content-length'] ?? 0) || 0;
      chargeHeavyWrite(request.user.id, bytes);
      assertWithinLimits({ scenes: body.scenes, timeline: body.timeline }, await projectLimits(app.db, body.projectId));
      let kept: KeptChange[] = [];
      const result = await withHeavyWriteSlot(request.user.id, bytes, () =>
        app.sync.write(
          body.projectId,
          (stored) => {
            const merged = mergeScenesBody(stored, body, new Date().toISOString());
            kept = merged.kept;
            return merged.project;
          },
          undefined,
          { heavyBody: bytes >= HEAVY_BODY_BYTES },
        ),
      );
      return { ok: true, modified: result.modified, revision: result.revision, kept };
    },
  );
}
