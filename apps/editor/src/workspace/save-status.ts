export interface SaveStatusInput {
  saving: boolean;
  dirty: boolean;
  lastSavedLabel: string | null;
  /** Edits reach the live document as they are made. */
  liveEditing: boolean;
}

/**
 * The save line. Edits that went into the live document are not "unsaved" (they are stored on this
 * device and reach the server as they are made), so only edits outside it count as unsaved.
 */
export function saveStatus(p: SaveStatusInput): string {
  if (p.saving) return 'Saving…';
  if (p.dirty) return 'Unsaved changes';
  if (p.lastSavedLabel) return `Saved ${p.lastSavedLabel}`;
  return p.liveEditing ? 'Edits are live' : 'All changes saved';
}
