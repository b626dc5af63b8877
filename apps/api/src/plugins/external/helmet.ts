import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The SPAs get no CSP from here yet (their inline/wasm needs are the front
 * engineer's to list); frames are limited to our own origin and user files are served nosniff.
 */
export default fp(
  async (app) =>
    app.register(helmet, {
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // User files and SPA assets are read by the sandbox origin's frames.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      frameguard: { action: 'sameorigin' },
      hsts: app.config.publicOrigin.startsWith('https:'),
    }),
  { name: 'helmet' },
);
