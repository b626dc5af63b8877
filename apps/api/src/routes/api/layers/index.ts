import type { FastifyInstance } from 'fastify';
import { removeChecked } from '../../../projects/checked-removal';
import type { SchemaTypeProvider } from '../../../schemas/from-schema';
import { layerCleanupBody, layerDeleteBody, removedAnswer } from '../../../schemas/projects';

const security = [{ bearer: [] }];
const response = { 200: removedAnswer };

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

