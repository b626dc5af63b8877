// Child process for the server kill -9 test: the sync server on PostgreSQL at a fixed port, with a
// test-only ticket endpoint (GET /ticket?doc=ID). Prints "ready" when listening.
import { createServer } from 'node:http';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DrizzleStorageAdapter } from './drizzle-storage-adapter';
import { AUTOMERGE_STORAGE_DDL } from './storage-ddl';
import { createSyncServer } from './sync-server';

const [databaseUrl, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl });
pool.on('error', () => undefined);
await pool.query(AUTOMERGE_STORAGE_DDL);
const sync = createSyncServer({ storage: new DrizzleStorageAdapter(drizzle(pool)), logger: { warn: () => undefined, error: (o, m) => console.error(m, o) } });
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
