import { probeAutomerge } from '@beamstage/sync/node';
import type { FastifyInstance } from 'fastify';

interface Part {
  ok: boolean;
  detail?: string;
}

const PART_TIMEOUT_MS = 3000;

async function check(run: () => Promise<string | undefined>): Promise<Part> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${PART_TIMEOUT_MS} ms`)), PART_TIMEOUT_MS);
      }),
    ]);
    return detail ? { ok: true, detail } : { ok: true };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

const partSchema = { type: 'object', properties: { ok: { type: 'boolean' }, detail: { type: 'string' } }, required: ['ok'] };

/** GET /api/health: each real part checked live. */
export default async function health(app: FastifyInstance) {
  app.get(
    '/',
    {
      schema: {
        tags: ['health'],
        summary: 'Status of the database, object storage, sign-in, sync and the document workers',
        response: {
          503: { type: 'object', properties: { status: { type: 'string' }, reason: { type: 'string' } } },
          200: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: ['ok', 'degraded', 'failing'] },
              reason: { type: 'string' },
              parts: { type: 'object', properties: { db: partSchema, storage: partSchema, auth: partSchema, sync: partSchema, workers: partSchema } },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      // A process that lost a wasm module or met an uncaught error is stopping: say so, never "ok".
      if (app.fatal.reason) return reply.code(503).send({ status: 'failing', reason: app.fatal.reason });
      const { config } = app;
      const [db, storage, auth, sync, workers] = await Promise.all([
        check(async () => {
          await app.dbHandle.ping();
          const { check } = app.dbHandle;
          return `${app.dbHandle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}; start-up check passed: ${check.tables} tables read in full in ${check.ms} ms before migrations`;
        }),
        check(async () => {
          await app.storage.ping();
          return config.s3.embedded ? 'embedded S3 (s3rver)' : `S3 at ${config.s3.endpoint}`;
        }),
        check(async () => {
          if (config.auth.embedded) {
            if (!app.idp) throw new Error('embedded provider not started');
            return `embedded OpenID provider at ${config.auth.issuer}`;
          }
          const res = await fetch(config.auth.jwksUrl);
          if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
          return `Auth0 at ${config.auth.issuer}`;
        }),
        check(async () => {
          if (!app.hasDecorator('sync')) return 'not started';
          // The Automerge module answers: a dead one (out of memory, trapped) fails the process.
          try {
            probeAutomerge();
          } catch (err) {
            app.fatal.fail(`the Automerge module failed: ${err instanceof Error ? err.message : String(err)}`, err);
            throw err;
          }
          // Which instance answered (the sync repo's peer id, as its sockets announce it) and its load:
          // behind a load balancer, operators and the load-balancer test tell instances apart by it.
          return `sync server ${app.sync.server.repo.peerId}, ${app.sync.server.socketCount()} open sockets`;
        }),
        check(async () => {
          const pool = app.hasDecorator('sync') ? app.sync.additionsPool() : null;
          if (!pool) return 'document workers not started (they start with the server or on the first large write)';
          // Given up after failed starts: the api still answers (large writes on its own thread, slower for everyone).
          const failure = pool.failure();
          if (failure) throw new Error(`${failure}. Large saves and new projects are converted on the api's thread meanwhile (slower for other users).`);
          const { workers: n, running, queued, replaced } = pool.stats();
          return `${n} document worker${n === 1 ? '' : 's'}, ${running} task${running === 1 ? '' : 's'} running, ${queued} waiting, ${replaced} replaced after a crash`;
        }),
      ]);
      if (app.fatal.reason) return reply.code(503).send({ status: 'failing', reason: app.fatal.reason });
      const parts = { db, storage, auth, sync, workers };
      const failing = Object.entries(parts).filter(([, p]) => !p.ok);
      if (failing.length === 0) return { status: 'ok', parts };
      return { status: 'degraded', reason: failing.map(([name, p]) => `${name}: ${p.detail ?? 'not ok'}`).join('; '), parts };
    },
  );
}
