import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/**
 * Per-caller limits on every route: a bearer token is its own bucket (one user's tokens), anything
 * else is limited per IP. Public routes set a tighter per-IP limit in their route config. Built
 * SPA assets are not counted.
 */
export default fp(
  async (app) =>
    app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => request.url.startsWith('/app/'),
      keyGenerator: (request) => {
        const header = request.headers.authorization;
        return typeof header === 'string' && header.length > 7 ? `t:${createHash('sha256').update(header).digest('base64url').slice(0, 22)}` : `ip:${request.ip}`;
      },
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`,
      }),
    }),
  { name: 'rate-limit' },
);
