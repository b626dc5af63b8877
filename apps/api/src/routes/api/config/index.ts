import type { FastifyInstance } from 'fastify';

/** GET /api/config: public runtime configuration for the SPAs. */
export default async function runtimeConfig(app: FastifyInstance) {
  app.get(
    '/',
    {
      schema: {
        tags: ['config'],
        summary: 'Public runtime configuration for the web apps',
        response: {
          200: {
            type: 'object',
            properties: {
              auth: { type: 'object', properties: { domain: { type: 'string' }, clientId: { type: 'string' }, audience: { type: 'string' } } },
              sandboxOrigin: { type: 'string' },
              billingEnabled: { type: 'boolean' },
              aiEnabled: { type: 'boolean' },
              gifSearchEnabled: { type: 'boolean' },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      const { config } = app;
      reply.header('cache-control', 'no-cache');
      return {
        auth: { domain: config.auth.domain, clientId: config.auth.clientId, audience: config.auth.audience },
        sandboxOrigin: config.sandboxOrigin,
        billingEnabled: config.stripe !== null,
        aiEnabled: config.ai !== null,
        gifSearchEnabled: config.giphy !== null,
      };
    },
  );
}
