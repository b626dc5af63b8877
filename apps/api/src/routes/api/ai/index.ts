import type { FastifyInstance } from 'fastify';
import { AI_CODE_TYPES, PROMPT_MAX_CHARS } from '../../../plugins/app/ai/generate';
import { ApiError } from '../../../errors/api-error';

// The spec's paths are /api/ai-generate and /api/ai-usage, not /api/ai/...
export const prefixOverride = '/api';

const notConfigured = () => new ApiError(503, 'AI generation is not configured', 'Set AI_BASE_URL (and AI_API_KEY, AI_MODEL) to enable it');

/** POST /api/ai-generate and GET /api/ai-usage. */
export default async function ai(app: FastifyInstance) {
  const security = [{ bearer: [] }];
  app.post<{ Body: { prompt: string; type: string } }>(
    '/ai-generate',
    {
      schema: {
        tags: ['ai'],
        security,
        summary: 'Generates shader, p5.js or HTML code (one unit of the daily quota)',
        body: {
          type: 'object',
          required: ['prompt', 'type'],
          properties: { prompt: { type: 'string', minLength: 1, maxLength: PROMPT_MAX_CHARS }, type: { type: 'string', enum: [...AI_CODE_TYPES] } },
        },
        response: { 200: { type: 'object', properties: { type: { type: 'string' }, code: { type: 'string' }, name: { type: 'string' } } } },
      },
    },
    async (request) => {
      if (!app.ai) throw notConfigured();
      return app.ai.generate(request.user.id, request.body);
    },
  );
  app.get(
    '/ai-usage',
    {
      schema: {
        tags: ['ai'],
        security,
        summary: "Today's AI generations (UTC day)",
        response: { 200: { type: 'object', properties: { usedToday: { type: 'number' }, dailyLimit: { type: 'number' }, remaining: { type: 'number' } } } },
      },
    },
    async (request) => {
      if (!app.ai) throw notConfigured();
      return app.ai.usage(request.user.id);
    },
  );
}
