import type { FastifyInstance } from 'fastify';

/** GET /api/storage-usage: the caller's stored bytes against their plan. */
export default async function storageUsage(app: FastifyInstance) {
  app.get(
    '/',
    {
      schema: {
        tags: ['assets'],
        security: [{ bearer: [] }],
        summary: 'Your storage use and plan limit',
        response: {
          200: {
            type: 'object',
            properties: {
              usedBytes: { type: 'number' },
              limitBytes: { type: 'number' },
              remainingBytes: { type: 'number' },
              fileCount: { type: 'number' },
              planId: { type: 'string' },
            },
          },
        },
      },
    },
    async (request) => app.uploads.usage(request.user.id),
  );
}
