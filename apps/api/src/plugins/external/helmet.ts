import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer. The SPAs' CSP is set where they are served (static/spa-csp.ts);
 * frames are limited to our own origin and user files are served nosniff.
 *
 * helmet's middleware is built once here and run on each request's raw response. @fastify/helmet
 * rebuilds every helmet middleware on every request (it calls helmet(options) per request, for its
 * per-route options and CSP nonces, neither of which this api uses): with it the public route
 * answered ~22k req/s against ~33k without any helmet (npm run bench:api, 50 connections).
 */
export default fp(
  async (app) => {
    const securityHeaders = helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // User files and SPA assets are read by the sandbox origin's frames.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      frameguard: { action: 'sameorigin' },
      strictTransportSecurity: app.config.publicOrigin.startsWith('https:'),
    });
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as FastifyError | undefined)));
  },
  { name: 'helmet' },
);
