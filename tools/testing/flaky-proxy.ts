// A loopback websocket proxy that drops, duplicates and reorders frames, seeded, for sync fuzz
// tests: clients connect to the proxy with the path they would use on the server (/sync?ticket=..),
// the proxy opens the same path upstream and forwards frames with faults. The first frame each way
// (the handshake) always passes, so faults hit the sync traffic, not the join.
//
// The fault model is harsher than TCP, on purpose. A websocket over TCP never loses, duplicates or
// reorders a frame while the connection lives; frames are lost only when it breaks. Automerge's
// sync protocol relies on that: a change it sent is not sent again on the same sync state, so a
// silent drop here leaves a peer pair waiting until the socket is renewed (automerge-repo renews
// the sync state on every reconnect). A test that uses `drop` must therefore renew the sockets
// (`dropAll`) before it expects convergence: the drop stands for "lost with a broken connection".
// Duplicates and reorders test that peers tolerate replays and late frames.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { seededRandom } from './seeded-random.ts';

export { seededRandom };

export interface ProxyFaults {
  /** Probability that a frame is dropped (silently: pair it with dropAll before expecting convergence). */
  drop: number;
  /** Probability that a frame is sent twice. */
  duplicate: number;
  /** Probability that a frame is held and sent after the next one (or after HOLD_MS). */
  reorder: number;
}

/** A held frame goes out after this long if no later frame overtakes it. */
export const HOLD_MS = 15;

export const NO_FAULTS: ProxyFaults = { drop: 0, duplicate: 0, reorder: 0 };

export interface FlakyProxy {
  port: number;
  /** ws://127.0.0.1:PORT */
  origin: string;
  setFaults(faults: ProxyFaults): void;
  /** Counts of what the proxy did, for the test's report. */
  stats: { forwarded: number; dropped: number; duplicated: number; reordered: number };
  /** Closes every proxied connection at once (both sides see the socket drop). */
  dropAll(): void;
  close(): Promise<void>;
}

/** Starts the proxy in front of ws://127.0.0.1:upstreamPort. */
export async function startFlakyProxy(upstreamPort: number, seed: number, faults: ProxyFaults = NO_FAULTS): Promise<FlakyProxy> {
  const random = seededRandom(seed);
  let current = faults;
  const stats = { forwarded: 0, dropped: 0, duplicated: 0, reordered: 0 };
  const http: Server = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server: http });
  const pairs = new Set<{ client: WebSocket; upstream: WebSocket }>();

  const pipe = (from: WebSocket, to: WebSocket) => {
    let first = true;
    let held: { data: RawData; timer: ReturnType<typeof setTimeout> } | null = null;
    const pending: RawData[] = [];
    const send = (data: RawData) => {
      if (to.readyState === WebSocket.OPEN) {
        to.send(data, { binary: true });
        stats.forwarded++;
      } else if (to.readyState === WebSocket.CONNECTING) pending.push(data);
    };
    to.on('open', () => pending.splice(0).forEach(send));
    const releaseHeld = () => {
      if (!held) return;
      clearTimeout(held.timer);
      const data = held.data;
      held = null;
      send(data);
    };
    from.on('message', (data) => {
      if (first) {
        first = false;
        return send(data);
      }
      const r = random();
      if (r < current.drop) {
        stats.dropped++;
        return;
      }
      if (r < current.drop + current.duplicate) {
        stats.duplicated++;
        send(data);
        send(data);
        return releaseHeld();
      }
      if (r < current.drop + current.duplicate + current.reorder && !held) {
        stats.reordered++;
        held = { data, timer: setTimeout(releaseHeld, HOLD_MS) };
        return;
      }
      send(data);
      releaseHeld();
    });
  };

  wss.on('connection', (client, req) => {
    const upstream = new WebSocket(`ws://127.0.0.1:${upstreamPort}${req.url ?? '/'}`);
    const pair = { client, upstream };
    pairs.add(pair);
    pipe(client, upstream);
    pipe(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.terminate();
      upstream.terminate();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
    upstream.on('unexpected-response', end);
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  const dropAll = () => {
    for (const { client, upstream } of [...pairs]) {
      client.terminate();
      upstream.terminate();
    }
  };
  return {
    port,
    origin: `ws://127.0.0.1:${port}`,
    setFaults: (f) => (current = f),
    stats,
    dropAll,
    async close() {
      dropAll();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
