import { describe, expect, it } from 'vitest';
import type { ProjectEdit } from '../live/project-edits';
import type { LiveSession } from '../live/live-session';
import { sessionViewport } from '../stage/tools/session-viewport';
import { toolTestProject } from '../stage/tools/test-project';
import { fitViewport, screenToStage } from '../stage/tools/viewport';
import { createEditorStore } from '../state/editor-store';
import { createSessionStore, readSession } from '../state/session-store';
import type { EditorContext } from './context';
import { editorRegistry } from './editor-actions';
import { matchesShortcut } from './shortcut';

const makeCtx = () => {
  const store = createEditorStore();
  store.project = toolTestProject();
  store.stageBox = { width: 1000, height: 800 };
  const session = createSessionStore(null);
  const edits: ProjectEdit[] = [];
  const live = { edit: (e: ProjectEdit) => edits.push(e) } as unknown as LiveSession;
  const ctx = { projectId: 'p', store, session, live, save: async () => {}, togglePublish: async () => {}, toast: () => {}, now: () => 0 } as EditorContext;
  return { ctx, edits };
};
const key = (k: string) => ({ key: k, ctrlKey: true, metaKey: false, shiftKey: false, altKey: false });
const run = (id: string, ctx: EditorContext) => void editorRegistry.get(id)!.perform(ctx);

describe('stage actions', () => {
  it('Ctrl+0 is view.fit, Ctrl+= and Ctrl+- zoom', () => {
    expect(editorRegistry.actions.filter((a) => a.shortcuts?.some((s) => matchesShortcut(s, key('0'), false))).map((a) => a.id)).toEqual(['view.fit']);
    expect(editorRegistry.actions.filter((a) => a.shortcuts?.some((s) => matchesShortcut(s, key('='), false))).map((a) => a.id)).toEqual(['view.zoom-in']);
    expect(editorRegistry.actions.filter((a) => a.shortcuts?.some((s) => matchesShortcut(s, key('-'), false))).map((a) => a.id)).toEqual(['view.zoom-out']);
  });

  it('zoom in keeps the centre of the stage area where it is; fit goes back to the fitted view', () => {
    const { ctx } = makeCtx();
    const box = ctx.store.stageBox!;
    const canvas = ctx.store.project!.canvas;
    const centre = { x: 500, y: 400 };
    const before = screenToStage(sessionViewport(ctx.session, box, canvas), centre);
    run('view.zoom-in', ctx);
    expect(ctx.session.stageZoom).toBeCloseTo(fitViewport(box, canvas).zoom * 1.25, 9);
    const after = screenToStage(sessionViewport(ctx.session, box, canvas), centre);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    run('view.zoom-out', ctx);
    run('view.zoom-out', ctx);
    expect(ctx.session.stageZoom).toBeCloseTo(fitViewport(box, canvas).zoom / 1.25, 9);
    run('view.fit', ctx);
    expect(ctx.session.stageZoom).toBeNull();
    expect(sessionViewport(ctx.session, box, canvas)).toEqual(fitViewport(box, canvas));
  });

  it('layer.toggle-mesh turns a 4x4 mesh on for the selected layer, and off again', () => {
    const { ctx, edits } = makeCtx();
    expect(editorRegistry.get('layer.toggle-mesh')!.enabled(ctx)).toBe(false);
    ctx.store.selectedLayerId = 'front';
    run('layer.toggle-mesh', ctx);
    expect(edits[0]).toMatchObject({ kind: 'update-layer', id: 'front', patch: { warp: { enabled: true, meshEnabled: true, meshResolution: 4 } } });
    ctx.store.project!.layers[0]!.warp.meshEnabled = true;
    run('layer.toggle-mesh', ctx);
    expect(edits[1]).toEqual({ kind: 'update-layer', id: 'front', patch: { warp: { meshEnabled: false } } });
  });

  it('the stage view is session state: stored zoom and pan are read back, bad values are not', () => {
    const { ctx } = makeCtx();
    ctx.session.stageZoom = 2.5;
    ctx.session.stagePanX = -120;
    expect(readSession(JSON.stringify(ctx.session))).toMatchObject({ stageZoom: 2.5, stagePanX: -120, stagePanY: 0 });
    expect(readSession(JSON.stringify({ stageZoom: 'big', stagePanX: Infinity }))).toMatchObject({ stageZoom: null, stagePanX: 0 });
    expect(readSession(JSON.stringify({ stageZoom: 1e9 }))).toMatchObject({ stageZoom: 32 });
  });
});
