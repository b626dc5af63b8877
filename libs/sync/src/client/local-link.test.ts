import { describe, expect, it } from 'vitest';
import { createManualClock } from '@beamstage/timeline';
import { createDragReceiver, createDragSender } from './drag-channel';
import type { EphemeralChannel } from './ephemeral-channel';
import { createLocalLink, mergeChannels, type LocalPort } from './local-link';

/** In-memory BroadcastChannel: every port hears every other port's posts. */
function bus() {
  const ports = new Set<(data: unknown) => void>();
  return (): LocalPort => {
    const mine = new Set<(data: unknown) => void>();
    return {
      post: (data) => ports.forEach((l) => !mine.has(l) && l(structuredClone(data))),
      listen(listener) {
        mine.add(listener);
        ports.add(listener);
        return () => (ports.delete(listener), mine.delete(listener));
      },
      close: () => mine.forEach((l) => ports.delete(l)),
    };
  };
}

/** A fake server room: a message from one peer reaches the others with its sender id. */
function room() {
  const peers = new Map<string, Set<(m: unknown, from: string) => void>>();
  return (id: string): EphemeralChannel => {
    peers.set(id, new Set());
    return {
      broadcast: (m) => peers.forEach((ls, peer) => peer !== id && ls.forEach((l) => l(structuredClone(m), id))),
      subscribe(listener) {
        peers.get(id)!.add(listener);
        return () => void peers.get(id)!.delete(listener);
      },
    };
  };
}

describe('the local link', () => {
  it('carries messages between pages with the sender id, never back to the sender, and ignores strangers', () => {
    const port = bus();
    const a = createLocalLink(port(), 'peer-a');
    const bPort = port();
    const b = createLocalLink(bPort, 'peer-b');
    const heardA: [unknown, string][] = [];
    const heardB: [unknown, string][] = [];
    a.subscribe((m, from) => heardA.push([m, from]));
    b.subscribe((m, from) => heardB.push([m, from]));
    a.broadcast({ kind: 'output', id: 'c1' });
    expect(heardB).toEqual([[{ kind: 'output', id: 'c1' }, 'peer-a']]);
    expect(heardA).toEqual([]);
    port().post({ not: 'an envelope' });
    port().post({ v: 1, from: 'x'.repeat(500), message: 1 });
    expect(heardA).toEqual([]);
    b.close();
    a.broadcast({ kind: 'after-close' });
    expect(heardB.length).toBe(1);
  });

  it('a drag sent over the server and the local link at once is applied once per frame, in order', () => {
    const clock = createManualClock();
    const server = room();
    const port = bus();
    const editor = mergeChannels(server('editor'), createLocalLink(port(), 'editor'));
    const projectorLocal = createLocalLink(port(), 'projector');
    const projector = mergeChannels(server('projector'), projectorLocal);
    const updates: (number | undefined)[] = [];
    const receiver = createDragReceiver(projector, clock, () => updates.push(receiver.get('l1')?.x));
    const sender = createDragSender(editor);
    sender.move('l1', { x: 1 });
    sender.move('l1', { x: 2 });
    // Each frame arrives twice (server, local); the second copy of a seq is dropped as old.
    expect(updates).toEqual([1, 2]);
    expect(receiver.get('l1')).toMatchObject({ x: 2, seq: 2 });
  });
});
