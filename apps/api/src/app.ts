import { fileURLToPath } from 'node:url';
import autoload from '@fastify/autoload';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/index';
import { createErrorHandler, DEFAULT_BODY_LIMIT_BYTES } from './errors/error-handler';
import { createFatalState } from './fatal';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated runtime configuration (src/config). */
    config: AppConfig;
    /** The document workers' entry file (BuildOptions.documentWorkerFile). */
    documentWorkerFile: URL;
  }
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
  /** The document workers' entry file; tests give one that fails to start. Default src/workers/additions-worker.mjs. */
  documentWorkerFile?: URL;
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
  app.decorate('documentWorkerFile', options.documentWorkerFile ?? new URL('./workers/additions-worker.mjs', import.meta.url));
  app.decorate('fatal', createFatalState(app.log, options.onFatal ?? (() => undefined)));

  // The one error handler (src/errors): `{ error, message }` with the human sentence in `error`,
  // never a stack. Plugins and routes throw ApiError; none sets a handler of its own.
  app.setErrorHandler(createErrorHandler((err) => app.fatal.failIfFatal(err)));

  await app.register(autoload, { dir: dir('./plugins/external'), ignoreFilter: skip, forceESM: true });
  await app.register(autoload, { dir: dir('./plugins/app'), ignoreFilter: skip, forceESM: true });
  await app.register(autoload, { dir: dir('./routes'), ignoreFilter: skip, forceESM: true, autoHooks: true, cascadeHooks: true });
  return app;
}
