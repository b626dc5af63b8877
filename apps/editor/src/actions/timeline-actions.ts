import { createEntityId, createSceneId, defaultRandomBytes, MARKER_DEFAULT_COLOR } from '@beamstage/layers';
import type { MarkerId } from '@beamstage/layers';
import { editorPlayback } from '../services/editor-playback';
import { logger } from '../services/logger';
import { stageThumbnail } from '../services/scene-thumbnail';
import type { Action } from './action';
import { canEdit, selectedLayers } from './context';
import type { EditorContext } from './context';
import { keyframesFor } from './timeline-keys';

const hasProject = (ctx: EditorContext) => ctx.store.project !== null;
const markers = (ctx: EditorContext) => [...(ctx.store.project?.timeline.markers ?? [])].sort((a, b) => a.time - b.time);

/** The scene after the selected one (wrapping), for GO: cue-style shows fire scenes in list order. */
export function nextSceneId(sceneIds: readonly string[], current: string | null): string | null {
  if (sceneIds.length === 0) return null;
  const i = current ? sceneIds.indexOf(current) : -1;
  return sceneIds[(i + 1) % sceneIds.length] ?? null;
}

/** Switches to a scene by hand: playback stops first (spec section 4) and the scene is applied. */
export function switchToScene(ctx: EditorContext, id: string): void {
  const project = ctx.store.project;
  if (!project) return;
  if (!project.scenes.some((s) => s.id === id)) {
    // Spec section 5: switching to an unknown scene id fails with a logged error.
    logger('layers').error(`Scene not found: ${id}`);
    return;
  }
  editorPlayback(ctx).stop();
  ctx.store.previewSceneId = null;
  ctx.live.edit({ kind: 'switch-scene', id });
  ctx.store.selectedSceneId = id;
  ctx.store.selectedPlacementId = null;
}

export const timelineActions: readonly Action<EditorContext>[] = [
  {
    id: 'timeline.play-pause',
    label: 'Play or pause the timeline',
    group: 'timeline',
    icon: '▶',
    shortcuts: ['P'],
    keywords: ['play', 'pause', 'transport'],
    enabled: hasProject,
    perform: (ctx) => editorPlayback(ctx).toggle(),
  },
  {
    id: 'timeline.stop',
    label: 'Stop the timeline',
    group: 'timeline',
    icon: '■',
    shortcuts: ['Shift+P'],
    enabled: (ctx) => ctx.store.playback !== 'stopped',
    perform: (ctx) => editorPlayback(ctx).stop(),
  },
  {
    id: 'timeline.loop',
    label: 'Loop the play region',
    group: 'timeline',
    icon: '↻',
    shortcuts: ['L'],
    enabled: canEdit,
    perform: (ctx) => ctx.live.edit({ kind: 'update-timeline', patch: { loop: !ctx.store.project!.timeline.loop } }),
  },
  {
    id: 'timeline.add-keyframe',
    label: 'Keyframe the selected layer at the playhead',
    group: 'timeline',
    icon: '◆',
    shortcuts: ['K'],
    keywords: ['key', 'animate'],
    enabled: (ctx) => canEdit(ctx) && selectedLayers(ctx).length > 0 && ctx.store.playback === 'stopped',
    perform: (ctx) => ctx.live.edit({ kind: 'set-keyframes', keyframes: keyframesFor(selectedLayers(ctx), ctx.store.playhead, ctx.now()) }),
  },
  {
    id: 'timeline.auto-key',
    label: 'Auto-key: record every layer edit as a keyframe',
    group: 'timeline',
    icon: '●',
    shortcuts: ['Shift+K'],
    enabled: canEdit,
    perform: (ctx) => void (ctx.store.autoKey = !ctx.store.autoKey),
  },
  {
    id: 'timeline.delete-keyframes',
    label: 'Delete the selected keyframes',
    group: 'timeline',
    shortcuts: ['Shift+Delete', 'Shift+Backspace'],
    enabled: (ctx) => canEdit(ctx) && ctx.store.selectedKeyframeIds.length > 0,
    perform: (ctx) => {
      ctx.live.edit({ kind: 'delete-keyframes', ids: [...ctx.store.selectedKeyframeIds] });
      ctx.store.selectedKeyframeIds = [];
    },
  },
  {
    id: 'timeline.add-marker',
    label: 'Add a marker at the playhead',
    group: 'timeline',
    icon: '⚑',
    shortcuts: ['M'],
    enabled: canEdit,
    perform: (ctx) => {
      const now = ctx.now();
      const name = `Marker ${(ctx.store.project?.timeline.markers.length ?? 0) + 1}`;
      ctx.live.edit({ kind: 'add-marker', marker: { id: createEntityId('marker', now, defaultRandomBytes) as MarkerId, name, time: ctx.store.playhead, color: MARKER_DEFAULT_COLOR, metadata: { created: now } } });
    },
  },
  {
    id: 'timeline.prev-marker',
    label: 'Jump to the previous marker',
    group: 'timeline',
    icon: '⇤',
    shortcuts: ['['],
    enabled: (ctx) => markers(ctx).some((m) => m.time < ctx.store.playhead),
    perform: (ctx) => {
      const m = markers(ctx).filter((x) => x.time < ctx.store.playhead).at(-1);
      if (m) editorPlayback(ctx).seek(m.time);
    },
  },
  {
    id: 'timeline.next-marker',
    label: 'Jump to the next marker',
    group: 'timeline',
    icon: '⇥',
    shortcuts: [']'],
    enabled: (ctx) => markers(ctx).some((m) => m.time > ctx.store.playhead),
    perform: (ctx) => {
      const m = markers(ctx).find((x) => x.time > ctx.store.playhead);
      if (m) editorPlayback(ctx).seek(m.time);
    },
  },
  {
    id: 'scenes.create',
    label: 'New scene from the current state',
    group: 'timeline',
    icon: '＋',
    enabled: canEdit,
    perform: (ctx) => {
      const id = createSceneId(ctx.now(), defaultRandomBytes);
      ctx.live.edit({ kind: 'create-scene', id, nowIso: new Date(ctx.now()).toISOString(), thumbnail: typeof document === 'undefined' ? undefined : stageThumbnail() });
      ctx.store.selectedSceneId = id;
      ctx.store.selectedPlacementId = null;
    },
  },
  {
    id: 'scenes.go',
    label: 'GO: fire the next scene',
    group: 'timeline',
    icon: '▶▶',
    shortcuts: ['G'],
    keywords: ['cue', 'next scene'],
    enabled: (ctx) => canEdit(ctx) && (ctx.store.project?.scenes.length ?? 0) > 0,
    perform: (ctx) => {
      const ids = ctx.store.project!.scenes.map((s) => s.id);
      const next = nextSceneId(ids, ctx.store.selectedSceneId);
      if (next) switchToScene(ctx, next);
    },
  },
];
