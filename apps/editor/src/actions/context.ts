import type { Layer, ProjectJson } from '@beamstage/layers';
import type { LiveSession } from '../live/live-session';
import type { EditorStore } from '../state/editor-store';
import type { SessionStore } from '../state/session-store';
import type { ToastTone } from '../state/ui-store';

/**
 * What every action receives. Actions read the stores and write through `live` only
 * (design.md section 8: one write path); they never touch React state.
 */
export interface EditorContext {
  readonly projectId: string;
  /** The open project, selection and ephemeral UI of this editor. */
  readonly store: EditorStore;
  /** Layout remembered per browser. */
  readonly session: SessionStore;
  /** The one write path: every project change is an edit here (synced, undoable, queued). */
  readonly live: LiveSession;
  save(): Promise<void>;
  togglePublish(): Promise<void>;
  toast(text: string, tone?: ToastTone): void;
  /** Wall-clock milliseconds (ids and names of new layers). */
  now(): number;
  /** Import, export and backups (files/use-file-commands.ts); absent in contexts that have no files. */
  readonly files?: FileCommands;
}

/** The file commands of an open project (spec sections 4 and 9: Ctrl+O, Ctrl+Shift+S). */
export interface FileCommands {
  exportZip(): Promise<void>;
  exportJson(): Promise<void>;
  importFile(): Promise<void>;
  busy(): boolean;
}

/** The project as the store holds it (null before the first paint). */
export function projectOf(ctx: Pick<EditorContext, 'store'>): ProjectJson | null {
  return ctx.store.project;
}

/** The primary selected layer, if it still exists. */
export function selectedLayer(ctx: Pick<EditorContext, 'store'>): Layer | null {
  const project = ctx.store.project;
  const id = ctx.store.selectedLayerId;
  if (!project || !id) return null;
  return project.layers.find((l) => l.id === id) ?? null;
}

/** Every selected layer that still exists, in draw order. */
export function selectedLayers(ctx: Pick<EditorContext, 'store'>): Layer[] {
  const project = ctx.store.project;
  if (!project) return [];
  const ids = new Set(ctx.store.selectedLayerIds.length ? ctx.store.selectedLayerIds : ctx.store.selectedLayerId ? [ctx.store.selectedLayerId] : []);
  return project.layers.filter((l) => ids.has(l.id));
}

/** Whether edits are allowed at all (not a viewer, project loaded). */
export function canEdit(ctx: Pick<EditorContext, 'store'>): boolean {
  return ctx.store.project !== null && !ctx.store.viewOnly;
}
