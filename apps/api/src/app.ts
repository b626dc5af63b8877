import { STATUS_CODES } from 'node:http';
import { fileURLToPath } from 'node:url';
import autoload from '@fastify/autoload';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/index';
import { createFatalState } from './fatal';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated runtime configuration (src/config). */
    config: AppConfig;
  }
}

/** Default body limit; routes that take project JSON raise it (PROJECT_BODY_LIMIT_BYTES). */
export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

/** The 413 message naming the route's body limit. */
function bodyTooLarge(limit: number | undefined): string {
  const bytes = limit ?? DEFAULT_BODY_LIMIT_BYTES;
  const mb = bytes / (1024 * 1024);
  return `A request body may be at most ${mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`}`;
}

const PLUGIN_TIMEOUT_MS = 120_000;

// @fastify/autoload only loads .ts files when it detects a TypeScript runtime; `node --import tsx`
// is not among the ones it detects, so say so when this module itself runs as TypeScript.
if (import.meta.url.endsWith('.ts')) process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';

const dir = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));
const skip = (path: string) => /\.(test|spec|d)\.ts$|\.schema\.ts$|[\\/]_[^\\/]*$/.test(path);

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildOptions {
  /** Pino logger options; false for none (tests). */
  logger?: boolean | { level: string };
  /**
   * Called once when the process can no longer be trusted (a dead wasm module, an error no handler
   * caught): server.ts closes and exits non-zero. Default: only /api/health reports it (tests).
   */
  onFatal?: (reason: string) => void;
}

/** Builds the api (plugins, routes, SPAs) without listening; server.ts and tests call it. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Client addresses from the configured proxies only (TRUST_PROXY; design.md rule 13).
    // A hop count trusts the nearest n hops, as proxy-addr counts them.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    forceCloseConnections: true,
    // Booting PGlite, migrations, s3rver and the provider can pass Fastify's 10 s default on a busy machine.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, allErrors: false } },
  });
  app.decorate('config', config);
  app.decorate('fatal', createFatalState(app.log, options.onFatal ?? (() => undefined)));

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      app.fatal.failIfFatal(err);
    }
    // Never a stack trace: server faults get a generic message.
    const message = status >= 500 ? 'Something went wrong on the server' : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? bodyTooLarge(request.routeOptions.bodyLimit) : err.message;
    // ApiError carries the spec's text in `error` (e.g. "Project limit reached").
    const own = (err as { error?: unknown }).error;
    const error = status < 500 && typeof own === 'string' ? own : (STATUS_CODES[status] ?? 'Error');
    return reply.code(status).send({ error, message });
  });

  await app.register(autoload, { dir: dir('./plugins/external'), ignoreFilter: skip, forceESM: true });
  await app.register(autoload, { dir: dir('./plugins/app'), ignoreFilter: skip, forceESM: true });
  await app.register(autoload, { dir: dir('./routes'), ignoreFilter: skip, forceESM: true, autoHooks: true, cascadeHooks: true });
  return app;
}
