/** Shortcuts are ignored while typing in inputs, text areas or editable content (spec section 5). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  return el.isContentEditable === true || el.closest('input, textarea, select, [contenteditable="true"]') !== null;
}
