import type { ProjectJson } from '@beamstage/layers';
import { useEffect, useMemo } from 'react';
import { subscribe } from 'valtio';
import { useSnapshot } from 'valtio';
import type { EditorContext } from '../../actions/context';
import type { ActionRegistry } from '../../actions/registry';
import { changedKeyedProperties, keyframesFor } from '../../actions/timeline-keys';
import { editorPlayback } from '../../services/editor-playback';
import { storeField } from '../../state/source';
import { ActionButton } from '../../workspace/ActionButton';
import { placementOnDrop } from './placements';
import { TimelineDrawer } from './TimelineDrawer';

const TRANSPORT_ACTIONS = [
  'timeline.play-pause',
  'timeline.stop',
  'timeline.add-keyframe',
  'timeline.auto-key',
  'timeline.add-marker',
  'timeline.prev-marker',
  'timeline.next-marker',
];

/**
 * Auto-key: while on and stopped, a change of a selected layer's keyed values (x, y, opacity,
 * rotation, scale) is also written as keyframes at the playhead.
 */
function useAutoKey(ctx: EditorContext): void {
  useEffect(() => {
    let previous: ProjectJson | null = ctx.store.project;
    return subscribe(ctx.store, () => {
      const next = ctx.store.project;
      const before = previous;
      previous = next;
      if (!ctx.store.autoKey || ctx.store.playback !== 'stopped' || !before || !next || before === next || ctx.store.viewOnly) return;
      const ids = new Set(ctx.store.selectedLayerIds.length ? ctx.store.selectedLayerIds : ctx.store.selectedLayerId ? [ctx.store.selectedLayerId] : []);
      const keyframes = next.layers.flatMap((layer) => {
        const old = ids.has(layer.id) ? before.layers.find((l) => l.id === layer.id) : undefined;
        const changed = old ? changedKeyedProperties(old, layer) : [];
        return changed.length ? keyframesFor([layer], ctx.store.playhead, ctx.now(), 'smooth', changed) : [];
      });
      if (keyframes.length) ctx.live.edit({ kind: 'set-keyframes', keyframes });
    });
  }, [ctx]);
}

/** The timeline drawer wired to the editor: snapshots in, edits and playback out. */
export function EditorTimeline({ ctx, registry, project }: { ctx: EditorContext; registry: ActionRegistry<EditorContext>; project: ProjectJson }) {
  const state = useSnapshot(ctx.store);
  const session = useSnapshot(ctx.session);
  useAutoKey(ctx);
  // Only the playhead's readouts follow it: this drawer does not re-render every frame of playback.
  const playhead = useMemo(() => storeField(ctx.store, 'playhead'), [ctx.store]);
  useEffect(() => () => editorPlayback(ctx).stop(), [ctx]);
  const selectedScene = project.scenes.find((s) => s.id === state.selectedSceneId) ?? null;
  return (
    <TimelineDrawer
      project={project}
      playhead={playhead}
      playback={state.playback}
      view={{ zoom: session.timelineZoom, scroll: session.timelineScroll }}
      onView={(v) => {
        ctx.session.timelineZoom = v.zoom;
        ctx.session.timelineScroll = v.scroll;
      }}
      selectedKeyframeIds={state.selectedKeyframeIds}
      onSelectKeyframes={(ids) => void (ctx.store.selectedKeyframeIds = ids)}
      selectedPlacementId={state.selectedPlacementId}
      onSelectPlacement={(id) => {
        // Selecting a timeline scene and selecting a scene clear each other (spec section 4).
        ctx.store.selectedPlacementId = id;
        if (id) ctx.store.selectedSceneId = null;
      }}
      selectedScene={selectedScene}
      onPlaceScene={() =>
        selectedScene &&
        ctx.live.edit({ kind: 'add-placement', entry: placementOnDrop(project.timeline.timelineScenes, selectedScene, ctx.store.playhead, ctx.now()) })
      }
      autoKey={state.autoKey}
      readOnly={state.viewOnly}
      onSeek={(t) => editorPlayback(ctx).seek(t)}
      onEdit={(e) => ctx.live.edit(e)}
      onDeleteKeyframes={() => registry.get('timeline.delete-keyframes')?.perform(ctx)}
      now={ctx.now}
      transport={TRANSPORT_ACTIONS.map((id) => (
        <ActionButton
          key={id}
          action={registry.get(id)}
          ctx={ctx}
          className={id === 'timeline.auto-key' && state.autoKey ? 'bs-btn bs-btn--secondary bs-btn--sm' : 'bs-btn bs-btn--ghost bs-btn--sm'}
        />
      ))}
    />
  );
}
