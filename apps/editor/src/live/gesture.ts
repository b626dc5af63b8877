/**
 * The pointer gesture in progress (a scrubbed number, a dragged slider): edits of one field made
 * during one gesture are one undo step however long the hand pauses mid-drag, where the time
 * window of EDIT_BURST_MS would split a slow drag in two. Module state, because there is one
 * pointer: the field that captured it begins the gesture and ends it on release.
 */
let next = 1;
let current: number | null = null;

/** Starts a gesture and returns its id. */
export function beginGesture(): number {
  current = next++;
  return current;
}

/** Ends the gesture `id` (a stale end of an older one changes nothing). */
export function endGesture(id: number): void {
  if (current === id) current = null;
}

/** The gesture in progress, or null. */
export function currentGesture(): number | null {
  return current;
}
