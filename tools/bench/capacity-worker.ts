// One worker thread of `npm run bench:capacity`: real automerge-repo clients (the TicketedSocketAdapter
// the browser uses, over ws on loopback) for its share of the rooms, 5 editors and 1 projector each.
// Every editor sends a live-drag frame at 30 Hz (its send time in `x`) and changes the document
// every 2 s (a marker whose id the worker remembers with its send time). Peers of a room live in
// one worker, so sender and receiver read the same clock.
import { parentPort, workerData } from 'node:worker_threads';
import { Repo, type DocHandle, type DocumentId } from '@automerge/automerge-repo';
import type { ProjectDoc } from '@beamstage/layers';
import { TicketedSocketAdapter, type SocketLike } from '@beamstage/sync';
import { createSystemClock } from '@beamstage/timeline';
import { WebSocket } from 'ws';

export interface CapacityWorkerData {
  base: string;
  token: string;
  projectIds: string[];
  editorsPerRoom: number;
  projectorsPerRoom: number;
  dragHz: number;
  changeEveryMs: number;
  warmupMs: number;
  measureMs: number;
}

export interface CapacityWorkerResult {
  ephemeralMs: number[];
  convergeMs: number[];
  dropped: number;
  framesSent: number;
  changesSent: number;
  peers: number;
}

const data = workerData as CapacityWorkerData;
const now = () => performance.timeOrigin + performance.now();
const clock = createSystemClock({
  now: () => performance.now(),
  wallNow: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as never),
});

interface Peer {
  name: string;
  handle: DocHandle<ProjectDoc>;
  close(): Promise<void>;
}

let measuring = false;
let stopping = false;
const result: CapacityWorkerResult = { ephemeralMs: [], convergeMs: [], dropped: 0, framesSent: 0, changesSent: 0, peers: 0 };
/** Marker id -> when its change was made (the author is in this worker). */
const changeSentAt = new Map<string, number>();

async function openPeer(projectId: string, name: string): Promise<Peer> {
  let documentId = '';
  const adapter = new TicketedSocketAdapter({
    clock,
    getTicketUrl: async () => {
      const res = await fetch(`${data.base}/api/sync/ticket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${data.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId }),
      });
      if (res.status !== 200) throw new Error(`ticket ${res.status}`);
      const body = (await res.json()) as { url: string; documentId: string };
      documentId = body.documentId;
      return { url: `${data.base.replace(/^http/, 'ws')}${body.url}` };
    },
    createSocket: (url) => {
      const ws = new WebSocket(url);
      ws.on('close', () => {
        if (!stopping) result.dropped++;
      });
      return ws as unknown as SocketLike;
    },
  });
  const repo = new Repo({ network: [adapter] });
  await adapter.whenReady();
  const handle = await repo.find<ProjectDoc>(documentId as DocumentId);
  handle.on('ephemeral-message', ({ message }) => {
    const m = message as { kind?: string; x?: number };
    if (measuring && m.kind === 'drag' && typeof m.x === 'number') result.ephemeralMs.push(now() - m.x);
  });
  // Markers this peer has seen arrive; its own (made here) never count.
  const seen = new Set<string>();
  handle.on('change', ({ doc }) => {
    const at = now();
    for (const id of Object.keys(doc.timeline.markers)) {
      if (seen.has(id)) continue;
      seen.add(id);
      const sent = changeSentAt.get(id);
      if (measuring && sent !== undefined && !id.startsWith(`${name}_`)) result.convergeMs.push(at - sent);
    }
  });
  return {
    name,
    handle,
    async close() {
      adapter.disconnect();
      await repo.shutdown().catch(() => undefined);
    },
  };
}

async function main() {
  const rooms: { editors: Peer[]; projectors: Peer[] }[] = [];
  // A few rooms at a time: tickets and first syncs on a busy server.
  for (let first = 0; first < data.projectIds.length; first += 5) {
    const batch = await Promise.all(
      data.projectIds.slice(first, first + 5).map(async (projectId, k) => {
        const r = first + k;
        const editors = await Promise.all(Array.from({ length: data.editorsPerRoom }, (_, e) => openPeer(projectId, `r${r}e${e}`)));
        const projectors = await Promise.all(Array.from({ length: data.projectorsPerRoom }, (_, p) => openPeer(projectId, `r${r}p${p}`)));
        return { editors, projectors };
      }),
    );
    rooms.push(...batch);
  }
  result.peers = rooms.reduce((n, r) => n + r.editors.length + r.projectors.length, 0);
  parentPort!.postMessage({ type: 'ready', peers: result.peers });
  await new Promise<void>((resolve) => parentPort!.once('message', () => resolve()));

  const timers: NodeJS.Timeout[] = [];
  const layerOf = (handle: DocHandle<ProjectDoc>) => Object.keys(handle.doc().layers)[0] ?? '@project';
  for (const room of rooms) {
    for (const editor of room.editors) {
      const target = layerOf(editor.handle);
      let seq = 0;
      let changes = 0;
      // Spread the editors' phases so frames do not all leave in one tick.
      const phase = Math.random() * (1000 / data.dragHz);
      timers.push(
        setTimeout(() => {
          timers.push(
            setInterval(() => {
              editor.handle.broadcast({ kind: 'drag', target, seq: ++seq, x: now(), y: 0 });
              if (measuring) result.framesSent++;
            }, 1000 / data.dragHz),
          );
        }, phase),
      );
      timers.push(
        setTimeout(() => {
          timers.push(
            setInterval(() => {
              const id = `${editor.name}_${changes++}`;
              changeSentAt.set(id, now());
              editor.handle.change(
                (d) => void (d.timeline.markers[id] = { id, name: id, time: 0, color: '#44aaff', metadata: { created: 0 }, order: `a${changes}` } as never),
              );
              if (measuring) result.changesSent++;
            }, data.changeEveryMs),
          );
        }, Math.random() * data.changeEveryMs),
      );
    }
  }
  await new Promise((r) => setTimeout(r, data.warmupMs));
  measuring = true;
  await new Promise((r) => setTimeout(r, data.measureMs));
  measuring = false;
  for (const t of timers) clearTimeout(t);
  stopping = true;
  parentPort!.postMessage({ type: 'result', result });
  await Promise.all(rooms.flatMap((r) => [...r.editors, ...r.projectors]).map((p) => p.close()));
  parentPort!.postMessage({ type: 'closed' });
}

main().catch((err: unknown) => {
  parentPort!.postMessage({ type: 'error', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
});
