import { describe, expect, it } from 'vitest';
import { createLayer } from '../schema/defaults';
import type { ProjectDoc } from '../document/doc';
import type { Command } from './history';
import { CommandHistory } from './history';
import type { LayerId } from '../schema/ids';
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

const counter = (log: string[], name: string): Command => ({
  type: 'test',
  description: name,
  execute: () => log.push(`do ${name}`),
  undo: () => log.push(`undo ${name}`),
});

describe('CommandHistory (spec section 4)', () => {
  it('starts at -1, holds at most 50, drops the oldest', () => {
    const h = new CommandHistory();
    expect(h.currentIndex).toBe(-1);
    expect(h.canUndo()).toBe(false);
    const log: string[] = [];
    const doc = buildProjectDoc([]);
    for (let i = 0; i < 60; i++) h.execute(doc, counter(log, `c${i}`));
    expect(h.commands).toHaveLength(50);
    expect(h.currentIndex).toBe(49);
    expect(h.commands[0]!.description).toBe('c10');
  });
  it('push drops commands after the index; undo and redo move the index', () => {
    const h = new CommandHistory();
    const log: string[] = [];
    const doc = buildProjectDoc([]);
    h.execute(doc, counter(log, 'a'));
    h.execute(doc, counter(log, 'b'));
    expect(h.undo(doc)).toBe(true);
    expect(h.currentIndex).toBe(0);
    expect(h.canRedo()).toBe(true);
    expect(h.redo(doc)).toBe(true);
    expect(h.redo(doc)).toBe(false);
    h.undo(doc);
    h.push(counter(log, 'c'));
    expect(h.commands.map((c) => c.description)).toEqual(['a', 'c']);
    expect(log).toEqual(['do a', 'do b', 'undo b', 'do b', 'undo b']);
    h.undo(doc);
    h.undo(doc);
    expect(h.undo(doc)).toBe(false);
    h.clear();
    expect(h.commands).toHaveLength(0);
    expect(h.currentIndex).toBe(-1);
  });
});

describe('every layer operation is undoable', () => {
  const L = (s: string) => s as LayerId;
  const cases: [string, () => Command][] = [
    ['add', () => addLayerCommand(createLayer('url', { id: L('new') }))],
    ['remove', () => removeLayerCommand(L('L1'))],
    ['duplicate', () => duplicateLayerCommand(L('L2'), { newId: L('dup') })],
    ['reorder', () => moveLayerCommand(L('L3'), 0)],
    ['update', () => updateLayerCommand(L('L2'), { x: 10, opacity: 0.3, scale: { x: 2 } })],
    [
      'warp points',
      () =>
        warpPointsCommand(L('L2'), [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 1, y: 1 },
          { x: 0, y: 1 },
        ]),
    ],
    ['canvas', () => updateCanvasCommand({ width: 1024 })],
    ['warp toggle', () => toggleWarpCommand(L('L2'))],
    ['nudge', () => nudgeLayerCommand(L('L2'), 'up', true)],
  ];
  for (const [name, make] of cases) {
    it(name, () => {
      const doc: ProjectDoc = buildProjectDoc(['html', 'image', 'video', 'mask']);
      const start = cloneJson(doc);
      const h = new CommandHistory();
      h.execute(doc, make());
      const after = cloneJson(doc);
      expect(after).not.toEqual(start);
      h.undo(doc);
      expect(doc).toEqual(start);
      h.redo(doc);
      expect(doc).toEqual(after);
    });
  }
});
