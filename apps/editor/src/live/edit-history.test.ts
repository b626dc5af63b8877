import { recordCommand } from '@beamstage/layers';
import { buildProjectDoc } from '@beamstage/layers/testing';
import { describe, expect, it } from 'vitest';
import { EDIT_BURST_MS, EditHistory } from './edit-history';

const setOpacity = (id: string, opacity: number) =>
  recordCommand('set-opacity', 'Change opacity', { layers: [id], layout: false }, (d) => {
    d.layers[id]!.opacity = opacity;
  });

describe('EditHistory', () => {
  it('one burst on one field is one step; a pause, another field or an undo starts a new one', () => {
    const doc = buildProjectDoc(['image', 'image']);
    const h = new EditHistory();
    h.execute(doc, setOpacity('L0', 0.9), 'opacity:L0', 0);
    h.execute(doc, setOpacity('L0', 0.8), 'opacity:L0', 400);
    h.execute(doc, setOpacity('L0', 0.7), 'opacity:L0', 400 + EDIT_BURST_MS); // still within the burst window of the last
    h.execute(doc, setOpacity('L1', 0.5), 'opacity:L1', 1500);
    h.execute(doc, setOpacity('L1', 0.4), 'opacity:L1', 1500 + EDIT_BURST_MS + 1); // after a pause
    expect(h.undo(doc)).toBe(true);
    expect(doc.layers['L1']!.opacity).toBe(0.5);
    expect(h.undo(doc)).toBe(true);
    expect(doc.layers['L1']!.opacity).toBe(1);
    expect(h.undo(doc)).toBe(true);
    expect(doc.layers['L0']!.opacity).toBe(1);
    expect(h.view()).toEqual({ undo: null, redo: 'Change opacity' });
    expect(h.redo(doc)).toBe(true);
    expect(doc.layers['L0']!.opacity).toBe(0.7);
    // After an undo, a new edit in the same group is a new step, not part of the redone burst.
    h.undo(doc);
    h.execute(doc, setOpacity('L0', 0.2), 'opacity:L0', 1600);
    expect(h.view()).toEqual({ undo: 'Change opacity', redo: null });
    h.undo(doc);
    expect(doc.layers['L0']!.opacity).toBe(1);
  });

  it('one pointer gesture is one step however slow; the next gesture is another', () => {
    const doc = buildProjectDoc(['image']);
    const h = new EditHistory();
    h.execute(doc, setOpacity('L0', 0.9), 'opacity:L0', 0, 7);
    h.execute(doc, setOpacity('L0', 0.8), 'opacity:L0', 5 * EDIT_BURST_MS, 7); // a long pause mid-drag
    h.execute(doc, setOpacity('L0', 0.7), 'opacity:L0', 20 * EDIT_BURST_MS, 8); // a new drag
    h.undo(doc);
    expect(doc.layers['L0']!.opacity).toBe(0.8);
    h.undo(doc);
    expect(doc.layers['L0']!.opacity).toBe(1);
    expect(h.view().undo).toBeNull();
  });

  it('edits without a group are each their own step', () => {
    const doc = buildProjectDoc(['image']);
    const h = new EditHistory();
    h.execute(doc, setOpacity('L0', 0.9), null, 0);
    h.execute(doc, setOpacity('L0', 0.8), null, 1);
    h.undo(doc);
    expect(doc.layers['L0']!.opacity).toBe(0.9);
    expect(h.nextUndo()).not.toBeNull();
    expect(h.nextRedo()).not.toBeNull();
  });
});
