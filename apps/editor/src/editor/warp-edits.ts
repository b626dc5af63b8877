import type { Point } from '@beamstage/layers';

/** Arrow-key nudge distances in output pixels (spec section 9). */
export const NUDGE_PX = 1;
export const NUDGE_SHIFT_PX = 10;

/** Offset of an arrow key, or null for other keys. */
export function nudgeOffset(key: string, shift: boolean): Point | null {
  const step = shift ? NUDGE_SHIFT_PX : NUDGE_PX;
  switch (key) {
    case 'ArrowLeft':
      return { x: -step, y: 0 };
    case 'ArrowRight':
      return { x: step, y: 0 };
    case 'ArrowUp':
      return { x: 0, y: -step };
    case 'ArrowDown':
      return { x: 0, y: step };
    default:
      return null;
  }
}

/** Shortcuts are ignored while typing in inputs, text areas or editable content (spec section 5). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  return el.isContentEditable === true || el.closest('input, textarea, select, [contenteditable="true"]') !== null;
}
