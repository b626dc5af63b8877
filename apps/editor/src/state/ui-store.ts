import { proxy } from 'valtio';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  readonly id: number;
  readonly text: string;
  readonly tone: ToastTone;
}

/** Ephemeral UI state (design.md section 2): neither synced nor undoable. */
export const uiStore = proxy({
  navigationLoading: false,
  toasts: [] as Toast[],
});

/** How long a toast stays on screen. */
export const TOAST_MS = 4000;

let nextToastId = 1;

/** Shows a toast for TOAST_MS. */
export function toast(text: string, tone: ToastTone = 'info'): void {
  const id = nextToastId++;
  uiStore.toasts.push({ id, text, tone });
  setTimeout(() => {
    const index = uiStore.toasts.findIndex((t) => t.id === id);
    if (index >= 0) uiStore.toasts.splice(index, 1);
  }, TOAST_MS);
}
