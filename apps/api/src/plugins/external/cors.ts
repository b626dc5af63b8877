import cors from '@fastify/cors';
import type { FastifyCorsOptions } from '@fastify/cors';
import fp from 'fastify-plugin';
import { isPublicCorsPath } from '../../static/public-cors';

/**
 * CORS for the app origin only (the sandbox origin never gets credentials or api access), except
 * the few public paths the embeddable player (`<beamstage-player>` on any site) needs: those answer
 * any origin, without credentials and without the authorization header (static/public-cors.ts).
 */
export default fp(
  async (app) => {
    const appOnly: FastifyCorsOptions = {
      origin: [app.config.publicOrigin],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type'],
      maxAge: 600,
    };
    const anyOrigin: FastifyCorsOptions = {
      origin: '*',
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: ['content-type'],
      credentials: false,
      maxAge: 600,
    };
    await app.register(cors, {
      delegator: (request, callback) => callback(null, isPublicCorsPath(request.method, request.url) ? anyOrigin : appOnly),
    });
  },
  { name: 'cors' },
);
