import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** The /api/docs policy: swagger-ui's own files, its inline styles, and calls to this api only. */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

/** OpenAPI from the route schemas; the UI at /api/docs, the document at /api/docs/json. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Beamstage api', version: '1.0.0', description: 'Projects, assets, billing, AI and sync tickets of the Beamstage studio.' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
    // The docs share the origin that holds the tokens: no inline or foreign script, not framable.
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });
  },
  { name: 'swagger' },
);
