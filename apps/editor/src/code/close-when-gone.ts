import { useEffect } from 'react';
import type { ProjectJson } from '@beamstage/layers';
import type { EditorStore } from '../state/editor-store';

/** Whether the layer the code editor shows has left the document (deleted, an add undone, a collaborator's delete). */
export function codeLayerGone(codeLayerId: string | null, project: Pick<ProjectJson, 'layers'> | null): boolean {
  return codeLayerId !== null && project !== null && !project.layers.some((l) => l.id === codeLayerId);
}

/**
 * Closes the code editor once its layer has left the document. Left open, the editor would come
 * back with the layer (an Undo of the delete, a Redo of the add) and take the keyboard: the next
 * Ctrl+Z or Ctrl+Y would then go to the code's own history instead of the project's.
 */
export function useCloseCodeWhenGone(store: EditorStore, codeLayerId: string | null, project: Pick<ProjectJson, 'layers'> | null): void {
  const gone = codeLayerGone(codeLayerId, project);
  useEffect(() => {
    if (gone) store.codeLayerId = null;
  }, [gone, store]);
}
