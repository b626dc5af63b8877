// openBrowserSync in real Chromium against the real gated sync server (see testing/sync-server.global-setup.ts):
// slim Automerge with its wasm fetched from its own URL, IndexedDB, the ticketed socket and BroadcastChannel.
import type { ProjectDoc } from '@beamstage/layers';
import { createSystemClock } from '@beamstage/timeline';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { ConnectionState } from '../client/connection-status';
import { AUTOMERGE_WASM_URL, loadAutomerge } from './automerge-wasm';
import { openBrowserSync, ROOM_DENIED_MESSAGE, type BrowserSync, type BrowserSyncOptions } from './browser-sync';

// The apps pass libs/stage's browserClock; sync may not import stage, so the test builds the same one.
const clock = createSystemClock({
  now: () => performance.now(),
  wallNow: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as number),
});

const syncOrigin = inject('syncOrigin');
const projectId = inject('projectId');
const documentId = inject('documentId');
/** A port nothing listens on: the ticket fetch fails at once, as when the network is down. */
const OFFLINE_ORIGIN = 'http://127.0.0.1:9';

async function waitFor(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const serverName = async () => ((await (await fetch(`${syncOrigin}/test/name`)).json()) as { name: string }).name;
const gateCloses = async () => ((await (await fetch(`${syncOrigin}/test/gate-closes`)).json()) as { reasons: string[] }).reasons;
const setServerName = (name: string) =>
  fetch(`${syncOrigin}/test/name`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });

const opened: BrowserSync[] = [];
async function open(options: Partial<BrowserSyncOptions> & { databaseName: string }): Promise<{ sync: BrowserSync; states: ConnectionState[] }> {
  const states: ConnectionState[] = [];
  const sync = await openBrowserSync({ apiOrigin: syncOrigin, projectId, getToken: async () => 'token', onState: (s) => states.push(s), clock, ...options });
  opened.push(sync);
  return { sync, states };
}
afterEach(async () => {
  for (const sync of opened.splice(0)) await sync.close();
});

// One IndexedDB database for the "editor tab" across the tests: test order matters (vitest runs them in order).
const EDITOR_DB = `beamstage-sync-test-${Date.now()}`;

describe('openBrowserSync in Chromium', () => {
  it('loads the slim Automerge with its wasm fetched as its own .wasm request', async () => {
    expect(AUTOMERGE_WASM_URL.startsWith('data:')).toBe(false);
    expect(new URL(AUTOMERGE_WASM_URL, location.href).pathname).toMatch(/\.wasm$/);
    await loadAutomerge();
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const wasmFetches = resources.filter((e) => e.initiatorType === 'fetch' && new URL(e.name).pathname.endsWith('.wasm'));
    expect(wasmFetches.map((e) => new URL(e.name).pathname)).toEqual([new URL(AUTOMERGE_WASM_URL, location.href).pathname]);
    // The whole module came over that request (about 3.6 MB uncompressed)...
    expect(wasmFetches[0]!.decodedBodySize).toBeGreaterThan(1_000_000);
    // ...and no script carried it as base64 (that entry alone is ~4.9 MB of JS).
    const largestScript = Math.max(...resources.filter((e) => e.initiatorType === 'script').map((e) => e.decodedBodySize));
    expect(largestScript).toBeLessThan(2_000_000);
  });

  it('goes connecting -> connected, edits reach the server and back, and reconnects after a dropped socket', async () => {
    // A stale id stored by an earlier session: the server's answer names the document, not this.
    localStorage.setItem(`beamstage:sync-doc:${projectId}`, '2V4hmqsE4Xx5H3rFJXfkYZyzuZoS');
    const { sync, states } = await open({ databaseName: EDITOR_DB });
    const handle = await sync.handle();
    expect(handle.documentId).toBe(documentId);
    expect(localStorage.getItem(`beamstage:sync-doc:${projectId}`)).toBe(documentId);
    await waitFor(() => sync.adapter.getState().status === 'connected', 'connected');
    const statuses = states.map((s) => s.status);
    expect(statuses[0]).toBe('connecting');
    expect(statuses.indexOf('connected')).toBeGreaterThan(0);
    expect(statuses).not.toContain('error');
    expect((handle.doc() as ProjectDoc).metadata.name).toBe('Browser test project');

    handle.change((d) => void (d.metadata.name = 'Renamed in the browser'));
    let onServer = '';
    await waitFor(() => {
      void serverName().then((n) => (onServer = n));
      return onServer === 'Renamed in the browser';
    }, 'the server to see the browser edit');

    await setServerName('Renamed on the server');
    await waitFor(() => handle.doc().metadata.name === 'Renamed on the server', 'the browser to see the server edit');

    const before = states.length;
    sync.adapter.dropSocket();
    await waitFor(() => states.slice(before).some((s) => s.status === 'connected'), 'a reconnect');
    // The drop is a websocket error with its reason while it retries, then connected again with none.
    expect(states.slice(before).map((s) => s.status)).toEqual(expect.arrayContaining(['error', 'connected']));
    expect(states.slice(before).find((s) => s.status === 'error')).toMatchObject({ error: 'connection lost', retrying: true });
    expect(sync.adapter.getState().error).toBeUndefined();
    await setServerName('After the reconnect');
    await waitFor(() => handle.doc().metadata.name === 'After the reconnect', 'an edit after the reconnect');
    await sync.repo.flush();
  });

  it('reopened offline, the document comes back from IndexedDB and offline edits persist', async () => {
    const first = await open({ databaseName: EDITOR_DB, apiOrigin: OFFLINE_ORIGIN });
    const handle = await first.sync.handle();
    expect(handle.doc().metadata.name).toBe('After the reconnect');
    expect(first.states.map((s) => s.status)).not.toContain('connected');
    handle.change((d) => void (d.metadata.description = 'written offline'));
    await first.sync.repo.flush();
    await first.sync.close();
    opened.splice(opened.indexOf(first.sync), 1);

    const second = await open({ databaseName: EDITOR_DB, apiOrigin: OFFLINE_ORIGIN });
    const again = await second.sync.handle();
    expect(again.doc().metadata).toMatchObject({ name: 'After the reconnect', description: 'written offline' });
  });

  it('a second page shares edits over BroadcastChannel with no server', async () => {
    // Both offline. The second page is an iframe: its own window, realm, Automerge wasm instance and
    // BroadcastChannel objects, same origin (as a second tab). Its database is empty, so the document
    // itself must arrive over the channel.
    const a = await open({ databaseName: EDITOR_DB, apiOrigin: OFFLINE_ORIGIN });
    const ha = await a.sync.handle();
    const seen: string[] = [];
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { page2?: unknown } | null;
      if (typeof data?.page2 === 'string') seen.push(data.page2);
    };
    window.addEventListener('message', onMessage);
    const frame = document.createElement('iframe');
    const entry = new URL('./browser-sync.ts', import.meta.url).href;
    frame.srcdoc = `<script type="module">
      import { openBrowserSync } from ${JSON.stringify(entry)};
      const sync = await openBrowserSync({ apiOrigin: ${JSON.stringify(OFFLINE_ORIGIN)}, projectId: ${JSON.stringify(projectId)},
        getToken: async () => null, databaseName: ${JSON.stringify(`${EDITOR_DB}-page2`)},
        clock: { now: () => performance.now(), wallNow: () => Date.now(), setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h) } });
      const handle = await sync.handle();
      const report = () => parent.postMessage({ page2: handle.doc().metadata.name }, '*');
      handle.on('change', report);
      report();
      addEventListener('message', (e) => {
        if (typeof e.data?.rename === 'string') handle.change((d) => { d.metadata.name = e.data.rename; });
        if (e.data?.close) void sync.close();
      });
    </script>`;
    document.body.appendChild(frame);
    try {
      await waitFor(() => seen.at(-1) === 'After the reconnect', 'the second page to load the document from the first');
      ha.change((d) => void (d.metadata.name = 'From page A'));
      await waitFor(() => seen.at(-1) === 'From page A', 'the second page to see page A');
      frame.contentWindow!.postMessage({ rename: 'From page B' }, '*');
      await waitFor(() => ha.doc().metadata.name === 'From page B', 'page A to see page B');
    } finally {
      frame.contentWindow?.postMessage({ close: true }, '*');
      await new Promise((r) => setTimeout(r, 100));
      frame.remove();
      window.removeEventListener('message', onMessage);
    }
  });

  it('a read-only projector beside an editor in the same browser is never closed for relaying its edits', async () => {
    // The projector hears the editor's changes over BroadcastChannel before the server does; its
    // read-only socket must not pass them on (the room gate closes a read-only socket that sends one).
    const closesBefore = await gateCloses();
    const editor = await open({ databaseName: `${EDITOR_DB}-editor2` });
    const projector = await open({ databaseName: `${EDITOR_DB}-projector`, getToken: async () => null, readOnly: true });
    const he = await editor.sync.handle();
    const hp = await projector.sync.handle();
    await waitFor(() => projector.sync.adapter.getState().status === 'connected' && editor.sync.adapter.getState().status === 'connected', 'both connected');
    const connectedAt = projector.states.length;
    for (let i = 0; i < 20; i++) {
      he.change((d) => void (d.metadata.name = `edit ${i}`));
      await new Promise((r) => setTimeout(r, 30));
    }
    await waitFor(() => hp.doc().metadata.name === 'edit 19', 'the projector to see the last edit');
    let onServer = '';
    await waitFor(() => {
      void serverName().then((n) => (onServer = n));
      return onServer === 'edit 19';
    }, 'the server to see the last edit');
    await new Promise((r) => setTimeout(r, 300)); // late sync rounds
    expect((await gateCloses()).slice(closesBefore.length)).toEqual([]);
    // Never closed: no error (a close is one, retried) and no disconnect since it connected.
    expect(projector.states.slice(connectedAt).map((s) => s.status)).not.toContain('error');
    expect(projector.states.slice(connectedAt).map((s) => s.status)).not.toContain('disconnected');
  });

  it('a peer the ticket makes read-only (a viewer) says so, keeps its own edits local, and is never closed', async () => {
    const closesBefore = await gateCloses();
    // No readOnly option: the ticket's answer (anonymous here, a viewer in the api) decides.
    const viewer = await open({ databaseName: `${EDITOR_DB}-viewer`, getToken: async () => null });
    expect(viewer.sync.mode()).toBe(null);
    const hv = await viewer.sync.handle();
    expect(viewer.sync.mode()).toBe('read-only');
    await waitFor(() => viewer.sync.adapter.getState().status === 'connected', 'the viewer connected');
    const connectedAt = viewer.states.length;
    const before = await serverName();
    hv.change((d) => void (d.metadata.name = 'a viewer tried this'));
    await new Promise((r) => setTimeout(r, 600)); // several sync rounds
    expect(await serverName()).toBe(before);
    expect((await gateCloses()).slice(closesBefore.length)).toEqual([]);
    expect(viewer.states.slice(connectedAt).map((s) => s.status)).not.toContain('error');
    expect(viewer.states.slice(connectedAt).map((s) => s.status)).not.toContain('disconnected');
    const editor = await open({ databaseName: `${EDITOR_DB}-editor3` });
    await editor.sync.handle();
    expect(editor.sync.mode()).toBe('read-write');
  });

  it('a viewer promoted mid-session keeps the document valid as a writer does (its next ticket turns the clean-up on)', async () => {
    let token: string | null = null;
    const viewer = await open({ databaseName: `${EDITOR_DB}-promoted`, getToken: async () => token });
    const handle = await viewer.sync.handle();
    expect(viewer.sync.mode()).toBe('read-only');
    await waitFor(() => viewer.sync.adapter.getState().status === 'connected', 'the viewer connected');
    token = 'token'; // the owner made them an editor; the api closes their socket, the next ticket says so
    viewer.sync.adapter.dropSocket();
    await waitFor(() => viewer.sync.mode() === 'read-write', 'the next ticket made it a writer');
    handle.change((d) => void (d.warpPoints = [] as unknown as ProjectDoc['warpPoints']));
    // Fixed here, in the same turn's microtasks: the server's own clean-up would need a round trip.
    await new Promise((r) => setTimeout(r, 0));
    expect(handle.doc().warpPoints).toHaveLength(4);
  });

  it('reports Saved only once the server confirmed the edit as stored, Saving in between', async () => {
    const { sync } = await open({ databaseName: `${EDITOR_DB}-saved` });
    const handle = await sync.handle();
    const saved: (boolean | null)[] = [];
    const stop = sync.watchSaved(handle, (s) => saved.push(s));
    await waitFor(() => saved.at(-1) === true, 'the opened document confirmed as stored');
    expect(sync.adapter.serverStorageId()).toBeTruthy();
    handle.change((d) => void (d.metadata.name = 'Saved state in the browser'));
    expect(saved.at(-1)).toBe(false);
    await waitFor(() => saved.at(-1) === true, 'Saved after the server stored the edit');
    expect(await serverName()).toBe('Saved state in the browser');
    stop();
  });

  it('a socket lost while the document is still loading does not end real-time: the document opens after the reconnect', async () => {
    await fetch(`${syncOrigin}/test/cut-next-socket`, { method: 'POST' });
    // A browser with no copy of the document: it must come from the server.
    const { sync, states } = await open({ databaseName: `beamstage-sync-cut-${Date.now()}` });
    const handle = await sync.handle();
    expect(handle.documentId).toBe(documentId);
    expect((handle.doc() as ProjectDoc).metadata.name).toBeTruthy();
    // The first socket was cut before the server answered (the reconnect is what delivered it).
    expect(states.filter((s) => s.status === 'connected').length).toBeGreaterThanOrEqual(1);
    expect(states.map((s) => s.status)).toContain('connecting');
  });

  it('a denied ticket ends in the error state for good', async () => {
    const { sync, states } = await open({ databaseName: `${EDITOR_DB}-denied`, projectId: 'proj_private_other', getToken: async () => null });
    await waitFor(() => sync.adapter.getState().status === 'error', 'error');
    expect(states.map((s) => s.status)).toEqual(['connecting', 'error']);
    expect(sync.adapter.getState().error).toBe(ROOM_DENIED_MESSAGE);
    await new Promise((r) => setTimeout(r, 500)); // no retry follows
    expect(states.map((s) => s.status)).toEqual(['connecting', 'error']);
  });
});
