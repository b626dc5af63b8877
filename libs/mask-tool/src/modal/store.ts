// The global "open the mask modal from anywhere" request (spec section 2). A tiny external store,
// so any code can call openMaskModal() and the one mounted MaskModalHost shows it.
import type { MaskEditorLayer, SavedMaskAsset } from '../index';

export type MaskToastKind = 'success' | 'error' | 'info';
export type MaskToast = (message: string, kind: MaskToastKind) => void;

export interface MaskModalRequest {
  /** A layer shown behind the drawing (image, video, mask and giphy layers with a source). */
  readonly layer?: MaskEditorLayer | null;
  readonly onMaskSaved?: (asset: SavedMaskAsset) => void;
  readonly onToast?: MaskToast;
}

interface Snapshot {
  readonly request: MaskModalRequest | null;
  /** Increments on every open, so the host remounts a fresh drawing. */
  readonly session: number;
}

let snapshot: Snapshot = { request: null, session: 0 };
const listeners = new Set<() => void>();

function emit(next: Snapshot): void {
  snapshot = next;
  for (const l of listeners) l();
}

/** Opens the mask modal (replacing any open one). */
export function openMaskModal(request: MaskModalRequest = {}): void {
  emit({ request, session: snapshot.session + 1 });
}

/** Closes the mask modal. */
export function closeMaskModal(): void {
  if (snapshot.request) emit({ ...snapshot, request: null });
}

/** Store hooks for useSyncExternalStore. */
export const maskModalStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): Snapshot {
    return snapshot;
  },
};
