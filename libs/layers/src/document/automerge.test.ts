// The operations and commands run unchanged inside Automerge changes (design.md section 2), and
// normalise restores the invariants after a merge of concurrent edits.
import * as Automerge from '@automerge/automerge';
import { describe, expect, it } from 'vitest';
import { createLayer } from '../schema/defaults';
import type { ProjectDoc } from './doc';
import { orderedLayers } from './doc';
import { CommandHistory } from '../commands/history';
import type { LayerId } from '../schema/ids';
import { checkInvariants } from './invariants';
import { cloneJson } from '../schema/json';
import { normalizeDoc } from './normalize';
import type { Command } from '../commands/history';
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
} from '../commands/layer-commands';
import { createSceneCommand, switchSceneCommand } from '../scenes/scene-commands';
import { buildProjectDoc } from '../testing';

const L = (s: string) => s as LayerId;
const plain = (d: unknown) => JSON.parse(JSON.stringify(d));

function script(): (() => Command)[] {
  return [
    () => addLayerCommand(createLayer('url', { id: L('u1') })),
    () => addLayerCommand(createLayer('mask', { id: L('m1') })),
    () => duplicateLayerCommand(L('L1'), { newId: L('d1') }),
    () => moveLayerCommand(L('m1'), 0),
    () => updateLayerCommand(L('L1'), { x: 10, scale: { x: 2 }, rotation: 30, maskId: 'zz' }),
    () => updateLayerCommand(L('L1'), { maskId: undefined }),
    () =>
      warpPointsCommand(L('L2'), [
        { x: 0, y: 0 },
        { x: 9, y: 0 },
        { x: 9, y: 9 },
        { x: 0, y: 9 },
      ]),
    () => toggleWarpCommand(L('L2')),
    () => nudgeLayerCommand(L('L2'), 'down', true),
    () => updateCanvasCommand({ width: 1280, height: 720 }),
    () => createSceneCommand('s1' as never, '2026-01-01T00:00:00.000Z'),
    () => removeLayerCommand(L('L0')),
    () => switchSceneCommand('s1' as never),
  ];
}

describe('commands inside Automerge changes', () => {
  it('give the same documents as on plain objects, through execute, undo and redo', () => {
    const plainDoc = buildProjectDoc(['html', 'image', 'video']);
    let am = Automerge.from(cloneJson(plainDoc) as unknown as Record<string, unknown>) as Automerge.Doc<ProjectDoc>;
    const hp = new CommandHistory();
    const ha = new CommandHistory();
    for (const make of script()) {
      hp.execute(plainDoc, make());
      const cmd = make();
      am = Automerge.change(am, (d) => ha.execute(d, cmd));
      expect(plain(am)).toEqual(plain(plainDoc));
    }
    for (let i = 0; i < 5; i++) {
      hp.undo(plainDoc);
      am = Automerge.change(am, (d) => void ha.undo(d));
      expect(plain(am)).toEqual(plain(plainDoc));
    }
    for (let i = 0; i < 3; i++) {
      hp.redo(plainDoc);
      am = Automerge.change(am, (d) => void ha.redo(d));
      expect(plain(am)).toEqual(plain(plainDoc));
    }
    expect(checkInvariants(plain(am))).toEqual([]);
  });

  it('concurrent reorders and inserts merge without duplicates; normalise restores the rules', () => {
    const base = Automerge.from(
      cloneJson(buildProjectDoc(['html', 'url', 'image', 'video', 'mask'])) as unknown as Record<string, unknown>,
    ) as Automerge.Doc<ProjectDoc>;
    let a = Automerge.clone(base);
    let b = Automerge.clone(base);
    a = Automerge.change(a, (d) => moveLayerCommand(L('L3'), 2).execute(d));
    a = Automerge.change(a, (d) => addLayerCommand(createLayer('html', { id: L('ha') })).execute(d));
    b = Automerge.change(b, (d) => moveLayerCommand(L('L3'), 4).execute(d));
    b = Automerge.change(b, (d) => addLayerCommand(createLayer('rtmp', { id: L('rb') })).execute(d));
    // Peer B also moves the mask next to the DOM group while A moves a canvas layer.
    b = Automerge.change(b, (d) => moveLayerCommand(L('L4'), 0).execute(d));
    let merged = Automerge.merge(a, b);
    merged = Automerge.change(merged, (d) => void normalizeDoc(d));
    const ids = orderedLayers(plain(merged)).map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(['L0', 'L1', 'L2', 'L3', 'L4', 'ha', 'rb'].sort());
    expect(checkInvariants(plain(merged))).toEqual([]);
  });
});
