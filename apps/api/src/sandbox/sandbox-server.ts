import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/index';
import { runnerCsp, runnerPage } from './runner-page';

const ASSETS = join(import.meta.dirname, 'assets');
const require = createRequire(import.meta.url);

/** The browser scripts the sandbox origin serves: runner, loop guard and p5.js (from npm, no CDN). */
function loadScripts(): Record<string, string> {
  return {
    '/runner.js': readFileSync(join(ASSETS, 'runner.js'), 'utf8'),
    '/loop-guard.js': readFileSync(join(ASSETS, 'loop-guard.js'), 'utf8'),
    '/p5.min.js': readFileSync(require.resolve('p5/lib/p5.min.js'), 'utf8'),
  };
}

/**
 * The sandbox origin listener (SANDBOX_PORT): the runner page and its scripts only; no cookies, no
 * api. `?parent=` picks which studio origin (PUBLIC_ORIGIN or one of SANDBOX_PARENT_ORIGINS) the
 * page trusts and may be framed by; any other value is refused.
 */
export function buildSandboxServer(config: AppConfig): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 1024 });
  const parents = [config.publicOrigin, ...config.sandboxParentOrigins];
  const scripts = loadScripts();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  const serve = async (request: FastifyRequest<{ Querystring: { parent?: string; kind?: string } }>, reply: FastifyReply) => {
    const wanted = request.query.parent ?? config.publicOrigin;
    if (!parents.includes(wanted)) return reply.code(403).type('text/plain').send('This studio origin may not use the sandbox');
    // A p5 frame (the studio names the kind in the address): the browser fetches and parses p5.js
    // while the frame starts and waits for its code, not after (bench:first-frame's critical path).
    // A user frame's origin is opaque, so its HTTP cache is not kept between loads: only this
    // overlap shortens the load, not the script's cache-control.
    if (request.query.kind === 'p5') reply.header('link', '</p5.min.js>; rel=preload; as=script');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', runnerCsp(wanted))
      .header('cache-control', 'no-cache')
      .send(runnerPage(wanted));
  };
  app.get('/', serve);
  app.get('/runner.html', serve);
  for (const [path, body] of Object.entries(scripts)) {
    app.get(path, async (_req, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', path === '/p5.min.js' ? 'public, max-age=86400' : 'no-cache')
        .send(body),
    );
  }
  app.setNotFoundHandler(async (_req, reply) => reply.code(404).type('text/plain').send('Not found'));
  return app;
}
