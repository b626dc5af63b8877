import { createEntityId, defaultRandomBytes, MARKER_DEFAULT_COLOR } from '@beamstage/layers';
import type { Keyframe, MarkerId } from '@beamstage/layers';
import { copyKeyframes, pastedKeyframes } from '../panels/timeline/keyframe-clipboard';
import { editorPlayback } from '../services/editor-playback';
import { sceneActions } from './scene-actions';
import type { Action } from './action';
import { canEdit, selectedLayers } from './context';
import type { EditorContext } from './context';
import { keyframesFor } from './timeline-keys';

const hasProject = (ctx: EditorContext) => ctx.store.project !== null;
const markers = (ctx: EditorContext) => [...(ctx.store.project?.timeline.markers ?? [])].sort((a, b) => a.time - b.time);

const ownActions: readonly Action<EditorContext>[] = [
  {
    id: 'timeline.play-pause',
    viewer: true,
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
    viewer: true,
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
      ctx.live.edit({
        kind: 'add-marker',
        marker: {
          id: createEntityId('marker', now, defaultRandomBytes) as MarkerId,
          name,
          time: ctx.store.playhead,
          color: MARKER_DEFAULT_COLOR,
          metadata: { created: now },
        },
      });
    },
  },
  {
    id: 'timeline.prev-marker',
    viewer: true,
    label: 'Jump to the previous marker',
    group: 'timeline',
    icon: '⇤',
    shortcuts: ['['],
    enabled: (ctx) => markers(ctx).some((m) => m.time < ctx.store.playhead),
    perform: (ctx) => {
      const m = markers(ctx)
        .filter((x) => x.time < ctx.store.playhead)
        .at(-1);
      if (m) editorPlayback(ctx).seek(m.time);
    },
  },
  {
    id: 'timeline.next-marker',
    viewer: true,
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
    id: 'timeline.copy-keyframes',
    viewer: true,
    label: 'Copy the selected keyframes',
    group: 'timeline',
    shortcuts: ['Mod+C'],
    // In a text field Ctrl+C copies its text (never blocked); the action never runs there.
    whileTyping: (target) => target === null,
    enabled: (ctx) => ctx.store.selectedKeyframeIds.length > 0,
    perform: (ctx) => {
      ctx.store.keyframeClipboard = copyKeyframes(ctx.store.project?.timeline.keyframes ?? [], ctx.store.selectedKeyframeIds);
      ctx.toast(`Copied ${ctx.store.keyframeClipboard.length} keyframe${ctx.store.keyframeClipboard.length === 1 ? '' : 's'}`, 'info');
    },
  },
  {
    id: 'timeline.paste-keyframes',
    label: 'Paste keyframes at the playhead',
    group: 'timeline',
    shortcuts: ['Mod+V'],
    whileTyping: (target) => target === null,
    enabled: (ctx) => canEdit(ctx) && ctx.store.keyframeClipboard.length > 0 && ctx.store.playback === 'stopped',
    perform: (ctx) => {
      const project = ctx.store.project!;
      const clip = ctx.store.keyframeClipboard as Keyframe[];
      const keyframes = pastedKeyframes(clip, ctx.store.playhead, project.timeline.duration, ctx.now()).filter((k) =>
        project.layers.some((l) => l.id === k.layerId),
      );
      const left = clip.length - keyframes.length;
      if (keyframes.length) ctx.live.edit({ kind: 'set-keyframes', keyframes });
      ctx.store.selectedKeyframeIds = keyframes.map((k) => k.id);
      if (left > 0) ctx.toast(`${left} keyframe${left === 1 ? '' : 's'} not pasted: past the end of the timeline or of a deleted layer`, 'info');
    },
  },
];

/** The timeline's actions and the Scenes panel's (one list for editor-actions.ts). */
export const timelineActions: readonly Action<EditorContext>[] = [...ownActions, ...sceneActions];
