import { nudgeDelta } from '@beamstage/layers';
import type { NudgeDirection, Point } from '@beamstage/layers';

const ARROW_DIRECTIONS: Readonly<Record<string, NudgeDirection>> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/** Offset of an arrow key (libs/layers' nudge: 1 px, 10 px with Shift), or null for other keys. */
export function nudgeOffset(key: string, shift: boolean): Point | null {
  const direction = Object.hasOwn(ARROW_DIRECTIONS, key) ? ARROW_DIRECTIONS[key] : undefined;
  return direction ? nudgeDelta(direction, shift) : null;
}

/** Shortcuts are ignored while typing in inputs, text areas or editable content (spec section 5). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  return el.isContentEditable === true || el.closest('input, textarea, select, [contenteditable="true"]') !== null;
}
