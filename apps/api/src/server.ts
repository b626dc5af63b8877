// `node --import tsx apps/api/src/server.ts`: validate the environment, build the api, listen on
// PORT and SANDBOX_PORT, print the start-up lines; one clear line for each start-up failure.
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { isWasmFailure } from '@beamstage/sync/node';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config/index';
import { DatabaseDamagedError } from './db/damage';
import { DataDirLockedError } from './db/lock';
import { buildSandboxServer } from './sandbox/sandbox-server';
import { SPA_NAMES } from './static/spa-routes';
import { PoolFailedError } from './workers/worker-pool';

const SHUTDOWN_GRACE_MS = 10_000;
/** After a fatal error the close may hang on the dead part: exit anyway after this. */
const FATAL_GRACE_MS = 3_000;
/** How long start-up waits for the document workers before saying it is running (they go on starting after). */
const WORKER_START_WAIT_MS = 15_000;

function fail(line: string): never {
  console.error(`Beamstage: ${line}`);
  process.exit(1);
}

function explain(err: unknown, config: AppConfig, port?: number): string {
  const e = err as NodeJS.ErrnoException & { address?: string };
  if (err instanceof DataDirLockedError || err instanceof DatabaseDamagedError) return err.message;
  if (e?.code === 'EADDRINUSE')
    return `port ${port ?? e.address} is already in use; stop the other process or set ${port === config.sandboxPort ? 'SANDBOX_PORT' : 'PORT'} to a free port.`;
  if (e?.code === 'EACCES' && port !== undefined) return `no permission to listen on port ${port}; choose a port above 1023 with PORT.`;
  if (e?.code === 'EACCES' || e?.code === 'EROFS' || e?.code === 'EPERM' || e?.code === 'ENOTDIR')
    return `DATA_DIR ${config.dataDir} is not writable (${e.code}); set DATA_DIR to a folder this user can write.`;
  return `failed to start: ${e?.message ?? String(err)}`;
}

/** Fails fast on a taken port, before the database and the other parts boot. */
function probePort(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const problem of err.problems) console.error(`Beamstage: ${problem}`);
      process.exit(1);
    }
    throw err;
  }

  try {
    mkdirSync(config.dataDir, { recursive: true });
    accessSync(config.dataDir, constants.W_OK);
  } catch (err) {
    fail(explain(err, config));
  }
  // PGlite's folder inside it: read-only, PGlite would fail with its own unclear words.
  const dbDir = join(config.dataDir, 'db');
  if (!config.databaseUrl && existsSync(dbDir)) {
    try {
      accessSync(dbDir, constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'EACCES';
      fail(
        `the database folder ${dbDir} in DATA_DIR is not writable (${code}); make it writable by this user or set DATA_DIR to a folder this user can write.`,
      );
    }
  }

  for (const port of [config.port, config.sandboxPort]) {
    try {
      await probePort(port, config.host);
    } catch (err) {
      fail(explain(err, config, port));
    }
  }

  // Set once the app exists: a fatal error closes what it can and exits non-zero for the supervisor.
  let stop: (code: number, why: string) => void = (code) => process.exit(code);
  // An error nothing caught leaves the process in an unknown state: never limp on (design.md rule 14).
  process.on('uncaughtException', (err) => {
    console.error('Beamstage: uncaught error, exiting:', err);
    stop(1, 'uncaught error');
  });
  process.on('unhandledRejection', (reason) => {
    if (isWasmFailure(reason)) {
      console.error('Beamstage: a WebAssembly module failed, exiting:', reason);
      stop(1, 'wasm failure');
      return;
    }
    console.error('Beamstage: unhandled rejection:', reason);
  });

  let app: FastifyInstance;
  try {
    app = await buildApp(config, { onFatal: (reason) => stop(1, reason) });
    await app.ready();
  } catch (err) {
    fail(explain(err, config));
  }
  const sandbox = buildSandboxServer(config);
  let closing = false;
  const shutdown = async (signal: string, code = 0) => {
    if (closing) {
      if (code !== 0) process.exitCode = code;
      if (code === 0) console.error(`Beamstage: ${signal} again, exiting now.`);
      if (code === 0) process.exit(1);
      return;
    }
    closing = true;
    if (code !== 0) console.error(`Beamstage: stopping (${signal}); exit code ${code} for the supervisor to restart it.`);
    const force = setTimeout(() => process.exit(code || 1), code === 0 ? SHUTDOWN_GRACE_MS : FATAL_GRACE_MS);
    force.unref();
    await Promise.allSettled([sandbox.close(), app.close()]);
    process.exit(code);
  };
  stop = (code, why) => void shutdown(why, code);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The document workers start beside the listeners; "running" is printed once they answer (or gave up).
  const workers = app.sync
    .startWorkers()
    .catch((err: unknown) =>
      console.error(
        err instanceof PoolFailedError
          ? `Beamstage: ${err.message}. Large saves are converted on the api's thread (slower for other users); /api/health reports it.`
          : `Beamstage: the document workers did not start (${String(err)}); they start on first use.`,
      ),
    );
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close().catch(() => undefined);
    fail(explain(err, config, config.port));
  }
  try {
    await sandbox.listen({ port: config.sandboxPort, host: config.host });
  } catch (err) {
    await app.close().catch(() => undefined);
    fail(explain(err, config, config.sandboxPort));
  }

  await Promise.race([workers, new Promise((resolve) => setTimeout(resolve, WORKER_START_WAIT_MS).unref())]);
  for (const name of SPA_NAMES) {
    if (!app.spaStatus[name]) console.log(`Beamstage: apps/${name}/dist is missing; its pages answer 503 until it is built (npx nx run ${name}:build).`);
  }
  if (config.auth.embedded) console.log(`Demo account: ${config.demo.email}  password: ${config.demo.password}`);
  console.log(`Sandbox origin for user code: ${config.sandboxOrigin}`);
  console.log(`Data: ${config.dataDir} (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${config.s3.embedded ? 'embedded S3' : 'S3 ' + config.s3.endpoint})`);
  console.log(`Beamstage is running at ${config.publicOrigin}`);
}

void main();
