// The sync server killed with SIGKILL 10 times while a client edits: every edit the client made
// reaches a fresh client through the last server, so nothing acknowledged is lost.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Repo, type DocumentId } from '@automerge/automerge-repo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TicketedSocketAdapter, type SocketLike } from '../client/ticketed-socket-adapter';
import { nodeClock, waitFor } from './testing-harness';

const FIXTURE = fileURLToPath(new URL('./server-process.fixture.ts', import.meta.url));
const SERVER_KILLS = Number(process.env['SERVER_KILLS'] ?? 10);

interface TestPostgres {
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}
interface PostgresHarness {
  findPostgresBin(): string | null;
  startPostgres(): Promise<TestPostgres>;
}
const harnessUrl = new URL(['..', '..', '..', '..', 'tools', 'testing', 'postgres.ts'].join('/'), import.meta.url).href;
const { findPostgresBin, startPostgres } = (await import(harnessUrl)) as PostgresHarness;
const { freePort } = (await import(harnessUrl.replace('postgres.ts', 'free-port.ts'))) as { freePort(): Promise<number> };

function startServer(url: string, port: number, create = false): Promise<{ child: ChildProcess; docId?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, url, String(port), ...(create ? ['create'] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let docId: string | undefined;
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /doc (\S+)/.exec(out);
      if (m) docId = m[1];
      if (out.includes('ready')) resolve({ child, ...(docId ? { docId } : {}) });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
}

describe.runIf(findPostgresBin())('sync server killed -9 during edits', () => {
  let pgServer: TestPostgres;
  let dbUrl: string;
  beforeAll(async () => {
    pgServer = await startPostgres();
    dbUrl = await pgServer.createDatabase('server_kill');
  });
  afterAll(async () => pgServer?.stop());

  it(`loses no edit over ${SERVER_KILLS} kills`, async () => {
    const port = await freePort();
    let server = await startServer(dbUrl, port, true);
    const docId = server.docId as DocumentId;
    const client = (): { repo: Repo; adapter: TicketedSocketAdapter } => {
      const adapter = new TicketedSocketAdapter({
        clock: nodeClock,
        getTicketUrl: async () => {
          const res = await fetch(`http://127.0.0.1:${port}/ticket?doc=${docId}`);
          return { url: `ws://127.0.0.1:${port}/sync?ticket=${await res.text()}` };
        },
        createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      });
      return { repo: new Repo({ network: [adapter] }), adapter };
    };
    const editor = client();
    const handle = await editor.repo.find<{ items: Record<string, number> }>(docId);
    let made = 0;
    for (let kill = 0; kill < SERVER_KILLS; kill++) {
      for (let i = 0; i < 5; i++) {
        handle.change((d) => void (d.items[`e${made}`] = made));
        made++;
        await new Promise((r) => setTimeout(r, 20));
      }
      server.child.kill('SIGKILL');
      await new Promise((r) => server.child.once('exit', r));
      // Edits while the server is down stay with the client and go out after the restart.
      handle.change((d) => void (d.items[`e${made}`] = made));
      made++;
      server = await startServer(dbUrl, port);
    }
    const fresh = client();
    const seen = await fresh.repo.find<{ items: Record<string, number> }>(docId);
    await waitFor(() => Object.keys(seen.doc().items).length === made, 30_000, `all ${made} edits at a fresh client`);
    expect(Object.keys(seen.doc().items)).toHaveLength(made);
    for (const c of [editor, fresh]) {
      c.adapter.disconnect();
      await c.repo.shutdown().catch(() => undefined);
    }
    server.child.kill('SIGKILL');
  }, 240_000);
});
