// Scene commands of spec section 4 as actions: switch (stops playback, holds timeline scene loads
// 2 s, keeps the main state in the Primary scene), GO with its transition, create, clear, import.
import { createSceneId, defaultRandomBytes, importProjectJson, importProjectZip, MSG_SCENE_NOT_FOUND } from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';
import { CUE_MESSAGE } from '@beamstage/timeline';
import type { SceneCue } from '@beamstage/timeline';
import { pickFile } from '../files/download';
import { runCue } from '../panels/scenes/cue-loop';
import { cueTransition, nextCueSceneId } from '../panels/scenes/scene-go';
import { scenesForImport } from '../panels/scenes/scene-import';
import { isPrimary } from '../panels/scenes/scene-list';
import { editorPlayback } from '../services/editor-playback';
import { logger } from '../services/logger';
import { serverNow } from '../services/server-clock';
import type { Action } from './action';
import { canEdit } from './context';
import type { EditorContext } from './context';

const iso = (ctx: EditorContext) => new Date(ctx.now()).toISOString();
const newSceneId = (ctx: EditorContext) => createSceneId(ctx.now(), defaultRandomBytes);

/** Whether the Primary scene is the context being edited (spec section 4: only then may it be updated). */
export function primaryIsActive(ctx: Pick<EditorContext, 'store'>): boolean {
  const active = ctx.store.activeSceneId;
  if (active === null) return true;
  const scene = ctx.store.project?.scenes.find((s) => s.id === active);
  return !scene || isPrimary(scene);
}

/**
 * Switches to a scene by hand: playback stops and timeline-driven scene loading pauses 2 s; when
 * the main state is the context, it is kept in the Primary scene first (created when missing).
 */
export function switchToScene(ctx: EditorContext, id: string): boolean {
  const project = ctx.store.project;
  if (!project) return false;
  const scene = project.scenes.find((s) => s.id === id);
  if (!scene) {
    // Spec section 5: switching to an unknown scene id fails with a logged error.
    logger('layers').error(`${MSG_SCENE_NOT_FOUND}: ${id}`);
    return false;
  }
  editorPlayback(ctx).manualSceneChange();
  ctx.store.previewSceneId = null;
  const savePrimary = primaryIsActive(ctx) ? { newId: newSceneId(ctx), nowIso: iso(ctx) } : undefined;
  ctx.live.edit({ kind: 'switch-scene', id, ...(savePrimary ? { savePrimary } : {}) });
  ctx.store.activeSceneId = isPrimary(scene) ? null : id;
  // Selecting a scene clears the timeline scene selection (spec section 4).
  ctx.store.selectedSceneId = id;
  ctx.store.selectedPlacementId = null;
  return true;
}

/** GO: the next scene with its transition, blended the same way in this editor and on every projector. */
export function goNextScene(ctx: EditorContext): void {
  const project = ctx.store.project;
  if (!project) return;
  const next = nextCueSceneId(project.scenes, ctx.store.activeSceneId);
  if (!next) return;
  const from = { layers: project.layers, canvas: project.canvas, warpPoints: project.warpPoints };
  // On the server's clock, as projectors read it.
  const cue: SceneCue = { toSceneId: next, startedAtWallMs: serverNow(), ...cueTransition(project, ctx.store.activeSceneId, next, ctx.session.goFadeMs) };
  // The cue goes out before the scene's document change, so a projector blends from what it shows.
  ctx.live.broadcast({ type: CUE_MESSAGE, ...cue });
  if (!switchToScene(ctx, next)) return;
  if (typeof requestAnimationFrame === 'function')
    runCue(ctx.store, from, cue, serverNow, { request: (cb) => requestAnimationFrame(cb), cancel: (h) => cancelAnimationFrame(h) });
}

/** Reads the scenes of a project file (JSON or zip, as the project import reads them). */
async function scenesOfFile(file: File, nowMs: number): Promise<ProjectJson['scenes']> {
  if (/\.zip$/i.test(file.name) || file.type === 'application/zip')
    return (await importProjectZip(new Uint8Array(await file.arrayBuffer()), { nowMs })).project.scenes;
  return importProjectJson(await file.text(), { nowMs }).project.scenes;
}

export const sceneActions: readonly Action<EditorContext>[] = [
  {
    id: 'scenes.create',
    label: 'New scene from the current state',
    group: 'timeline',
    icon: '＋',
    enabled: canEdit,
    perform: (ctx) => {
      const id = newSceneId(ctx);
      ctx.live.edit({ kind: 'create-scene', id, nowIso: iso(ctx) });
      ctx.store.selectedSceneId = id;
      ctx.store.selectedPlacementId = null;
    },
  },
  {
    id: 'scenes.go',
    label: 'GO: fire the next scene with its transition',
    group: 'timeline',
    icon: '▶▶',
    shortcuts: ['G'],
    keywords: ['cue', 'next scene', 'go'],
    enabled: (ctx) => canEdit(ctx) && nextCueSceneId(ctx.store.project?.scenes ?? [], ctx.store.activeSceneId) !== null,
    perform: goNextScene,
  },
  {
    id: 'scenes.clear',
    label: 'Clear all scenes',
    group: 'timeline',
    icon: '⌫',
    keywords: ['delete scenes', 'remove scenes'],
    enabled: (ctx) => canEdit(ctx) && (ctx.store.project?.scenes.length ?? 0) > 0,
    perform: (ctx) => {
      const count = ctx.store.project?.scenes.length ?? 0;
      editorPlayback(ctx).stop();
      ctx.live.edit({ kind: 'clear-scenes' });
      Object.assign(ctx.store, { selectedSceneId: null, selectedPlacementId: null, previewSceneId: null, activeSceneId: null });
      ctx.toast(`Cleared ${count} scene${count === 1 ? '' : 's'} (Undo brings them back)`, 'info');
    },
  },
  {
    id: 'scenes.import',
    label: 'Import scenes from a project file',
    group: 'timeline',
    icon: '⇪',
    keywords: ['import scenes', 'load scenes'],
    enabled: canEdit,
    perform: async (ctx) => {
      const file = await pickFile('.json,.zip,application/json,application/zip');
      if (!file) return;
      try {
        const read = await scenesOfFile(file, ctx.now());
        if (read.length === 0) {
          ctx.toast(`${file.name} has no scenes`, 'info');
          return;
        }
        const scenes = scenesForImport(ctx.store.project?.scenes.map((s) => s.id) ?? [], read, () => newSceneId(ctx));
        ctx.live.edit({ kind: 'import-scenes', scenes });
        ctx.toast(`Imported ${scenes.length} scene${scenes.length === 1 ? '' : 's'} from ${file.name}`, 'success');
      } catch (e) {
        ctx.toast(`Import failed: ${e instanceof Error ? e.message : String(e)}`, 'error');
      }
    },
  },
];
