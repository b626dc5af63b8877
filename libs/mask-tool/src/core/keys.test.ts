import { describe, expect, it } from 'vitest';
import { MaskDriver } from './driver';
import { MASK_SHORTCUTS } from './keys';
import { MaskModel } from './model';

const triangle = [
  { x: 100, y: 100 },
  { x: 300, y: 100 },
  { x: 200, y: 300 },
];

describe('modal shortcuts through the driver', () => {
  it('P, B and E pick tools, upper or lower case', () => {
    const d = new MaskDriver(new MaskModel());
    d.key('B');
    expect(d.model.getState().tool).toBe('brush');
    d.key('e');
    expect(d.model.getState().tool).toBe('eraser');
    d.key('p');
    expect(d.model.getState().tool).toBe('pen');
  });

  it('Ctrl+Z and Cmd+Z undo; Ctrl+Y and Ctrl+Shift+Z redo', () => {
    const d = new MaskDriver(new MaskModel());
    d.polygon(triangle);
    d.key('b');
    d.drag([
      { x: 1, y: 1 },
      { x: 9, y: 9 },
    ]);
    expect(d.model.getState().items).toHaveLength(2);
    d.key('z', { ctrlKey: true });
    expect(d.model.getState().items).toHaveLength(1);
    d.key('z', { metaKey: true });
    expect(d.model.getState().items).toHaveLength(0);
    expect(d.model.getState().canUndo).toBe(false);
    d.key('y', { ctrlKey: true });
    expect(d.model.getState().items).toHaveLength(1);
    d.key('Z', { ctrlKey: true, shiftKey: true });
    expect(d.model.getState().items).toHaveLength(2);
    expect(d.model.getState().canRedo).toBe(false);
  });

  it('Delete and Backspace ask the spec question, then clear; declining keeps the drawing', () => {
    let answer = false;
    const d = new MaskDriver(new MaskModel(), { confirm: () => answer });
    d.polygon(triangle);
    d.key('Delete');
    expect(d.confirmations).toEqual(['Are you sure you want to clear all drawing? This cannot be undone.']);
    expect(d.model.getState().items).toHaveLength(1);
    answer = true;
    d.key('Backspace');
    expect(d.model.getState().items).toHaveLength(0);
    expect(d.model.getState().history.commands.map((c) => c.type)).toEqual(['clearAll']);
  });

  it('clear all on an empty canvas asks nothing and does nothing', () => {
    const d = new MaskDriver(new MaskModel());
    expect(d.key('Delete')).toBe('ignored');
    expect(d.requestClearAll()).toBe(false);
    expect(d.confirmations).toEqual([]);
    expect(d.model.getState().history.commands).toEqual([]);
  });

  it('Esc asks the shell to close', () => {
    const closed: string[] = [];
    const d = new MaskDriver(new MaskModel(), { onClose: () => closed.push('x') });
    expect(d.key('Escape')).toBe('close');
    expect(closed).toEqual(['x']);
  });

  it('every shortcut is ignored while typing in an input', () => {
    const d = new MaskDriver(new MaskModel());
    d.polygon(triangle);
    const before = d.model.getState();
    for (const key of ['p', 'b', 'e', '[', ']', 'Enter', 'Delete', 'Backspace', 'Escape']) {
      expect(d.key(key, { editableTarget: true })).toBe('ignored');
    }
    expect(d.key('z', { ctrlKey: true, editableTarget: true })).toBe('ignored');
    expect(d.model.getState()).toBe(before);
    expect(d.confirmations).toEqual([]);
  });

  it('unknown keys are ignored', () => {
    const d = new MaskDriver(new MaskModel());
    expect(d.key('q')).toBe('ignored');
    expect(d.key('s', { ctrlKey: true })).toBe('ignored');
  });

  it('the help list names every shortcut including the Enter and Ctrl+0 tooltips', () => {
    const keys = MASK_SHORTCUTS.map((s) => s.keys).join(' | ');
    for (const k of ['P', 'B', 'E', '[', ']', 'Ctrl/Cmd+Z', 'Ctrl+Y', 'Ctrl+Shift+Z', 'Delete', 'Backspace', 'Esc', 'Enter', 'Ctrl+0']) {
      expect(keys).toContain(k);
    }
    expect(MASK_SHORTCUTS.find((s) => s.keys === 'Enter')?.action).toBe('Close Path');
    expect(MASK_SHORTCUTS.find((s) => s.keys === 'Ctrl+0')?.action).toBe('Reset View');
  });
});
