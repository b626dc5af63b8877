import type { FastifyInstance } from 'fastify';

/** GET /api/me: the signed-in user's row (created on the first call). */
export default async function me(app: FastifyInstance) {
  app.get(
    '/',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: {
          200: {
            type: 'object',
            properties: { id: { type: 'string' }, email: { type: ['string', 'null'] }, name: { type: ['string', 'null'] }, planId: { type: 'string' } },
          },
        },
      },
    },
    async (request) => {
      const { id, email, name, planId } = request.user;
      return { id, email, name, planId };
    },
  );
}
