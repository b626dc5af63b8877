import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GIF_QUERY_MAX_CHARS, GIF_RESULTS_LIMIT, GifProviderError, searchGiphy } from '../../../gifs/giphy-search';
import { ApiError } from '../../../errors/api-error';

/** Searches per user per minute: typing in the panel is debounced, so this is generous. */
export const GIF_SEARCHES_PER_MINUTE = 60;

const resultSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    url: { type: 'string' },
    previewUrl: { type: 'string' },
    width: { type: 'number' },
    height: { type: 'number' },
  },
} as const;

/** GET /api/gifs/search?q=: GIPHY through the server, so the key never reaches a browser. */
export default async function gifs(app: FastifyInstance) {
  app.get<{ Querystring: { q: string } }>(
    '/search',
    {
      config: {
        rateLimit: {
          max: GIF_SEARCHES_PER_MINUTE,
          timeWindow: '1 minute',
          // Keyed like the global limit (the verified user, else the address; never an unverified
          // header: design.md rule 13), in its own bucket.
          keyGenerator: async (request: FastifyRequest) => {
            if (request.headers.authorization !== undefined && app.hasDecorator('verifiedBearer')) {
              const { payload } = await app.verifiedBearer(request);
              if (payload) return `gif:u:${payload.sub}`;
            }
            return `gif:ip:${request.ip}`;
          },
        },
      },
      schema: {
        tags: ['gifs'],
        security: [{ bearer: [] }],
        summary: 'Searches animated images (GIPHY) for giphy layers',
        querystring: { type: 'object', required: ['q'], properties: { q: { type: 'string', minLength: 1, maxLength: GIF_QUERY_MAX_CHARS } } },
        response: {
          200: {
            type: 'object',
            properties: { results: { type: 'array', maxItems: GIF_RESULTS_LIMIT, items: resultSchema }, attribution: { type: 'string' } },
          },
        },
      },
    },
    async (request) => {
      const giphy = app.config.giphy;
      if (!giphy) throw new ApiError(503, 'GIF search is not configured', 'Set GIPHY_API_KEY to enable it');
      const q = request.query.q.trim();
      if (q === '') throw new ApiError(400, 'Type something to search for');
      try {
        return { results: await searchGiphy(giphy, q), attribution: 'Powered by GIPHY' };
      } catch (e) {
        if (e instanceof GifProviderError) {
          request.log.warn({ err: e }, 'GIF search failed');
          throw new ApiError(502, 'GIF search failed', e.message);
        }
        throw e;
      }
    },
  );
}
