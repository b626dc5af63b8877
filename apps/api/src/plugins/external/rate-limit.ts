import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { ApiError } from '../../errors/api-error';

/**
 * Per-caller limits on every route (design.md rule 13): a request whose bearer token verifies is
 * counted against its user (`sub`), anything else (no token, a forged or expired one) against its
 * address, which comes from TRUST_PROXY's trusted proxies only (app.ts). An unverified
 * Authorization header never opens a bucket of its own. The verification is memoised, so
 * app.authenticate does not repeat it. Public routes set a tighter per-address limit in their
 * route config. Built SPA assets are not counted.
 */
export default fp(
  async (app) =>
    app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => request.url.startsWith('/app/'),
      keyGenerator: async (request) => {
        if (request.headers.authorization !== undefined && app.hasDecorator('verifiedBearer')) {
          const { payload } = await app.verifiedBearer(request);
          if (payload) return `u:${payload.sub}`;
        }
        return `ip:${request.ip}`;
      },
      // Thrown by the plugin; the app's error handler answers it like every other refusal.
      errorResponseBuilder: (_request, context) => new ApiError(429, `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`),
    }),
  { name: 'rate-limit' },
);
