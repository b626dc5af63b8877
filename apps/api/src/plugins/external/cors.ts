import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/** CORS for the app origin only (the sandbox origin never gets credentials or api access). */
export default fp(
  async (app) =>
    app.register(cors, {
      origin: [app.config.publicOrigin],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type'],
      maxAge: 600,
    }),
  { name: 'cors' },
);
