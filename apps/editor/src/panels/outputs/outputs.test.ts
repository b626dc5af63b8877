import { parseOutputCommand, parseProjectorPresence, type EphemeralChannel, type ProjectorPresence } from '@beamstage/sync';
import { createManualClock } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../../state/editor-store';
import { attachOutputs, sendOutputCommand } from './outputs-link';
import { blackoutAllOp, OUTPUT_SILENCE_MS, outputsAlert, parseFadeSeconds, withAnnouncement, type OutputView } from './outputs-model';
import { cornerEdit } from './calibration-model';

const presence = (over: Partial<ProjectorPresence> = {}): ProjectorPresence => ({
  kind: 'projector',
  projectorId: 'p1',
  label: 'Projector 1',
  width: 1920,
  height: 1080,
  fps: 60,
  status: 'good',
  blackout: false,
  pattern: null,
  offline: 'off',
  notCached: [],
  version: '0.1.0',
  ...over,
});

function fakeChannel() {
  const listeners = new Set<(m: unknown, s: string) => void>();
  const sent: unknown[] = [];
  const channel: EphemeralChannel = {
    broadcast: (m) => void sent.push(m),
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
  return { channel, sent, hear: (m: unknown, sender: string) => listeners.forEach((l) => l(m, sender)) };
}

const kit = { parseProjectorPresence };

describe('outputs model', () => {
  it('keeps one row per projector, sorted by label, the newest announcement winning', () => {
    let list: OutputView[] = [];
    list = withAnnouncement(list, presence({ projectorId: 'b', label: 'Projector 10' }), 'peer-b', 1);
    list = withAnnouncement(list, presence({ projectorId: 'a', label: 'Projector 2' }), 'peer-a', 2);
    list = withAnnouncement(list, presence({ projectorId: 'a', label: 'Projector 2', blackout: true }), 'peer-a2', 3);
    expect(list.map((o) => [o.label, o.peerId, o.blackout])).toEqual([
      ['Projector 2', 'peer-a2', true],
      ['Projector 10', 'peer-b', false],
    ]);
  });

  it('says in the top bar when outputs are black or show a pattern', () => {
    expect(outputsAlert([])).toBeNull();
    expect(outputsAlert([{ blackout: false, pattern: null }])).toBeNull();
    expect(outputsAlert([{ blackout: true, pattern: null }])).toBe('Output blacked out');
    expect(
      outputsAlert([
        { blackout: true, pattern: null },
        { blackout: true, pattern: null },
      ]),
    ).toBe('All outputs blacked out');
    expect(
      outputsAlert([
        { blackout: true, pattern: null },
        { blackout: false, pattern: 'grid' },
      ]),
    ).toBe('1 of 2 outputs blacked out · Test pattern on 1 output');
  });

  it('blackout all goes black while any output is lit, and back when all are black', () => {
    expect(blackoutAllOp([{ blackout: false }, { blackout: true }], 0)).toEqual({ op: 'blackout', on: true, fadeMs: 0 });
    expect(blackoutAllOp([{ blackout: true }, { blackout: true }], 500)).toEqual({ op: 'blackout', on: false, fadeMs: 500 });
  });

  it('reads the fade field in seconds', () => {
    expect(parseFadeSeconds('2')).toBe(2000);
    expect(parseFadeSeconds(' 0,5 ')).toBe(500);
    expect(parseFadeSeconds('')).toBeNull();
    expect(parseFadeSeconds('61')).toBeNull();
    expect(parseFadeSeconds('-1')).toBeNull();
    expect(parseFadeSeconds('abc')).toBeNull();
  });
});

describe('outputs link', () => {
  it('lists projectors live, drops the silent and the leaving, and sends commands in our name', () => {
    const store = createEditorStore();
    const clock = createManualClock();
    const { channel, sent, hear } = fakeChannel();
    const detach = attachOutputs(channel, store, () => 'usr_me', kit, clock);
    hear(presence(), 'peer-1');
    hear(presence({ projectorId: 'p2', label: 'Left' }), 'peer-2');
    hear({ kind: 'projector', projectorId: 'evil', label: 'x', extra: '<script>' }, 'peer-3');
    hear({ kind: 'presence', userId: 'usr_other', name: 'Ada' }, 'peer-4');
    expect(store.outputs.map((o) => o.label)).toEqual(['Left', 'Projector 1']);
    hear({ kind: 'presence-leave' }, 'peer-2');
    expect(store.outputs.map((o) => o.label)).toEqual(['Projector 1']);
    expect(sendOutputCommand(store, { op: 'blackout', on: true, fadeMs: 1000 }, 'p1')).toBe(true);
    const command = parseOutputCommand(sent[0]);
    expect(command).toMatchObject({ from: 'usr_me', target: 'p1', op: 'blackout', on: true, fadeMs: 1000 });
    clock.advance(OUTPUT_SILENCE_MS + 10);
    expect(store.outputs).toEqual([]);
    store.viewOnly = true;
    expect(sendOutputCommand(store, { op: 'identify' })).toBe(false);
    detach();
    store.viewOnly = false;
    expect(sendOutputCommand(store, { op: 'identify' })).toBe(false);
    expect(sent).toHaveLength(1);
  });
});

describe('typed output corners', () => {
  const square = [
    { x: 200, y: 150 },
    { x: 600, y: 150 },
    { x: 600, y: 450 },
    { x: 200, y: 450 },
  ];
  it('makes one set-project-warp-points edit for a valid corner', () => {
    expect(cornerEdit(square, 1, { x: 610.25, y: 140 })).toEqual({
      ok: true,
      edit: { kind: 'set-project-warp-points', points: [square[0], { x: 610.25, y: 140 }, square[2], square[3]] },
    });
  });
  it('refuses a fold or an absurd value with a message', () => {
    expect(cornerEdit(square, 0, { x: 700, y: 500 })).toEqual({ ok: false, message: 'That corner would fold the output: corners must stay in order' });
    expect(cornerEdit(square, 0, { x: 1e9, y: 0 }).ok).toBe(false);
  });
});
