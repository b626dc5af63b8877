import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '../../errors/error-handler';
import { isLocalDevelopmentOrigin, spaCsp } from '../../static/spa-csp';
import { docsRedirect, SPA_NAMES, spaForPath, type SpaName } from '../../static/spa-routes';
import { unavailablePage } from '../../static/unavailable-page';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which SPA dist folders were found at start. */
    spaStatus: Record<SpaName, boolean>;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves apps/<app>/dist under /app/<app>/ and each SPA's index.html at its routes; /docs redirects
 * to /documentation; any other GET gets the site's index.html with 404; /api/* misses get JSON 404.
 */
export default fp(
  async (app) => {
    const status = {} as Record<SpaName, boolean>;
    const indexHtml = {} as Record<SpaName, string | null>;
    for (const name of SPA_NAMES) {
      const dist = join(app.config.appsRoot, 'apps', name, 'dist');
      const index = join(dist, 'index.html');
      status[name] = existsSync(index);
      indexHtml[name] = status[name] ? readFileSync(index, 'utf8') : null;
      if (status[name]) {
        await app.register(async (scope: FastifyInstance) => {
          await scope.register(fastifyStatic, {
            root: dist,
            prefix: `/app/${name}/`,
            index: false,
            wildcard: true,
            cacheControl: false,
            setHeaders: (res, path) => {
              // Vite puts content-hashed files under assets/; everything else may change.
              res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache');
              // The projector's service worker serves the projector pages (/projector/...), outside its own folder.
              if (name === 'projector' && /[\\/]projector-sw\.js$/.test(path)) res.setHeader('service-worker-allowed', '/projector/');
            },
          });
        });
      } else {
        app.get(`/app/${name}/*`, { schema: { hide: true } }, async (_req, reply) => reply.code(503).type('text/html').send(unavailablePage(name)));
      }
    }
    app.decorate('spaStatus', status);

    // The embeddable player (apps/player): /embed/player.js and its lazy chunks and wasm under
    // /embed/assets/. Any site may load them (CORS in plugins/external/cors.ts); the script name is
    // stable, so it is revalidated, while the hashed assets are immutable.
    const playerDist = join(app.config.appsRoot, 'apps', 'player', 'dist');
    if (existsSync(join(playerDist, 'player.js'))) {
      await app.register(async (scope: FastifyInstance) => {
        await scope.register(fastifyStatic, {
          root: playerDist,
          prefix: '/embed/',
          index: false,
          wildcard: true,
          cacheControl: false,
          setHeaders: (res, path) => res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache'),
        });
      });
    } else {
      app.get('/embed/*', { schema: { hide: true } }, async (_req, reply) =>
        reply
          .code(503)
          .type('text/javascript')
          .header('cache-control', 'no-store')
          .send('console.warn("The Beamstage player is not built on this server (npx nx run player:build).");'),
      );
    }

    const originOf = (url: string | null | undefined) => {
      try {
        return url ? new URL(url).origin : null;
      } catch {
        return null;
      }
    };
    // Built at the first page: the storage plugin (its endpoint) registers after this one.
    let csp: Record<SpaName, string> | null = null;
    const cspFor = (name: SpaName) => {
      if (!csp) {
        const authOrigin = originOf(app.config.auth.issuer);
        const input = {
          publicOrigin: app.config.publicOrigin,
          sandboxOrigin: app.config.sandboxOrigin,
          authOrigin: authOrigin === new URL(app.config.publicOrigin).origin ? null : authOrigin,
          storageOrigin: app.hasDecorator('storage') ? originOf(app.storage.endpoint) : null,
          localDevelopment: isLocalDevelopmentOrigin(app.config.publicOrigin),
        };
        csp = Object.fromEntries(SPA_NAMES.map((n) => [n, spaCsp(n, input)])) as Record<SpaName, string>;
      }
      return csp[name];
    };

    const sendSpa = (reply: FastifyReply, name: SpaName, code = 200) => {
      const html = indexHtml[name];
      if (!html) return reply.code(503).type('text/html').header('cache-control', 'no-store').send(unavailablePage(name));
      return reply.code(code).type('text/html').header('cache-control', 'no-cache').header('content-security-policy', cspFor(name)).send(html);
    };

    app.get('/docs', { schema: { hide: true } }, async (request, reply) => redirectDocs(request.url, reply));
    app.get('/docs/*', { schema: { hide: true } }, async (request, reply) => redirectDocs(request.url, reply));

    app.setNotFoundHandler(async (request, reply) => {
      const url = new URL(request.url, 'http://x');
      if (url.pathname === '/api' || url.pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
        const text = `${request.method} ${url.pathname} does not exist`;
        return reply.code(404).send({ error: text, message: text } satisfies ErrorBody);
      }
      // A missing player chunk is a plain 404, never the site's HTML under a script URL.
      if (url.pathname.startsWith('/embed/')) return reply.code(404).type('text/plain').send('Not Found');
      const spa = spaForPath(url.pathname);
      return spa ? sendSpa(reply, spa) : sendSpa(reply, 'site', 404);
    });

    function redirectDocs(rawUrl: string, reply: FastifyReply) {
      const url = new URL(rawUrl, 'http://x');
      return reply.redirect(docsRedirect(url.pathname, url.search) ?? '/documentation', 301);
    }
  },
  { name: 'static' },
);
