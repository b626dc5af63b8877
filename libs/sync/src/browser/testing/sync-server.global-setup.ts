// vitest globalSetup for the browser tests (runs in Node): a real gated sync server on PGlite with a
// small ticket route shaped like the api's POST /api/sync/ticket, and two test routes to read and
// change the server's copy of the document. The browser reaches it cross-origin, so it answers CORS.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { createDefaultProject } from '@beamstage/layers';
import type { ProjectDoc, ProjectId } from '@beamstage/layers';
import type { DocHandle } from '@automerge/automerge-repo';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { syncSocketPath } from '../../client/sync-url';
import { createProjectDoc } from '../../document/project-document';
import { DrizzleStorageAdapter } from '../../node/drizzle-storage-adapter';
import { AUTOMERGE_STORAGE_DDL } from '../../node/storage-ddl';
import { createSyncServer } from '../../node/sync-server';

/** The project the ticket route grants (read-write with a token, read-only without); any other id is a 404 like a private project. */
export const BROWSER_TEST_PROJECT = 'proj_browser_test';

declare module 'vitest' {
  export interface ProvidedContext {
    syncOrigin: string;
    documentId: string;
    projectId: string;
  }
}

const readBody = async (req: IncomingMessage): Promise<unknown> => {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pglite = new PGlite();
  await pglite.exec(AUTOMERGE_STORAGE_DDL);
  const logs: string[] = [];
  const gateCloses: string[] = [];
  const sync = createSyncServer({
    storage: new DrizzleStorageAdapter(drizzle(pglite)),
    logger: {
      warn: (obj, msg) => {
        logs.push(`warn ${msg ?? ''}`);
        const reason = (obj as { reason?: unknown } | null)?.reason;
        if (typeof reason === 'string') gateCloses.push(reason);
      },
      error: (_o, msg) => logs.push(`error ${msg ?? ''}`),
    },
  });
  const json = createDefaultProject({ id: BROWSER_TEST_PROJECT as ProjectId, nowMs: Date.UTC(2026, 0, 1) });
  json.metadata.name = 'Browser test project';
  const handle: DocHandle<ProjectDoc> = createProjectDoc(sync.repo, json);
  const documentId = handle.documentId;

  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify(body));
  const http = createServer((req, res) => {
    void (async () => {
      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, {
            'access-control-allow-origin': '*',
            'access-control-allow-headers': 'content-type, authorization',
            'access-control-allow-methods': 'GET, POST',
          })
          .end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'POST' && url.pathname === '/api/sync/ticket') {
        const body = (await readBody(req)) as { projectId?: unknown } | null;
        if (body?.projectId !== BROWSER_TEST_PROJECT) return send(res, 404, { error: 'Project not found' });
        // Signed in: an editor (read-write). Anonymous: a projector of a published realtime project (read-only).
        const mode = req.headers.authorization ? 'read-write' : 'read-only';
        const { ticket } = sync.tickets.issue({ projectId: BROWSER_TEST_PROJECT, documentId, userId: mode === 'read-write' ? 'usr_browser' : null, mode });
        return send(res, 200, { ticket, url: syncSocketPath(BROWSER_TEST_PROJECT, ticket), documentId, mode });
      }
      // Why the room gate closed sockets so far (a read-only socket that sent a change, ...).
      if (req.method === 'GET' && url.pathname === '/test/gate-closes') return send(res, 200, { reasons: gateCloses });
      if (req.method === 'GET' && url.pathname === '/test/name') return send(res, 200, { name: handle.doc().metadata.name });
      if (req.method === 'POST' && url.pathname === '/test/name') {
        const body = (await readBody(req)) as { name?: unknown } | null;
        if (typeof body?.name !== 'string') return send(res, 400, { error: 'name' });
        const name = body.name;
        handle.change((d) => void (d.metadata.name = name));
        return send(res, 200, { name });
      }
      // The next sync socket is cut after its first two frames (join, then the document request),
      // before the server can answer them: a socket lost while a browser is still loading the document.
      if (req.method === 'POST' && url.pathname === '/test/cut-next-socket') {
        cutNextSocket = true;
        return send(res, 200, { armed: true });
      }
      send(res, 404, { error: 'Not found' });
    })();
  });
  let cutNextSocket = false;
  // Registered before the sync server's own listener, so it sees the raw socket first.
  http.on('upgrade', (_req: IncomingMessage, socket: Duplex) => {
    if (!cutNextSocket) return;
    cutNextSocket = false;
    let frames = 0;
    socket.prependListener('data', () => {
      if (++frames === 2) socket.destroy();
    });
  });
  sync.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  project.provide('syncOrigin', `http://127.0.0.1:${port}`);
  project.provide('documentId', documentId);
  project.provide('projectId', BROWSER_TEST_PROJECT);

  return async () => {
    await sync.close();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    // automerge-repo's throttled saves (100 ms) may still land; let them before PGlite closes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pglite.close();
    if (logs.some((l) => l.startsWith('error'))) console.error(`sync server logged errors:\n${logs.join('\n')}`);
  };
}
