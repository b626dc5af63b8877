import { createLayer } from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import { describe, expect, it } from 'vitest';
import type { LiveSession } from '../live/live-session';
import type { ProjectEdit } from '../live/project-edits';
import { createEditorStore } from '../state/editor-store';
import { codeActions, runCode } from './code-actions';
import type { EditorContext } from './context';

function setup() {
  const store = createEditorStore();
  const shader = createLayer('fragment-shader', { id: 'layer_shader' as never });
  const project: ProjectJson = { ...buildProjectJson([]), layers: [shader] };
  store.project = project;
  store.codeLayerId = shader.id;
  const edits: ProjectEdit[] = [];
  const toasts: string[] = [];
  const ctx = {
    store,
    live: { edit: (e: ProjectEdit) => void edits.push(e) } as unknown as LiveSession,
    toast: (t: string) => void toasts.push(t),
  } as unknown as EditorContext;
  return { store, shader, ctx, edits, toasts };
}

describe('code.run', () => {
  it('commits the draft as one update-layer edit with no burst field, and clears the draft', () => {
    const { store, shader, ctx, edits } = setup();
    store.codeDrafts = { [shader.id]: 'void main() { gl_FragColor = vec4(1.0); }' };
    expect(runCode(ctx, () => [])).toBe(true);
    expect(edits).toEqual([{ kind: 'update-layer', id: shader.id, patch: { content: { fragmentSrc: 'void main() { gl_FragColor = vec4(1.0); }' } } }]);
    expect(store.codeDrafts).toEqual({});
    expect(store.codeErrors).toEqual([]);
  });

  it('refuses a broken shader: errors kept for the lines, a toast, nothing written, the draft kept', () => {
    const { store, shader, ctx, edits, toasts } = setup();
    store.codeDrafts = { [shader.id]: 'void main() { nope }' };
    expect(runCode(ctx, () => [{ line: 1, message: "'nope' : undeclared identifier" }])).toBe(false);
    expect(edits).toEqual([]);
    expect(store.codeErrors).toEqual([{ line: 1, message: "'nope' : undeclared identifier" }]);
    expect(toasts[0]).toMatch(/1 error/);
    expect(store.codeDrafts[shader.id]).toBe('void main() { nope }');
  });

  it('is disabled without an open code layer, and Close keeps drafts', () => {
    const { store, shader, ctx } = setup();
    const run = codeActions.find((a) => a.id === 'code.run')!;
    const close = codeActions.find((a) => a.id === 'code.close')!;
    expect(run.enabled(ctx)).toBe(true);
    store.codeDrafts = { [shader.id]: 'draft' };
    close.perform(ctx);
    expect(store.codeLayerId).toBeNull();
    expect(store.codeDrafts[shader.id]).toBe('draft');
    expect(run.enabled(ctx)).toBe(false);
  });

  it('runs Mod+Enter only inside the code editor', () => {
    const run = codeActions.find((a) => a.id === 'code.run')!;
    const inside = { closest: (s: string) => (s === '.cm-editor' ? {} : null) } as unknown as EventTarget;
    const outside = { closest: () => null } as unknown as EventTarget;
    expect(typeof run.whileTyping === 'function' && run.whileTyping(inside)).toBe(true);
    expect(typeof run.whileTyping === 'function' && run.whileTyping(outside)).toBe(false);
  });
});
