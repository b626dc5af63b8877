import { createSceneId, defaultRandomBytes } from '@beamstage/layers';
import type { Scene } from '@beamstage/layers';
import { useSnapshot } from 'valtio';
import type { EditorContext } from '../../actions/context';
import type { ActionRegistry } from '../../actions/registry';
import { switchToScene } from '../../actions/timeline-actions';
import { stageThumbnail } from '../../services/scene-thumbnail';
import { ActionButton } from '../../workspace/ActionButton';
import { ScenesPanel } from './ScenesPanel';

/** The Scenes tab wired to the editor: every change is an edit (undoable, synced). */
export function EditorScenes({ ctx, registry, scenes }: { ctx: EditorContext; registry: ActionRegistry<EditorContext>; scenes: readonly Scene[] }) {
  const state = useSnapshot(ctx.store);
  const iso = () => new Date(ctx.now()).toISOString();
  return (
    <ScenesPanel
      scenes={scenes}
      selectedSceneId={state.selectedSceneId}
      previewSceneId={state.previewSceneId}
      readOnly={state.viewOnly}
      actions={
        <>
          <ActionButton action={registry.get('scenes.create')} ctx={ctx} className="bs-btn bs-btn--secondary bs-btn--sm" withLabel>
            New scene
          </ActionButton>
          <ActionButton action={registry.get('scenes.go')} ctx={ctx} className="bs-btn bs-btn--primary bs-btn--sm">
            GO
          </ActionButton>
        </>
      }
      onSelect={(id) => {
        // Selecting a scene and selecting a timeline scene clear each other (spec section 4).
        ctx.store.selectedSceneId = id;
        ctx.store.selectedPlacementId = null;
      }}
      onSwitch={(id) => switchToScene(ctx, id)}
      onPreview={(id) => void (ctx.store.previewSceneId = id)}
      onCapture={(id) => ctx.live.edit({ kind: 'capture-scene', id, nowIso: iso(), thumbnail: stageThumbnail() })}
      onDuplicate={(id) => ctx.live.edit({ kind: 'duplicate-scene', id, newId: createSceneId(ctx.now(), defaultRandomBytes), nowIso: iso() })}
      onRename={(id, name) => ctx.live.edit({ kind: 'rename-scene', id, name, nowIso: iso() })}
      onDelete={(id) => {
        ctx.live.edit({ kind: 'delete-scene', id });
        if (ctx.store.selectedSceneId === id) ctx.store.selectedSceneId = null;
        if (ctx.store.previewSceneId === id) ctx.store.previewSceneId = null;
      }}
      onMove={(id, toIndex) => ctx.live.edit({ kind: 'reorder-scene', id, toIndex })}
    />
  );
}
