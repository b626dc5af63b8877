// A second repo client for api tests: it follows a project through the api's real /sync socket
// with tickets from POST /api/sync/ticket, as the browser does, and records its sockets' closes.
import { Repo, type DocHandle, type DocumentId } from '@automerge/automerge-repo';
import type { ProjectDoc } from '@beamstage/layers';
import { TicketedSocketAdapter, type SocketLike } from '@beamstage/sync';
import { createSystemClock } from '@beamstage/timeline';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

const clock = createSystemClock({
  now: () => performance.now(),
  wallNow: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as never),
});

export interface LiveClient {
  handle: DocHandle<ProjectDoc>;
  /** Close codes of this client's sockets, in order (1006: closed without a close frame). */
  closes: number[];
  /** Status codes of refused ticket requests (the project left the caller's reach). */
  refusals: number[];
  close(): Promise<void>;
}

/** Opens the project live as `headers`' user (no headers: an anonymous projector); `onBytes` sees every frame received. */
export async function openLiveClient(
  app: FastifyInstance,
  port: number,
  projectId: string,
  headers: Record<string, string> = {},
  onBytes?: (frame: Buffer) => void,
): Promise<LiveClient> {
  let documentId = '';
  const closes: number[] = [];
  const refusals: number[] = [];
  const adapter = new TicketedSocketAdapter({
    clock,
    getTicketUrl: async () => {
      const res = await app.inject({ method: 'POST', url: '/api/sync/ticket', headers, payload: { projectId } });
      if (res.statusCode !== 200) {
        refusals.push(res.statusCode);
        return { denied: `ticket ${res.statusCode}` };
      }
      documentId = res.json().documentId;
      return { url: `ws://127.0.0.1:${port}${res.json().url}` };
    },
    createSocket: (url) => {
      const ws = new WebSocket(url);
      ws.on('close', (code) => closes.push(code));
      if (onBytes)
        ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => onBytes(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)));
      return ws as unknown as SocketLike;
    },
  });
  const repo = new Repo({ network: [adapter] });
  await adapter.whenReady();
  const handle = await repo.find<ProjectDoc>(documentId as DocumentId);
  return {
    handle,
    closes,
    refusals,
    async close() {
      adapter.disconnect();
      await repo.shutdown().catch(() => undefined);
    },
  };
}

/** Polls until predicate() holds; throws after timeoutMs naming what it waited for. */
export async function until(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
