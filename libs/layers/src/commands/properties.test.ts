import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLayer } from '../schema/defaults';
import type { Command } from './history';
import { CommandHistory } from './history';
import type { LayerId, SceneId } from '../schema/ids';
import { createSceneCommand, deleteSceneCommand, switchSceneCommand } from '../scenes/scene-commands';
import { checkInvariants } from '../document/invariants';
import { cloneJson } from '../schema/json';
import {
  addLayerCommand,
  duplicateLayerCommand,
  moveLayerCommand,
  nudgeLayerCommand,
  removeLayerCommand,
  toggleWarpCommand,
  updateCanvasCommand,
  updateLayerCommand,
  warpPointsCommand,
} from './layer-commands';
import { buildProjectDoc } from '../testing';
import type { ProjectDoc } from '../document/doc';
import { LAYER_TYPES } from '../schema/types';

const RUNS = Number(process.env.PROP_RUNS ?? 150);

type Step =
  | { k: 'add'; type: (typeof LAYER_TYPES)[number] }
  | { k: 'remove' | 'dup' | 'toggle'; pick: number }
  | { k: 'move'; pick: number; to: number }
  | { k: 'update'; pick: number; x: number; sx: number; rot: number; interactive: boolean }
  | { k: 'warp'; pick: number; n: number }
  | { k: 'nudge'; pick: number; shift: boolean }
  | { k: 'canvas'; w: number }
  | { k: 'scene' }
  | { k: 'switch' | 'delscene'; pick: number }
  | { k: 'undo' }
  | { k: 'redo' };

// Masks are where the ordering rules bite, so they are drawn more often than their 1 in 10.
const layerType = fc.oneof(
  { arbitrary: fc.constantFrom('mask' as const, 'dom_mask' as const), weight: 3 },
  { arbitrary: fc.constantFrom(...LAYER_TYPES), weight: 7 },
);

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ k: fc.constant('add' as const), type: layerType }),
  fc.record({ k: fc.constantFrom('remove' as const, 'dup' as const, 'toggle' as const), pick: fc.nat(12) }),
  fc.record({ k: fc.constant('move' as const), pick: fc.nat(12), to: fc.integer({ min: -3, max: 40 }) }),
  fc.record({
    k: fc.constant('update' as const),
    pick: fc.nat(12),
    x: fc.integer({ min: -500, max: 1500 }),
    sx: fc.constantFrom(0.5, 1, 2),
    rot: fc.integer({ min: -180, max: 180 }),
    interactive: fc.boolean(),
  }),
  fc.record({ k: fc.constant('warp' as const), pick: fc.nat(12), n: fc.integer({ min: 2, max: 5 }) }),
  fc.record({ k: fc.constant('nudge' as const), pick: fc.nat(12), shift: fc.boolean() }),
  fc.record({ k: fc.constant('canvas' as const), w: fc.integer({ min: -10, max: 2000 }) }),
  fc.constant({ k: 'scene' as const }),
  fc.record({ k: fc.constantFrom('switch' as const, 'delscene' as const), pick: fc.nat(5) }),
  fc.constant({ k: 'undo' as const }),
  fc.constant({ k: 'redo' as const }),
);

let seq = 0;
function toCommand(doc: ProjectDoc, s: Step): Command | null {
  const ids = Object.keys(doc.layers).sort();
  const pick = (n: number) => (ids.length ? (ids[n % ids.length] as LayerId) : null);
  switch (s.k) {
    case 'add':
      return addLayerCommand(createLayer(s.type, { id: `n${++seq}` as LayerId }));
    case 'remove': {
      const id = pick(s.pick);
      return id && removeLayerCommand(id);
    }
    case 'dup': {
      const id = pick(s.pick);
      return id && duplicateLayerCommand(id, { newId: `d${++seq}` as LayerId });
    }
    case 'toggle': {
      const id = pick(s.pick);
      return id && toggleWarpCommand(id);
    }
    case 'move': {
      const id = pick(s.pick);
      return id && moveLayerCommand(id, s.to);
    }
    case 'update': {
      const id = pick(s.pick);
      return id && updateLayerCommand(id, { x: s.x, scale: { x: s.sx }, rotation: s.rot, properties: { interactive: s.interactive } });
    }
    case 'warp': {
      const id = pick(s.pick);
      return (
        id &&
        warpPointsCommand(
          id,
          Array.from({ length: s.n }, (_, i) => ({ x: i * 10, y: i })),
        )
      );
    }
    case 'nudge': {
      const id = pick(s.pick);
      return id && nudgeLayerCommand(id, 'left', s.shift);
    }
    case 'canvas':
      return updateCanvasCommand({ width: s.w });
    case 'scene':
      return createSceneCommand(`s${++seq}` as SceneId, '2026-01-01T00:00:00.000Z');
    case 'switch':
    case 'delscene': {
      const sids = Object.keys(doc.scenes).sort();
      if (!sids.length) return null;
      const sid = sids[s.pick % sids.length] as SceneId;
      return s.k === 'switch' ? switchSceneCommand(sid) : deleteSceneCommand(sid);
    }
    default:
      return null;
  }
}

describe('properties of operations, undo and redo', () => {
  it('invariants hold, undo then redo is the identity, history never exceeds 50', () => {
    fc.assert(
      fc.property(fc.array(layerType, { maxLength: 8 }), fc.array(step, { maxLength: 80 }), (initial, steps) => {
        const doc = buildProjectDoc(initial);
        const h = new CommandHistory();
        for (const s of steps) {
          if (s.k === 'undo' || s.k === 'redo') {
            const snap = cloneJson(doc);
            if (s.k === 'undo' ? h.undo(doc) : h.redo(doc)) {
              // The inverse step brings the document back exactly.
              if (s.k === 'undo') h.redo(doc);
              else h.undo(doc);
              expect(doc).toEqual(snap);
              if (s.k === 'undo') h.undo(doc);
              else h.redo(doc);
            }
          } else {
            const cmd = toCommand(doc, s);
            if (cmd) h.execute(doc, cmd);
          }
          expect(checkInvariants(doc)).toEqual([]);
          expect(h.commands.length).toBeLessThanOrEqual(50);
        }
        // Undo everything still possible, then redo all: back to the same state.
        const end = cloneJson(doc);
        let undone = 0;
        while (h.undo(doc)) undone++;
        expect(checkInvariants(doc)).toEqual([]);
        for (let i = 0; i < undone; i++) h.redo(doc);
        expect(doc).toEqual(end);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it('with more than 50 commands the history stays at 50', () => {
    const doc = buildProjectDoc(['image']);
    const h = new CommandHistory();
    for (let i = 0; i < 120; i++) h.execute(doc, nudgeLayerCommand('L0' as LayerId, 'right', false));
    expect(h.commands).toHaveLength(50);
    let n = 0;
    while (h.undo(doc)) n++;
    expect(n).toBe(50);
    expect(doc.layers.L0!.x).toBe(400 + 70);
  });
});
