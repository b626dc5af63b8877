import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered without a signed-in caller: the area's sign-in hook lets it through (e.g. GET /api/projects/public). */
    anonymous?: boolean;
  }
}

/**
 * An area's authentication, added once by its `autohooks.ts` (routes/api/<area>/) instead of on
 * every route: every route of the area runs app.authenticate (401, `request.user` set) as a
 * preHandler, after schema validation as before, unless its config says `anonymous: true`.
 */
export async function requireSignIn(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.anonymous === true) return;
    await app.authenticate(request, reply);
  });
}
