import { next as A } from '@automerge/automerge';
import { cbor, type DocumentId } from '@automerge/automerge-repo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { projectOfSyncPath, syncSocketPath } from '../client/sync-url';
import { startHarness, waitFor, type Harness } from './testing-harness';
import { TicketStore } from './tickets';

interface Doc {
  items: Record<string, number>;
}

/** Opens a raw socket and records what it receives and how it ends. */
function rawSocket(url: string) {
  const ws = new WebSocket(url);
  const got: Uint8Array[] = [];
  const result = { status: 0, closed: false, closeCode: 0, got, ws };
  ws.on('unexpected-response', (_req, res) => {
    result.status = res.statusCode ?? 0;
    res.on('data', () => undefined);
    result.closed = true;
  });
  ws.on('message', (data: Buffer) => got.push(new Uint8Array(data)));
  ws.on('close', (code) => {
    result.closed = true;
    result.closeCode = code;
  });
  ws.on('error', () => (result.closed = true));
  return result;
}

describe('sync server', () => {
  let h: Harness;
  let docId: DocumentId;
  let otherDocId: DocumentId;
  beforeAll(async () => {
    h = await startHarness();
    const handle = h.sync.repo.create<Doc>({ items: { seed: 1 } });
    const other = h.sync.repo.create<Doc>({ items: { secret: 42 } });
    docId = handle.documentId;
    otherDocId = other.documentId;
    await h.sync.repo.flush();
  });
  afterAll(async () => h.close());

  it('two and three clients converge through the server', async () => {
    const clients = [h.client(docId), h.client(docId), h.client(docId)];
    const handles = await Promise.all(clients.map((c) => c.find<Doc>(docId)));
    handles.forEach((handle, i) => handle.change((d) => void (d.items[`c${i}`] = i)));
    await waitFor(() => handles.every((x) => Object.keys(x.doc().items).length === 4), 20_000, 'convergence');
    const heads = handles.map((x) => A.getHeads(x.doc()).sort().join());
    expect(new Set(heads).size).toBe(1);
    const server = await h.sync.repo.find<Doc>(docId);
    await waitFor(() => Object.keys(server.doc().items).length === 4, 20_000, 'server');
    for (const c of clients) await c.close();
  });

  it('relays every ephemeral frame to the room at display rate, and echoes from clients close nothing', async () => {
    const [a, b, c] = [h.client(docId), h.client(docId), h.client(docId, { mode: 'read-only' })];
    const [ha, hb, hc] = await Promise.all([a, b, c].map((x) => x.find<Doc>(docId)));
    const got = { b: 0, c: 0 };
    hb!.on('ephemeral-message', () => got.b++);
    hc!.on('ephemeral-message', () => got.c++);
    for (let i = 0; i < 30; i++) {
      ha!.broadcast({ i });
      await new Promise((r) => setTimeout(r, 5)); // faster than automerge-repo's 10 Hz sync throttle
    }
    await waitFor(() => got.b === 30 && got.c === 30, 20_000, `30 frames each (b ${got.b}, c ${got.c})`);
    expect([a, b, c].every((x) => x.adapter.getState().status === 'connected')).toBe(true);
    expect(h.logs.filter((l) => l.msg === 'Sync socket closed by the room gate')).toEqual([]);
    for (const x of [a, b, c]) await x.close();
  });

  it('relays output commands only from editors in their own name, and projector presence from read-only sockets', async () => {
    const [editor, viewer, projector] = [h.client(docId), h.client(docId, { mode: 'read-only' }), h.client(docId, { mode: 'read-only' })];
    const [he, hv, hp] = await Promise.all([editor, viewer, projector].map((x) => x.find<Doc>(docId)));
    const seen = { editor: [] as unknown[], projector: [] as unknown[] };
    he!.on('ephemeral-message', ({ message }) => seen.editor.push(message));
    hp!.on('ephemeral-message', ({ message }) => seen.projector.push(message));
    const command = { kind: 'output', id: 'c1', from: 'usr_test', target: '*', op: 'blackout', on: true, fadeMs: 0 };
    hv!.broadcast({ ...command, id: 'from-viewer' });
    he!.broadcast({ ...command, id: 'forged', from: 'usr_other' });
    he!.broadcast({ ...command, id: 'extra', note: 'x' });
    he!.broadcast(command);
    hp!.broadcast({
      kind: 'projector',
      projectorId: 'p1',
      label: 'Projector 1',
      width: 800,
      height: 600,
      fps: 60,
      status: 'good',
      blackout: true,
      pattern: null,
      offline: 'off',
      notCached: [],
      version: '1',
    });
    await waitFor(() => seen.projector.length >= 1 && seen.editor.length >= 1, 20_000, 'command and presence');
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.projector.map((m) => (m as { id: string }).id)).toEqual(['c1']);
    expect(seen.editor.map((m) => (m as { kind: string }).kind)).toEqual(['projector']);
    const reasons = h.logs.filter((l) => l.msg === 'Ephemeral message dropped').map((l) => (l.obj as { reason: string }).reason);
    expect(reasons).toEqual(
      expect.arrayContaining(['output command from a read-only socket', 'output command with a forged sender', 'malformed output command or unknown fields']),
    );
    for (const x of [editor, viewer, projector]) await x.close();
  });

  it('refuses a missing, unknown or reused ticket with 403 and no bytes', async () => {
    const none = rawSocket(`ws://127.0.0.1:${h.port}/sync/proj_test`);
    const bogus = rawSocket(`ws://127.0.0.1:${h.port}${syncSocketPath('proj_test', 'not-a-ticket')}`);
    await waitFor(() => none.closed && bogus.closed);
    expect([none.status, bogus.status]).toEqual([403, 403]);
    const url = h.ticketUrl(docId);
    const first = rawSocket(url);
    await new Promise((r) => first.ws.once('open', r));
    const second = rawSocket(url);
    await waitFor(() => second.closed);
    expect(second.status).toBe(403);
    expect(second.got).toHaveLength(0);
    first.ws.close();
  });

  it("opens only at the path naming the ticket's project (a load balancer routes by it)", async () => {
    const ticket = () => h.sync.tickets.issue({ projectId: 'proj_test', documentId: docId, userId: 'usr_test', mode: 'read-write' }).ticket;
    const bare = rawSocket(`ws://127.0.0.1:${h.port}/sync?ticket=${ticket()}`);
    const otherProject = rawSocket(`ws://127.0.0.1:${h.port}${syncSocketPath('proj_other', ticket())}`);
    const deeper = rawSocket(`ws://127.0.0.1:${h.port}/sync/proj_test/x?ticket=${ticket()}`);
    await waitFor(() => bare.closed && otherProject.closed && deeper.closed);
    expect([bare.status, otherProject.status, deeper.status]).toEqual([403, 403, 403]);
    expect([...bare.got, ...otherProject.got, ...deeper.got]).toHaveLength(0);
    const right = rawSocket(`ws://127.0.0.1:${h.port}${syncSocketPath('proj_test', ticket())}`);
    await new Promise((r) => right.ws.once('open', r));
    expect(h.sync.projectSocketCount('proj_test')).toBeGreaterThanOrEqual(1);
    right.ws.close();
    expect(projectOfSyncPath('/sync/p%2Fx')).toBe('p/x');
    expect(projectOfSyncPath('/sync')).toBeNull();
    expect(projectOfSyncPath('/synchronise')).toBeUndefined();
  });

  it('refuses an expired ticket', () => {
    let now = 0;
    const store = new TicketStore(() => now, 1000);
    const { ticket } = store.issue({ projectId: 'p', documentId: 'd', userId: null, mode: 'read-only' });
    now = 1000;
    expect(store.consume(ticket)).toBeNull();
    const again = store.issue({ projectId: 'p', documentId: 'd', userId: null, mode: 'read-only' }).ticket;
    expect(store.consume(again)).not.toBeNull();
    expect(store.consume(again)).toBeNull();
  });

  it('closes a socket that asks for a document outside its room, before sending that document', async () => {
    const sock = rawSocket(h.ticketUrl(docId));
    await new Promise((r) => sock.ws.once('open', r));
    const peerId = 'intruder-peer';
    sock.ws.send(cbor.encode({ type: 'join', senderId: peerId, peerMetadata: {}, supportedProtocolVersions: ['1'] }));
    await waitFor(() => sock.got.length > 0, 10_000, 'peer message');
    const [syncState] = A.generateSyncMessage(A.init(), A.initSyncState());
    sock.ws.send(cbor.encode({ type: 'request', senderId: peerId, targetId: h.sync.repo.peerId, documentId: otherDocId, data: syncState }));
    await waitFor(() => sock.closed, 10_000, 'close');
    expect(sock.closeCode).toBe(1008);
    // The handshake and at most the room's own document came back; nothing names the other one.
    const messages = sock.got.map((m) => cbor.decode(m) as { type: string; documentId?: string });
    expect(messages[0]!.type).toBe('peer');
    expect(messages.every((m) => m.documentId === undefined || m.documentId === docId)).toBe(true);
  });

  it("refuses a viewer's change: the read-only socket is closed and the change goes nowhere", async () => {
    const editor = h.client(docId);
    const viewer = h.client(docId, { mode: 'read-only' });
    const editorDoc = await editor.find<Doc>(docId);
    const viewerDoc = await viewer.find<Doc>(docId);
    // The viewer follows edits...
    editorDoc.change((d) => void (d.items['fromEditor'] = 1));
    await waitFor(() => viewerDoc.doc().items['fromEditor'] === 1, 20_000, 'viewer sees the edit');
    // ...but its own change closes its socket.
    viewerDoc.change((d) => void (d.items['fromViewer'] = 1));
    await waitFor(() => h.logs.some((l) => JSON.stringify(l.obj).includes('read-only socket sent a change')), 20_000, 'gate log');
    await new Promise((r) => setTimeout(r, 300));
    const server = await h.sync.repo.find<Doc>(docId);
    expect(server.doc().items['fromViewer']).toBeUndefined();
    expect(editorDoc.doc().items['fromViewer']).toBeUndefined();
    await viewer.close();
    await editor.close();
  });

  it('keeps serving when clients drop in the middle of find', async () => {
    const droppers = Array.from({ length: 8 }, () => h.client(docId));
    const finds = droppers.map((c) => c.find<Doc>(docId).catch(() => null));
    await new Promise((r) => setTimeout(r, 3));
    for (const c of droppers) c.adapter.dropSocket();
    for (const c of droppers) await c.close();
    await Promise.race([Promise.allSettled(finds), new Promise((r) => setTimeout(r, 500))]);
    expect(h.logs.filter((l) => l.level === 'error')).toEqual([]);
    const late = h.client(docId);
    const handle = await late.find<Doc>(docId);
    expect(handle.doc().items['seed']).toBe(1);
    await late.close();
  });
});
