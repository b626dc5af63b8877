import type { SavedMaskAsset } from '@beamstage/mask-tool';
import { MaskModalHost, maskModalStore, openMaskModal } from '@beamstage/mask-tool/modal';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import type { EditorContext } from '../actions/context';
import type { ApiClient } from '../api/client';
import { assignSavedMask, maskAsset } from './mask-actions';
import { masksClient } from './masks-client';

/**
 * The Draw Freehand Mask modal in the editor: opened by the "Draw mask" action (store.maskTool),
 * saved through /api/masks/*, the asset added to the project and assigned to the mask layer.
 */
export function MaskToolHost({ ctx, api }: { ctx: EditorContext; api: ApiClient }) {
  const { maskTool } = useSnapshot(ctx.store);
  const client = useMemo(() => masksClient(api), [api]);
  const open = useSyncExternalStore(maskModalStore.subscribe, () => maskModalStore.getSnapshot().request !== null);

  useEffect(() => {
    if (!maskTool) return;
    const project = ctx.store.project;
    const target = maskTool.layerId ? (project?.layers.find((l) => l.id === maskTool.layerId) ?? null) : null;
    ctx.store.maskTool = null;
    openMaskModal({
      layer: target ? (JSON.parse(JSON.stringify(target)) as typeof target) : null,
      onToast: (message, kind) => ctx.toast(message, kind),
      onMaskSaved: (saved: SavedMaskAsset) => assignSavedMask(ctx, target, saved),
    });
  }, [maskTool, ctx]);

  // While the modal is open the editor's shortcuts (arrows, Ctrl+D, ...) must not act on layers
  // behind it; the modal's own keys are handled by its capture listener on the window.
  useEffect(() => {
    if (!open) return;
    const hold = (event: KeyboardEvent) => event.stopPropagation();
    window.addEventListener('keydown', hold, true);
    return () => window.removeEventListener('keydown', hold, true);
  }, [open]);

  return (
    <MaskModalHost
      client={client}
      projectId={ctx.store.project ? ctx.projectId : null}
      addAsset={(saved) => ctx.live.edit({ kind: 'add-asset', asset: maskAsset(saved, ctx.projectId) })}
    />
  );
}
