import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { createAiService, type AiService } from './generate';

declare module 'fastify' {
  interface FastifyInstance {
    /** AI code generation; null when AI_BASE_URL is not set (routes answer 503). */
    ai: AiService | null;
  }
}

/** Decorates app.ai from app.config.ai. */
export default fp(
  async (app) => {
    const settings = app.config.ai;
    app.decorate('ai', settings ? createAiService({ db: app.db as unknown as Db, settings }) : null);
  },
  { name: 'ai', dependencies: ['db', 'quota'] },
);
