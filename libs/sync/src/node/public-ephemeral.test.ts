import { cbor } from '@automerge/automerge-repo';
import { CUE_MESSAGE, TRANSPORT_MESSAGE } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { publicEphemeralPayload } from './public-ephemeral';

const enc = (v: unknown) => cbor.encode(v).slice();
const dec = (b: Uint8Array | null) => (b ? cbor.decode(b) : null);

describe('publicEphemeralPayload (what crosses into the public room)', () => {
  it('passes a drag frame rebuilt from its known fields only', () => {
    const frame = { kind: 'drag', target: 'lay_1', seq: 3, x: 10, y: 20, points: [0, 1, 2, 3].map((i) => ({ x: i, y: i })), secret: 'draft name' };
    const out = dec(publicEphemeralPayload(enc(frame))) as Record<string, unknown>;
    expect(out).toEqual({ kind: 'drag', target: 'lay_1', seq: 3, x: 10, y: 20, points: [0, 1, 2, 3].map((i) => ({ x: i, y: i })) });
    expect(JSON.stringify(out)).not.toContain('draft name');
  });

  it('passes the timeline transport, rebuilt', () => {
    const message = {
      type: TRANSPORT_MESSAGE,
      transport: { playing: true, startedAtWallMs: 5, timeAtStart: 0, speed: 1 },
      timeline: { playStartTime: 0, playEndTime: 3000, loop: true, fps: 30, name: 'secret' },
      note: 'x',
    };
    const out = dec(publicEphemeralPayload(enc(message))) as Record<string, unknown>;
    expect(out).toEqual({
      type: TRANSPORT_MESSAGE,
      transport: { playing: true, startedAtWallMs: 5, timeAtStart: 0, speed: 1 },
      timeline: { playStartTime: 0, playEndTime: 3000, loop: true, fps: 30 },
    });
  });

  it('passes a GO cue rebuilt from its known fields only', () => {
    const message = { type: CUE_MESSAGE, toSceneId: 'scene_2', startedAtWallMs: 5, durationMs: 1000, easing: 'linear', sceneName: 'secret draft' };
    expect(dec(publicEphemeralPayload(enc(message)))).toEqual({
      type: CUE_MESSAGE,
      toSceneId: 'scene_2',
      startedAtWallMs: 5,
      durationMs: 1000,
      easing: 'linear',
    });
    expect(publicEphemeralPayload(enc({ type: CUE_MESSAGE, toSceneId: 'x'.repeat(201), startedAtWallMs: 5, durationMs: 1 }))).toBeNull();
  });

  it('keeps presence, malformed and unknown messages private', () => {
    expect(publicEphemeralPayload(enc({ kind: 'presence', name: 'Ada', selectedLayerId: 'lay_1' }))).toBeNull();
    expect(publicEphemeralPayload(enc({ kind: 'drag', target: 5, seq: 1 }))).toBeNull();
    expect(publicEphemeralPayload(enc({ kind: 'drag', target: 'x'.repeat(201), seq: 1 }))).toBeNull();
    expect(publicEphemeralPayload(new Uint8Array([0xff, 0x00, 0x13]))).toBeNull();
    expect(publicEphemeralPayload('not bytes')).toBeNull();
  });
});
