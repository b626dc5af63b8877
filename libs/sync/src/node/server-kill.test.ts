// The sync server killed with SIGKILL at random moments while two live clients edit, on PGlite and
// on PostgreSQL, restarted on the same data each time. Before the editors may reconnect (they would
// bring their own edits back), a fresh client reads the restarted server: every edit the server
// had confirmed to its author as stored must be there. SERVER_KILLS (default 3) kills per database,
// SERVER_KILL_SEED the first seed; STORE_BEFORE_CONFIRM=0 runs the server without the gate, to see
// the loss it prevents (the test then fails).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { next as A } from '@automerge/automerge';
import { decodeHeads, Repo, type DocHandle, type DocumentId } from '@automerge/automerge-repo';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/testing/free-port';
import { findPostgresBin, startPostgres, type TestPostgres } from '../../../../tools/testing/postgres';
import { seededRandom } from '../../../../tools/testing/seeded-random';
import { WebSocket } from 'ws';
import { watchServerSaved } from '../client/server-saved';
import { syncSocketPath } from '../client/sync-url';
import { TicketedSocketAdapter, type SocketLike } from '../client/ticketed-socket-adapter';
import { nodeClock, waitFor } from './testing-harness';

type Items = { items: Record<string, number> };
const FIXTURE = fileURLToPath(new URL('./server-process.fixture.ts', import.meta.url));
const SERVER_KILLS = Number(process.env['SERVER_KILLS'] ?? 3);
const SEED = Number(process.env['SERVER_KILL_SEED'] ?? 1);

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function startServer(url: string, port: number, create = false): Promise<{ child: ChildProcess; docId?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, url, String(port), ...(create ? ['create'] : [])], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
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
    child.on('exit', (code) => {
      children.delete(child);
      reject(new Error(`server exited ${code}: ${err}`));
    });
  });
}

/** A live client whose reconnects wait while `gate.closed` (the test's check runs first). */
function liveClient(port: number, docId: DocumentId, gate: { closed: boolean }) {
  const adapter = new TicketedSocketAdapter({
    clock: nodeClock,
    getTicketUrl: async () => {
      await waitFor(() => !gate.closed, 120_000, 'the ticket gate');
      const res = await fetch(`http://127.0.0.1:${port}/ticket?doc=${docId}`);
      return { url: `ws://127.0.0.1:${port}${syncSocketPath('proj_kill', await res.text())}` };
    },
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
  });
  return { repo: new Repo({ network: [adapter] }), adapter };
}

/**
 * One editor: adds keys `${name}_${n}` and collects the ones the server confirmed, two ways:
 * the keys present in the document at the heads the server last reported (its sync reply), and
 * every key made so far whenever watchServerSaved (the editor's "Saved") says all is stored.
 */
async function editor(name: string, port: number, docId: DocumentId, gate: { closed: boolean }) {
  const client = liveClient(port, docId, gate);
  const handle: DocHandle<Items> = await client.repo.find<Items>(docId);
  const made: string[] = [];
  const confirmed = new Set<string>();
  const own = (key: string) => key.startsWith(`${name}_`);
  handle.on('remote-heads', ({ storageId, heads }) => {
    if (storageId !== client.adapter.serverStorageId()) return;
    const doc = handle.doc();
    const raw = decodeHeads(heads);
    if (!A.hasHeads(doc, raw)) return;
    for (const key of Object.keys(A.view(doc, raw).items)) if (own(key)) confirmed.add(key);
  });
  let savedClaims = 0;
  const stopWatching = watchServerSaved(
    handle as DocHandle<unknown>,
    () => client.adapter.serverStorageId(),
    (saved) => {
      if (saved !== true) return;
      savedClaims++;
      for (const key of made) confirmed.add(key);
    },
  );
  return {
    made,
    confirmed,
    savedClaims: () => savedClaims,
    edit() {
      const key = `${name}_${made.length}`;
      made.push(key);
      handle.change((d) => void (d.items[key] = made.length));
    },
    async close() {
      stopWatching();
      client.adapter.disconnect();
      await client.repo.shutdown().catch(() => undefined);
    },
  };
}

/** What a fresh client finds on the server now (it has no edits of its own, so synced = the server's stored document). */
async function readServer(port: number, docId: DocumentId): Promise<Set<string>> {
  // A find that races the peer's registration on a loaded machine answers "unavailable" without
  // asking the server: connected first, and a fresh client for a second try.
  for (let attempt = 1; ; attempt++) {
    const client = liveClient(port, docId, { closed: false });
    try {
      await waitFor(() => client.adapter.getState().status === 'connected', 30_000, 'the fresh client connected');
      const handle = await client.repo.find<Items>(docId);
      await waitFor(
        () => {
          const storageId = client.adapter.serverStorageId();
          const heads = storageId ? handle.getSyncInfo(storageId)?.lastHeads : undefined;
          return !!heads && heads.length > 0 && heads.every((h) => handle.heads().includes(h));
        },
        30_000,
        'the fresh client to hold the server document',
      );
      return new Set(Object.keys(handle.doc().items));
    } catch (err) {
      if (attempt >= 8 || !/unavailable/.test(String(err))) throw err;
    } finally {
      client.adapter.disconnect();
      await client.repo.shutdown().catch(() => undefined);
    }
    // A restarted server on a loaded machine may still be loading the document from storage.
    await new Promise((r) => setTimeout(r, 500 * attempt));
  }
}

async function killUnderLiveClients(databaseUrl: string, label: string) {
  const random = seededRandom(SEED);
  const port = await freePort();
  let server = await startServer(databaseUrl, port, true);
  const docId = server.docId as DocumentId;
  const gate = { closed: false };
  const editors = [await editor('a', port, docId, gate), await editor('b', port, docId, gate)];
  let stop = false;
  const typing = editors.map(async (e) => {
    while (!stop) {
      e.edit();
      await new Promise((r) => setTimeout(r, 5 + random() * 25));
    }
  });
  let checked = 0;
  const lost: string[] = [];
  for (let kill = 0; kill < SERVER_KILLS; kill++) {
    // Edit live for a while (every confirmation so far is from this server), then kill at a random moment.
    const before = editors.map((e) => e.confirmed.size);
    await waitFor(() => editors.every((e, i) => e.confirmed.size > before[i]!), 30_000, 'a confirmation on the live server');
    await new Promise((r) => setTimeout(r, 50 + random() * 600));
    gate.closed = true;
    const dead = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGKILL');
    await dead;
    // The confirmations are what the editors heard before the kill; they keep typing offline.
    const confirmed = editors.flatMap((e) => [...e.confirmed]);
    server = await startServer(databaseUrl, port);
    const present = await readServer(port, docId);
    const missing = confirmed.filter((key) => !present.has(key));
    checked += confirmed.length;
    lost.push(...missing);
    console.log(`${label} kill ${kill + 1}: ${confirmed.length} confirmed edits checked, ${present.size} on the restarted server, ${missing.length} lost`);
    gate.closed = false;
  }
  stop = true;
  await Promise.all(typing);
  // Nothing is lost for good either: every edit made (confirmed or not) reaches a fresh client.
  const made = editors.flatMap((e) => e.made);
  await waitFor(() => editors.every((e) => e.made.every((k) => e.confirmed.has(k))), 60_000, 'every edit confirmed after the last restart');
  const final = await readServer(port, docId);
  const claims = editors.reduce((n, e) => n + e.savedClaims(), 0);
  console.log(
    `${label}: ${SERVER_KILLS} kills, ${made.length} edits made, ${checked} checks of confirmed edits (each kill checks every edit confirmed so far), ${lost.length} lost, ${claims} "Saved" states seen, ${made.filter((k) => !final.has(k)).length} missing at the end`,
  );
  for (const e of editors) await e.close();
  server.child.kill('SIGKILL');
  expect(lost).toEqual([]);
  expect(made.filter((k) => !final.has(k))).toEqual([]);
  expect(checked).toBeGreaterThan(0);
}

describe('sync server killed -9 under live clients', () => {
  it(`PGlite: every confirmed edit survives ${SERVER_KILLS} kills`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'beamstage-sync-kill-'));
    try {
      await killUnderLiveClients(`pglite:${dir}`, 'PGlite');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  describe.runIf(findPostgresBin())('on PostgreSQL', () => {
    let pgServer: TestPostgres | null = null;
    afterAll(async () => pgServer?.stop());
    it(`PostgreSQL: every confirmed edit survives ${SERVER_KILLS} kills`, async () => {
      pgServer = await startPostgres();
      await killUnderLiveClients(await pgServer.createDatabase('server_kill'), 'PostgreSQL');
    }, 300_000);
  });
});
