import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** OpenAPI from the route schemas; the UI at /api/docs, the document at /api/docs/json. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Beamstage api', version: '1.0.0', description: 'Projects, assets, billing, AI and sync tickets of the Beamstage studio.' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  },
  { name: 'swagger' },
);
