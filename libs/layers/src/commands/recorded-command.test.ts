// Undo and redo revert only this command's own changes (users.md "Editing together"): a
// collaborator's edit made after ours, merged into the same document, survives both.
import * as Automerge from '@automerge/automerge';
import { describe, expect, it } from 'vitest';
import { createLayer } from '../schema/defaults';
import type { ProjectDoc } from '../document/doc';
import { CommandHistory } from './history';
import type { LayerId } from '../schema/ids';
import { cloneJson } from '../schema/json';
import { addLayerCommand, projectWarpPointsCommand, removeLayerCommand, updateCanvasCommand, updateLayerCommand, warpPointsCommand } from './layer-commands';
import { recordCommand } from './recorded-command';
import { buildProjectDoc } from '../testing';

const L = (s: string) => s as LayerId;
const plain = (d: unknown) => JSON.parse(JSON.stringify(d));
const square = (n: number) => [
  { x: 0, y: 0 },
  { x: n, y: 0 },
  { x: n, y: n },
  { x: 0, y: n },
];

/** A project with an html layer L0 and an image layer L1 whose opacity starts at 0.5. */
function project(): ProjectDoc {
  const doc = buildProjectDoc(['html', 'image']);
  doc.layers.L1!.opacity = 0.5;
  return doc;
}

const renameProject = (name: string) =>
  recordCommand('renameProject', 'Rename project', { metadata: true, layout: false }, (doc) => {
    doc.metadata.name = name;
  });

describe("undo and redo keep a collaborator's later changes", () => {
  it('my opacity change is undone and redone; their rename of the same layer stays', () => {
    const doc = project();
    const h = new CommandHistory();
    h.execute(doc, updateLayerCommand(L('L1'), { opacity: 0.2 }));
    doc.layers.L1!.name = 'Theirs';
    h.undo(doc);
    expect(doc.layers.L1!.opacity).toBe(0.5);
    expect(doc.layers.L1!.name).toBe('Theirs');
    h.redo(doc);
    expect(doc.layers.L1!.opacity).toBe(0.2);
    expect(doc.layers.L1!.name).toBe('Theirs');
  });

  it('a field they changed after me keeps their value through undo and redo', () => {
    const doc = project();
    const h = new CommandHistory();
    h.execute(doc, updateLayerCommand(L('L1'), { opacity: 0.2, x: 10 }));
    doc.layers.L1!.opacity = 0.8;
    h.undo(doc);
    expect(doc.layers.L1!.opacity).toBe(0.8);
    // The field nobody else touched is still mine to revert.
    expect(doc.layers.L1!.x).toBe(project().layers.L1!.x);
    h.redo(doc);
    expect(doc.layers.L1!.opacity).toBe(0.8);
    expect(doc.layers.L1!.x).toBe(10);
  });

  it('nested objects are decided field by field: my scale.x reverts, their scale.y stays', () => {
    const doc = project();
    const start = cloneJson(doc.layers.L1!.scale);
    const h = new CommandHistory();
    h.execute(doc, updateLayerCommand(L('L1'), { scale: { x: 2 } }));
    doc.layers.L1!.scale.y = 3;
    h.undo(doc);
    expect(doc.layers.L1!.scale).toEqual({ x: start.x, y: 3 });
  });

  it('undo of my add removes the layer, unless they edited it meanwhile', () => {
    const doc = project();
    const h = new CommandHistory();
    h.execute(doc, addLayerCommand(createLayer('url', { id: L('mine') })));
    expect(doc.layers.mine).toBeDefined();
    h.undo(doc);
    expect(doc.layers.mine).toBeUndefined();
    h.redo(doc);
    expect(doc.layers.mine).toBeDefined();

    doc.layers.mine!.name = 'Edited by them';
    h.undo(doc);
    expect(doc.layers.mine?.name).toBe('Edited by them');
  });

  it('undo of my remove brings the layer back; redo removes it again', () => {
    const doc = project();
    const start = cloneJson(doc);
    const h = new CommandHistory();
    h.execute(doc, removeLayerCommand(L('L1')));
    expect(doc.layers.L1).toBeUndefined();
    h.undo(doc);
    expect(doc).toEqual(start);
    h.redo(doc);
    expect(doc.layers.L1).toBeUndefined();
  });

  it('redo of my remove keeps the layer when they edited it after my undo', () => {
    const doc = project();
    const h = new CommandHistory();
    h.execute(doc, removeLayerCommand(L('L1')));
    h.undo(doc);
    doc.layers.L1!.visible = false;
    h.redo(doc);
    expect(doc.layers.L1?.visible).toBe(false);
  });

  it('undo of my update leaves a layer they deleted deleted', () => {
    const doc = project();
    const h = new CommandHistory();
    h.execute(doc, updateLayerCommand(L('L1'), { opacity: 0.2 }));
    delete doc.layers.L1;
    h.undo(doc);
    expect(doc.layers.L1).toBeUndefined();
    h.redo(doc);
    expect(doc.layers.L1).toBeUndefined();
  });

  it('my warp corner drag is undone while their visibility change stays', () => {
    const doc = project();
    const startPoints = cloneJson(doc.layers.L1!.warp.points);
    const h = new CommandHistory();
    h.execute(doc, warpPointsCommand(L('L1'), square(9)));
    doc.layers.L1!.visible = false;
    h.undo(doc);
    expect(doc.layers.L1!.warp.points).toEqual(startPoints);
    expect(doc.layers.L1!.visible).toBe(false);
    h.redo(doc);
    expect(doc.layers.L1!.warp.points).toEqual(square(9));
  });

  it('warp points are one value: after their own drag, my undo leaves all four of theirs', () => {
    const doc = project();
    const h = new CommandHistory();
    h.execute(doc, warpPointsCommand(L('L1'), square(9)));
    const theirs = square(9);
    theirs[2] = { x: 50, y: 50 };
    doc.layers.L1!.warp.points = theirs;
    h.undo(doc);
    expect(doc.layers.L1!.warp.points).toEqual(theirs);
  });

  it('project warp points and canvas fields are guarded the same way', () => {
    const doc = project();
    const startWidth = doc.canvas.width;
    const h = new CommandHistory();
    h.execute(doc, projectWarpPointsCommand(square(7)));
    h.execute(doc, updateCanvasCommand({ width: 1024 }));
    doc.canvas.height = 333;
    h.undo(doc);
    expect(doc.canvas.width).toBe(startWidth);
    expect(doc.canvas.height).toBe(333);
    doc.warpPoints = square(5);
    h.undo(doc);
    expect(doc.warpPoints).toEqual(square(5));
  });

  it("other layers' order, type and blend mode my command changed revert only where they are still mine", () => {
    const doc = buildProjectDoc(['html', 'url', 'image', 'video']);
    const start = cloneJson(doc);
    // An operation on L0 whose normalising moves and restyles other layers, as a reorder can.
    const reorder = recordCommand('reorderLayer', 'Reorder layer', { layers: [L('L0')] }, (d) => {
      d.layers.L0!.x = 1;
      d.layers.L2!.order = start.layers.L3!.order;
      d.layers.L2!.blendMode = 'screen';
      d.layers.L3!.order = start.layers.L2!.order;
    });
    const h = new CommandHistory();
    h.execute(doc, reorder);
    doc.layers.L2!.blendMode = 'multiply';
    delete doc.layers.L3;
    h.undo(doc);
    expect(doc.layers.L0!.x).toBe(start.layers.L0!.x);
    expect(doc.layers.L2!.order).toBe(start.layers.L2!.order);
    expect(doc.layers.L2!.blendMode).toBe('multiply');
    // A light whose layer they removed is skipped, not recreated.
    expect(doc.layers.L3).toBeUndefined();
  });

  it('a project rename is undone and redone; their description change stays', () => {
    const doc = project();
    const startName = doc.metadata.name;
    const h = new CommandHistory();
    h.execute(doc, renameProject('Mine'));
    expect(doc.metadata.name).toBe('Mine');
    doc.metadata.description = 'Theirs';
    h.undo(doc);
    expect(doc.metadata.name).toBe(startName);
    expect(doc.metadata.description).toBe('Theirs');
    h.redo(doc);
    expect(doc.metadata.name).toBe('Mine');
    expect(doc.metadata.description).toBe('Theirs');
  });
});

describe('undo through Automerge', () => {
  const am = (doc: ProjectDoc) => Automerge.from(cloneJson(doc) as unknown as Record<string, unknown>) as Automerge.Doc<ProjectDoc>;

  it('peers converge with my field reverted and their concurrent field kept', () => {
    const base = am(project());
    let mine = Automerge.clone(base);
    let theirs = Automerge.clone(base);
    const h = new CommandHistory();
    mine = Automerge.change(mine, (d) => h.execute(d, updateLayerCommand(L('L1'), { opacity: 0.2 })));
    theirs = Automerge.change(theirs, (d) => {
      d.layers.L1!.name = 'Theirs';
    });
    mine = Automerge.merge(mine, theirs);
    mine = Automerge.change(mine, (d) => void h.undo(d));
    theirs = Automerge.merge(theirs, mine);
    expect(plain(mine)).toEqual(plain(theirs));
    expect(mine.layers.L1!.opacity).toBe(0.5);
    expect(mine.layers.L1!.name).toBe('Theirs');

    mine = Automerge.change(mine, (d) => void h.redo(d));
    theirs = Automerge.merge(theirs, mine);
    expect(plain(theirs)).toEqual(plain(mine));
    expect(theirs.layers.L1!.opacity).toBe(0.2);
    expect(theirs.layers.L1!.name).toBe('Theirs');
  });

  it('undo of a remove and of a rename writes fresh values into the document', () => {
    let mine = am(project());
    const h = new CommandHistory();
    mine = Automerge.change(mine, (d) => h.execute(d, removeLayerCommand(L('L0'))));
    mine = Automerge.change(mine, (d) => h.execute(d, renameProject('Mine')));
    mine = Automerge.change(mine, (d) => void h.undo(d));
    mine = Automerge.change(mine, (d) => void h.undo(d));
    expect(plain(mine)).toEqual(plain(project()));
  });
});
