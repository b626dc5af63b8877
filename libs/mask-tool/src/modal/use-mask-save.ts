// The modal's save buttons: export, then the spec's save sequence, toasts, mask-saved and close.
import { useCallback, useState } from 'react';
import type { MaskFormat, MaskModel, MasksClient, SavedMaskAsset } from '../index';
import { MASK_TOASTS, exportMaskSvg, maskFileName, saveMask } from '../index';
import { renderMaskPng } from './paint';
import type { MaskToast } from './store';

export interface MaskSaveOptions {
  readonly model: MaskModel;
  readonly client: MasksClient | undefined;
  readonly projectId: string | null | undefined;
  readonly addAsset: ((asset: SavedMaskAsset) => void | Promise<void>) | undefined;
  readonly onMaskSaved: ((asset: SavedMaskAsset) => void) | undefined;
  readonly toast: MaskToast;
  readonly close: () => void;
  readonly featherPx: number;
  readonly now: () => Date;
}

/** Builds the export blob for a format (null when there is nothing to export). */
export async function exportMaskBlob(model: MaskModel, format: MaskFormat, featherPx: number): Promise<Blob | null> {
  const { items, currentPath } = model.getState();
  // A path still being drawn is part of what the user sees, so it is part of the export.
  const all = currentPath && currentPath.points.length >= 2 ? [...items, { kind: 'path' as const, path: currentPath }] : items;
  if (all.length === 0) return null;
  if (format === 'svg') return new Blob([exportMaskSvg(all, { featherPx })], { type: 'image/svg+xml' });
  return renderMaskPng(all, featherPx);
}

/** Returns [saving, save(format)]. */
export function useMaskSave(o: MaskSaveOptions): [boolean, (format: MaskFormat) => Promise<void>] {
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (format: MaskFormat) => {
      if (saving) return;
      setSaving(true);
      try {
        const body = await exportMaskBlob(o.model, format, o.featherPx);
        if (!body || body.size === 0) {
          o.toast(MASK_TOASTS.exportEmpty, 'error');
          return;
        }
        if (!o.client) throw new Error('Mask uploads are not configured');
        const fileName = maskFileName(o.now().toISOString(), format);
        const asset = await saveMask({ client: o.client, body, fileName, projectId: o.projectId, addAsset: o.addAsset ?? (() => undefined) });
        o.toast(MASK_TOASTS.saved(fileName), 'success');
        o.onMaskSaved?.(asset);
        o.close();
      } catch (error) {
        o.toast(MASK_TOASTS.exportFailed(error instanceof Error ? error.message : String(error)), 'error');
      } finally {
        setSaving(false);
      }
    },
    [saving, o],
  );
  return [saving, save];
}
