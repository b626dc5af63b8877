import type { Scene } from '@beamstage/layers';
import { createSceneId, defaultRandomBytes } from '@beamstage/layers';
import { useSnapshot } from 'valtio';
import type { EditorContext } from '../../actions/context';
import type { ActionRegistry } from '../../actions/registry';
import { switchToScene } from '../../actions/scene-actions';
import { editorPlayback } from '../../services/editor-playback';
import { ActionButton } from '../../workspace/ActionButton';
import { ScenesPanel } from './ScenesPanel';
import { useSceneThumbnails } from './use-scene-thumbnails';

/** The Scenes tab wired to the editor: every change is an edit (undoable, synced). */
export function EditorScenes({ ctx, registry, scenes }: { ctx: EditorContext; registry: ActionRegistry<EditorContext>; scenes: readonly Scene[] }) {
  const state = useSnapshot(ctx.store);
  const session = useSnapshot(ctx.session);
  useSceneThumbnails(ctx.store, scenes);
  const iso = () => new Date(ctx.now()).toISOString();
  const button = (id: string, label: string, primary = false) => (
    <ActionButton action={registry.get(id)} ctx={ctx} className={`bs-btn ${primary ? 'bs-btn--primary' : 'bs-btn--secondary'} bs-btn--sm`} withLabel={!primary}>
      {label}
    </ActionButton>
  );
  return (
    <ScenesPanel
      scenes={scenes}
      selectedSceneId={state.selectedSceneId}
      previewSceneId={state.previewSceneId}
      activeSceneId={state.activeSceneId}
      thumbnails={state.sceneThumbnails}
      readOnly={state.viewOnly}
      actions={
        <>
          {button('scenes.create', 'New scene')}
          {button('scenes.go', 'GO', true)}
          <label className="scenes__fade" title="GO's fade when the timeline has no transition between the two scenes">
            Fade
            <input
              className="bs-input"
              type="number"
              min={0}
              max={60}
              step={0.1}
              aria-label="GO fade in seconds"
              value={session.goFadeMs / 1000}
              onChange={(e) => {
                const s = Number(e.target.value);
                if (Number.isFinite(s)) ctx.session.goFadeMs = Math.min(60_000, Math.max(0, Math.round(s * 1000)));
              }}
            />
            s
          </label>
          {button('scenes.import', 'Import')}
          {button('scenes.clear', 'Clear')}
        </>
      }
      onSelect={(id) => {
        // Selecting a scene and selecting a timeline scene clear each other (spec section 4).
        ctx.store.selectedSceneId = id;
        ctx.store.selectedPlacementId = null;
      }}
      onSwitch={(id) => switchToScene(ctx, id)}
      onPreview={(id) => void (ctx.store.previewSceneId = id)}
      onCapture={(id) => {
        // Spec section 4: a playing timeline is stopped before a scene is updated.
        editorPlayback(ctx).stop();
        ctx.live.edit({ kind: 'capture-scene', id, nowIso: iso() });
      }}
      onDuplicate={(id) => ctx.live.edit({ kind: 'duplicate-scene', id, newId: createSceneId(ctx.now(), defaultRandomBytes), nowIso: iso() })}
      onRename={(id, name) => ctx.live.edit({ kind: 'rename-scene', id, name, nowIso: iso() })}
      onDelete={(id) => {
        ctx.live.edit({ kind: 'delete-scene', id });
        if (ctx.store.selectedSceneId === id) ctx.store.selectedSceneId = null;
        if (ctx.store.previewSceneId === id) ctx.store.previewSceneId = null;
        if (ctx.store.activeSceneId === id) ctx.store.activeSceneId = null;
      }}
      onMove={(id, toIndex) => ctx.live.edit({ kind: 'reorder-scene', id, toIndex })}
    />
  );
}
