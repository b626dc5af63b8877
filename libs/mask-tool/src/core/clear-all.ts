// Clear all with the spec's confirmation (section 5): nothing happens, and nothing is asked, on an
// empty canvas.
import type { MaskModel } from './model';
import { MASK_TOASTS } from './save';

/** Asks confirm() and clears; returns true when the drawing was cleared. */
export function requestClearAll(model: MaskModel, confirm: (message: string) => boolean): boolean {
  const s = model.getState();
  if (!s.hasContent && !s.currentPath && !s.activeStroke) return false;
  return confirm(MASK_TOASTS.confirmClearAll) ? model.clearAll() : false;
}
