import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { EditorStore } from '../state/editor-store';
import { serverSaveLabel, warnOnLeave } from './server-save';

/**
 * The live save line ("Saving…" while edits wait for the server's store, "Saved" once stored; null
 * when unknown) and a warning on leaving the page while any edit waits.
 */
export function useServerSave(store: EditorStore): string | null {
  const { serverSaved } = useSnapshot(store);
  useEffect(() => warnOnLeave(window, () => store.serverSaved === false), [store]);
  return serverSaveLabel(serverSaved);
}
