import { describe, expect, it, vi } from 'vitest';
import type { Action } from './action';
import { dispatchKey } from './keyboard';
import { createActionRegistry } from './registry';

interface Ctx {
  canDuplicate: boolean;
  log: string[];
}

const registry = createActionRegistry<Ctx>([
  { id: 'dup', label: 'Duplicate', group: 'layer', shortcuts: ['Mod+D'], enabled: (c) => c.canDuplicate, perform: (c) => void c.log.push('dup') },
  { id: 'save', label: 'Save', group: 'file', shortcuts: ['Mod+S'], whileTyping: true, enabled: () => true, perform: (c) => void c.log.push('save') },
  { id: 'warp', label: 'Warp', group: 'layer', shortcuts: ['E'], enabled: () => true, perform: (c) => void c.log.push('warp') },
] satisfies Action<Ctx>[]);

const event = (key: string, ctrl = false, target: EventTarget | null = null) => {
  const preventDefault = vi.fn();
  return { key, ctrlKey: ctrl, metaKey: false, shiftKey: false, altKey: false, target, preventDefault };
};
const FIELD = { field: true } as unknown as EventTarget;
const typingIn = (t: EventTarget | null) => t === FIELD;

describe('dispatchKey', () => {
  it('performs an enabled action and keeps the key from the browser', () => {
    const ctx = { canDuplicate: true, log: [] as string[] };
    const e = event('d', true);
    expect(dispatchKey(registry, e, ctx, false, typingIn)).toBe('performed');
    expect(ctx.log).toEqual(['dup']);
    expect(e.preventDefault).toHaveBeenCalled();
  });

  it('keeps Ctrl+D from the browser even when the action is disabled', () => {
    const ctx = { canDuplicate: false, log: [] as string[] };
    const e = event('d', true);
    expect(dispatchKey(registry, e, ctx, false, typingIn)).toBe('blocked');
    expect(ctx.log).toEqual([]);
    expect(e.preventDefault).toHaveBeenCalled();
  });

  it('ignores plain keys while typing, so the letter is typed', () => {
    const ctx = { canDuplicate: true, log: [] as string[] };
    const e = event('e', false, FIELD);
    expect(dispatchKey(registry, e, ctx, false, typingIn)).toBe('ignored');
    expect(ctx.log).toEqual([]);
    expect(e.preventDefault).not.toHaveBeenCalled();
  });

  it('saves from inside a field, and blocks but does not run Ctrl+D there', () => {
    const ctx = { canDuplicate: true, log: [] as string[] };
    expect(dispatchKey(registry, event('s', true, FIELD), ctx, false, typingIn)).toBe('performed');
    const dup = event('d', true, FIELD);
    expect(dispatchKey(registry, dup, ctx, false, typingIn)).toBe('blocked');
    expect(dup.preventDefault).toHaveBeenCalled();
    expect(ctx.log).toEqual(['save']);
  });

  it('lets unknown keys through untouched', () => {
    const e = event('q', true);
    expect(dispatchKey(registry, e, { canDuplicate: true, log: [] }, false, typingIn)).toBe('ignored');
    expect(e.preventDefault).not.toHaveBeenCalled();
  });
});
