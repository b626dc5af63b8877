import type { FastifyInstance } from 'fastify';

/**
 * GET /api/time: the server's wall clock. Editors and projectors estimate their offset to it from
 * the round trip (libs/timeline estimateClockOffset), so every player of a show agrees on "now".
 */
export default async function serverTime(app: FastifyInstance) {
  app.get(
    '/',
    {
      schema: {
        tags: ['time'],
        summary: "The server's wall clock in milliseconds (for clock offset estimates)",
        response: { 200: { type: 'object', required: ['now'], properties: { now: { type: 'number' } } } },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { now: Date.now() };
    },
  );
}
