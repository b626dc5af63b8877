import type { Layer, ProjectJson } from '@beamstage/layers';
import { proxy } from 'valtio';
import { insertionIndex } from './layer-edits';

/** Editor state for one open project. The project itself moves to the sync document in a later issue. */
export interface EditorState {
  project: ProjectJson | null;
  loadError: string | null;
  selectedLayerId: string | null;
  dirty: boolean;
  saving: boolean;
  publishing: boolean;
  lastSaved: string | null;
  /** The server revision the project was loaded at or last saved as (sent with saves); null when unknown. */
  revision: number | null;
}

/** A fresh store per open editor. */
export function createEditorStore() {
  return proxy<EditorState>({ project: null, loadError: null, selectedLayerId: null, dirty: false, saving: false, publishing: false, lastSaved: null, revision: null });
}

export type EditorStore = ReturnType<typeof createEditorStore>;

/** Adds a layer where the ordering rule puts it and selects it. */
export function addLayer(store: EditorStore, layer: Layer): void {
  if (!store.project) return;
  store.project.layers.splice(insertionIndex(store.project.layers, layer.type), 0, layer);
  store.selectedLayerId = layer.id;
  store.dirty = true;
}

/** Applies an edit to one layer and marks the project unsaved. */
export function editLayer(store: EditorStore, id: string, edit: (layer: Layer) => void): void {
  const layer = store.project?.layers.find((l) => l.id === id);
  if (!layer) return;
  edit(layer);
  store.dirty = true;
}

/** Removes a layer. */
export function removeLayer(store: EditorStore, id: string): void {
  if (!store.project) return;
  const index = store.project.layers.findIndex((l) => l.id === id);
  if (index < 0) return;
  store.project.layers.splice(index, 1);
  if (store.selectedLayerId === id) store.selectedLayerId = null;
  store.dirty = true;
}
