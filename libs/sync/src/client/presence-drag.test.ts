import { createManualClock } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { createDragReceiver, createDragSender, DRAG_OVERRIDE_MAX_MS } from './drag-channel';
import type { EphemeralChannel } from './ephemeral-channel';
import { createPresence, PRESENCE_TIMEOUT_MS, sanitizeName, SILENCE_CHECK_MS, type PresenceState } from './presence';

/** An in-memory hub: what one peer broadcasts, every other peer receives. */
function hub() {
  const peers = new Map<string, Set<(m: unknown, from: string) => void>>();
  return (peerId: string): EphemeralChannel => {
    peers.set(peerId, new Set());
    return {
      broadcast(message) {
        for (const [id, ls] of peers) if (id !== peerId) for (const l of ls) l(structuredClone(message), peerId);
      },
      subscribe(listener) {
        peers.get(peerId)!.add(listener);
        return () => peers.get(peerId)!.delete(listener);
      },
    };
  };
}

const me = (userId: string, name = userId): PresenceState => ({
  userId,
  name,
  color: '#ff0000',
  selectedLayerId: null,
  sceneUpdate: null,
  timelineUpdate: null,
});

describe('presence', () => {
  it('shares state, keeps names as plain short text, and drops a silent peer after 30 s', () => {
    const clock = createManualClock();
    const join = hub();
    const a = createPresence(join('a'), clock, me('usr_a'));
    const b = createPresence(join('b'), clock, me('usr_b', '<img src=x onerror=alert(1)>\u202e' + 'x'.repeat(100)));
    b.update({ selectedLayerId: 'L1', sceneUpdate: { sceneId: 'scene_1', timestamp: 5 } });
    const seen = a.peers();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ userId: 'usr_b', selectedLayerId: 'L1', sceneUpdate: { sceneId: 'scene_1', timestamp: 5 } });
    expect(seen[0]!.name).not.toContain('\u202e');
    expect(Array.from(seen[0]!.name).length).toBe(60);
    b.stop(); // a clean leave removes at once
    expect(a.peers()).toHaveLength(0);
    // A peer that sends once and then goes silent (frozen tab) is dropped at the first check after 30 s.
    const frozen = join('c');
    clock.advance(1000);
    frozen.broadcast({ kind: 'presence', ...me('usr_c') });
    expect(a.peers()).toHaveLength(1);
    clock.advance(SILENCE_CHECK_MS - 1000); // check at t=30 s: 29 s of silence, kept
    expect(a.peers()).toHaveLength(1);
    clock.advance(SILENCE_CHECK_MS); // check at t=60 s: 59 s of silence, dropped
    expect(a.peers()).toHaveLength(0);
    a.stop();
  });

  it('a peer that keeps its heartbeat stays', () => {
    const clock = createManualClock();
    const join = hub();
    const a = createPresence(join('a'), clock, me('usr_a'));
    const b = createPresence(join('b'), clock, me('usr_b'));
    clock.advance(PRESENCE_TIMEOUT_MS * 4);
    expect(a.peers().map((p) => p.userId)).toEqual(['usr_b']);
    a.stop();
    b.stop();
  });

  it('sanitizeName handles non-strings and empties', () => {
    expect(sanitizeName(42)).toBe('Anonymous');
    expect(sanitizeName('  \u0000 ')).toBe('Anonymous');
    expect(sanitizeName(' Ada ')).toBe('Ada');
  });
});

describe('live drag channel', () => {
  it('applies frames as overrides until the committed values arrive, ignoring reordered frames', () => {
    const clock = createManualClock();
    const join = hub();
    const sender = createDragSender(join('editor'));
    let updates = 0;
    const receiver = createDragReceiver(join('projector'), clock, () => updates++);
    sender.move('L1', { x: 10, y: 10 });
    sender.move('L1', { x: 20, y: 25 });
    expect(receiver.get('L1')).toMatchObject({ x: 20, y: 25 });
    expect(receiver.targets()).toEqual(['L1']);
    receiver.reconcile('L1', { x: 0, y: 0 }); // not final yet: stays
    sender.end('L1', { x: 30, y: 35 });
    receiver.reconcile('L1', { x: 20, y: 25 }); // an older document state: stays
    expect(receiver.get('L1')).toMatchObject({ x: 30, y: 35, final: true });
    receiver.reconcile('L1', { x: 30, y: 35 }); // the commit arrived
    expect(receiver.get('L1')).toBeUndefined();
    expect(receiver.targets()).toEqual([]);
    expect(updates).toBe(4);
    receiver.stop();
  });

  it('drops an override whose commit never comes after 2 s', () => {
    const clock = createManualClock();
    const join = hub();
    const sender = createDragSender(join('editor'));
    const receiver = createDragReceiver(join('projector'), clock);
    sender.move('@project', {
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: 1 },
        { x: 0, y: 1 },
      ],
    });
    expect(receiver.size()).toBe(1);
    clock.advance(DRAG_OVERRIDE_MAX_MS - 1);
    expect(receiver.size()).toBe(1);
    clock.advance(1);
    expect(receiver.size()).toBe(0);
  });
});
