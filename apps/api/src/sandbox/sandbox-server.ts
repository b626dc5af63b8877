import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { AppConfig } from '../config/index';
import { runnerCsp, runnerPage } from './runner-page';

/** The sandbox origin listener (SANDBOX_PORT): serves only the runner page; no cookies, no api. */
export function buildSandboxServer(config: AppConfig): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 1024 });
  const html = runnerPage(config.publicOrigin);
  const csp = runnerCsp(config.publicOrigin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  const serve = async (_req: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', csp).header('cache-control', 'no-cache').send(html);
  app.get('/', serve);
  app.get('/runner.html', serve);
  app.setNotFoundHandler(async (_req, reply) => reply.code(404).type('text/plain').send('Not found'));
  return app;
}
