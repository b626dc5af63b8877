// Child process for the server kill -9 tests: the sync server on PostgreSQL (a postgres:// URL) or
// on PGlite (`pglite:<data dir>`) at a fixed port, with a test-only ticket endpoint
// (GET /ticket?doc=ID). Prints "storage <id>" and "ready" when listening.
// STORE_BEFORE_CONFIRM=0 turns the store-before-confirm gate off, to show what it prevents.
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DrizzleStorageAdapter, type AnyPgDatabase } from './drizzle-storage-adapter';
import { AUTOMERGE_STORAGE_DDL } from './storage-ddl';
import { createSyncServer } from './sync-server';

const [databaseUrl, port] = process.argv.slice(2) as [string, string];
let db: AnyPgDatabase;
if (databaseUrl.startsWith('pglite:')) {
  const pglite = new PGlite(databaseUrl.slice('pglite:'.length));
  await pglite.exec(AUTOMERGE_STORAGE_DDL);
  db = drizzlePglite(pglite) as unknown as AnyPgDatabase;
} else {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  pool.on('error', () => undefined);
  await pool.query(AUTOMERGE_STORAGE_DDL);
  db = drizzlePg(pool) as unknown as AnyPgDatabase;
}
const sync = createSyncServer({
  storage: new DrizzleStorageAdapter(db),
  logger: { warn: () => undefined, error: (o, m) => console.error(m, o) },
  storeBeforeConfirm: process.env['STORE_BEFORE_CONFIRM'] !== '0',
});
const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname !== '/ticket') return void res.writeHead(404).end();
  const { ticket } = sync.tickets.issue({ projectId: 'proj_kill', documentId: url.searchParams.get('doc') ?? '', userId: 'usr_kill', mode: 'read-write' });
  res.writeHead(200, { 'content-type': 'text/plain' }).end(ticket);
});
sync.attach(http);
if (process.argv[4] === 'create') {
  const handle = sync.repo.create<{ items: Record<string, number> }>({ items: {} });
  await sync.repo.flush();
  process.stdout.write(`doc ${handle.documentId}\n`);
}
http.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
