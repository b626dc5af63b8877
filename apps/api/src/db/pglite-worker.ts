import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { SharedSession } from './shared-session';

/** What the api's thread sends to the database's worker. */
export type ToPgliteWorker = { type: 'connect'; port: MessagePort } | { type: 'close' };

/** What the worker answers: opened (or why not), closed, or that PGlite failed while running. */
export type FromPgliteWorker =
  { type: 'ready' } | { type: 'open-failed'; message: string; code?: string } | { type: 'failed'; message: string } | { type: 'closed' };

/**
 * The embedded database's thread: PGlite opened on `workerData.dir`, served to the api's
 * node-postgres clients over PostgreSQL's wire protocol, one MessagePort per connection
 * (no socket, so nothing else on the machine can reach it). PGlite's work (parsing, TOAST,
 * writing pages and WAL) runs here, never on the api's event loop.
 */
const port = parentPort!;
const { dir } = workerData as { dir: string };
const post = (m: FromPgliteWorker) => port.postMessage(m);

let db: PGlite;
try {
  db = await PGlite.create(dir);
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  post({ type: 'open-failed', message: e instanceof Error ? e.message : String(err), code: typeof e?.code === 'string' ? e.code : undefined });
  // Nothing more to do: the api's thread ends this thread without closing PGlite (a close writes).
  await new Promise(() => undefined);
}

const session = new SharedSession(
  (unit) => db.execProtocolRaw(unit),
  (err) => post({ type: 'failed', message: err instanceof Error ? err.message : String(err) }),
);

port.on('message', (m: ToPgliteWorker) => {
  if (m.type === 'connect') {
    const client = session.open({
      send: (bytes) => m.port.postMessage(bytes),
      close: () => m.port.close(),
    });
    m.port.on('message', (chunk: Uint8Array) => client.feed(chunk));
    m.port.on('close', () => client.end());
    return;
  }
  void (async () => {
    session.shutdown();
    await session.settle();
    // PGlite's close writes the shutdown checkpoint: the next start needs no recovery.
    if (!db.closed) await db.close();
    post({ type: 'closed' });
  })();
});
post({ type: 'ready' });
