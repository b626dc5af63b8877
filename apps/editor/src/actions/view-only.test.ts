import { createLayer } from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import { describe, expect, it } from 'vitest';
import type { LiveSession } from '../live/live-session';
import type { ProjectEdit } from '../live/project-edits';
import { createEditorStore } from '../state/editor-store';
import type { EditorContext } from './context';
import { tooltipOf } from './describe';
import { editorRegistry } from './editor-actions';
import { dispatchKey } from './keyboard';
import { createViewOnlyNotice, VIEW_ONLY_TITLE } from './view-only';

function setup(viewOnly: boolean) {
  const store = createEditorStore();
  const layer = createLayer('image', { id: 'layer_a' as never });
  const project: ProjectJson = { ...buildProjectJson([]), layers: [layer] };
  store.project = project;
  store.selectedLayerId = layer.id;
  store.selectedLayerIds = [layer.id];
  store.viewOnly = viewOnly;
  const edits: ProjectEdit[] = [];
  const toasts: string[] = [];
  const ctx = {
    projectId: 'p1',
    store,
    live: {
      edit: (e: ProjectEdit) => void edits.push(e),
      broadcast: () => undefined,
      select: (id: string | null) => void Object.assign(store, { selectedLayerId: id, selectedLayerIds: id ? [id] : [] }),
    } as unknown as LiveSession,
    toast: (t: string) => void toasts.push(t),
    now: () => 1_700_000_000_000,
    files: { exportZip: async () => undefined, exportJson: async () => undefined, importFile: async () => undefined, busy: () => false },
  } as unknown as EditorContext;
  return { store, ctx, edits, toasts };
}

const keyEvent = (key: string, ctrlKey = false) => ({
  key,
  ctrlKey,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  target: null,
  preventDefault: () => undefined,
});

/** Actions that change the project: a view-only user must never be offered them. */
const WRITES = [
  'layer.duplicate',
  'layer.delete',
  'layer.rename',
  'layer.toggle-visible',
  'add.image',
  'add.fragment-shader',
  'file.save',
  'file.publish',
  'file.backups',
  'edit.undo',
  'timeline.add-keyframe',
  'timeline.loop',
  'timeline.add-marker',
  'scenes.create',
  'scenes.import',
];
/** What a view-only user can still do: look, select, preview, export, share's list. */
const READS = [
  'layer.select-none',
  'view.palette',
  'help.shortcuts',
  'project.share',
  'timeline.play-pause',
  'file.export-json',
  'file.export-zip',
  'view.toggle-timeline',
  'view.assets-tab',
];

describe('view-only enablement in the registry', () => {
  it('disables every action not marked for viewers, and each says why', () => {
    const { ctx } = setup(true);
    const gated = editorRegistry.actions.filter((a) => !a.viewer);
    expect(gated.length).toBeGreaterThan(40);
    for (const action of gated) {
      expect(action.enabled(ctx), action.id).toBe(false);
      expect(action.disabledReason?.(ctx), action.id).toBe(VIEW_ONLY_TITLE);
    }
  });

  it('keeps the project-changing actions gated and the reading ones open', () => {
    for (const id of WRITES) expect(editorRegistry.get(id)?.viewer, id).toBeFalsy();
    const viewer = setup(true).ctx;
    const editor = setup(false).ctx;
    for (const id of WRITES) {
      const action = editorRegistry.get(id)!;
      expect(action.enabled(viewer), `${id} for a viewer`).toBe(false);
    }
    expect(editorRegistry.get('layer.duplicate')!.enabled(editor)).toBe(true);
    expect(editorRegistry.get('add.image')!.enabled(editor)).toBe(true);
    for (const id of READS) {
      const action = editorRegistry.get(id)!;
      expect(action.viewer, id).toBe(true);
      expect(action.enabled(viewer), `${id} for a viewer`).toBe(true);
      expect(action.disabledReason?.(viewer) ?? null, id).toBeNull();
    }
  });

  it('gives no view-only reason to an editor, and a viewer tooltip that says why', () => {
    const duplicate = editorRegistry.get('layer.duplicate')!;
    expect(duplicate.disabledReason?.(setup(false).ctx)).toBeNull();
    expect(tooltipOf(duplicate, false, setup(false).ctx)).toBe('Duplicate (Ctrl+D)');
    expect(tooltipOf(duplicate, false, setup(true).ctx)).toBe(`Duplicate (Ctrl+D) — ${VIEW_ONLY_TITLE}`);
  });

  it('lists write actions in the palette as unavailable (found, not enabled)', () => {
    const { ctx } = setup(true);
    const found = editorRegistry.search('duplicate');
    expect(found.map((a) => a.id)).toContain('layer.duplicate');
    expect(found.find((a) => a.id === 'layer.duplicate')!.enabled(ctx)).toBe(false);
  });

  it("makes a write shortcut do nothing but one gentle toast per page; a viewer's read key still works", () => {
    const { ctx, store, edits, toasts } = setup(true);
    const notice = createViewOnlyNotice();
    for (const key of [keyEvent('d', true), keyEvent('Delete'), keyEvent('d', true)]) {
      expect(dispatchKey(editorRegistry, key, ctx, false, () => false)).not.toBe('performed');
      notice(editorRegistry.forKey(key, false), ctx, false);
    }
    expect(edits).toEqual([]);
    expect(store.project?.layers).toHaveLength(1);
    expect(toasts).toEqual([VIEW_ONLY_TITLE]);
    // Escape (select none) is a viewer's action: it runs and tells nothing.
    expect(dispatchKey(editorRegistry, keyEvent('Escape'), ctx, false, () => false)).toBe('performed');
    expect(store.selectedLayerIds).toEqual([]);
    expect(toasts).toHaveLength(1);
  });

  it('tells nothing to an editor, nor for a key pressed while typing', () => {
    const editor = setup(false);
    const notice = createViewOnlyNotice();
    expect(notice(editorRegistry.forKey(keyEvent('d', true), false), editor.ctx, false)).toBe(false);
    const viewer = setup(true);
    expect(notice(editorRegistry.forKey(keyEvent('d', true), false), viewer.ctx, true)).toBe(false);
    expect(viewer.toasts).toEqual([]);
  });
});
