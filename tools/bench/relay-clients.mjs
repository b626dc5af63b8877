// The relay bench's clients, on their own thread so that the main thread's CPU time is the sync
// server's alone (./relay.bench.ts). Raw websockets: join, then drag frames as the browser's drag
// channel sends them; every received frame is only counted. Plain JavaScript: Node 20 workers take
// no TypeScript loader.
import { cbor } from '@automerge/automerge-repo';
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

/** @type {{ peers: { url: string, peerId: string, documentId: string, editor: boolean }[], serverPeer: string }} */
const { peers, serverPeer } = workerData;
let received = 0;
let closed = 0;
const sockets = await Promise.all(
  peers.map(
    (peer) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(peer.url);
        let joined = false;
        ws.on('message', () => {
          if (!joined) {
            joined = true;
            resolve({ ws, ...peer });
          } else received++;
        });
        ws.once('open', () => ws.send(cbor.encode({ type: 'join', senderId: peer.peerId, peerMetadata: {}, supportedProtocolVersions: ['1'] })));
        ws.once('error', reject);
        // The server's keep-alive ends a socket that does not answer its pings in time (a starved thread).
        ws.once('close', () => closed++);
      }),
  ),
);
const editors = sockets.filter((s) => s.editor);
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', async (message) => {
  if (message.type === 'close') {
    for (const s of sockets) s.ws.close();
    parentPort.postMessage({ type: 'closed' });
    return;
  }
  // { type: 'go', frames, expected }: each editor sends `frames` frames, in bursts of one frame per
  // editor with a turn of the event loop every 20 bursts; answers when `expected` have arrived.
  received = 0;
  for (let seq = 1; seq <= message.frames; seq++) {
    for (const e of editors) {
      const data = cbor.encode({ kind: 'drag', target: 'lay_bench', seq, x: seq, y: 2 * seq }).slice();
      e.ws.send(cbor.encode({ type: 'ephemeral', senderId: e.peerId, targetId: serverPeer, count: seq, sessionId: 's', documentId: e.documentId, data }));
    }
    if (seq % 20 === 0) await new Promise((r) => setImmediate(r));
  }
  const started = performance.now();
  while (received < message.expected && performance.now() - started < 20_000) await new Promise((r) => setTimeout(r, 5));
  parentPort.postMessage({ type: 'done', received, closed });
});
