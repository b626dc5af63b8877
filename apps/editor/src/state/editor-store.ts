import type { Keyframe, LayerType, ProjectJson } from '@beamstage/layers';
import type { ShownState } from '@beamstage/stage';
import type { ConnectionState, DragValues } from '@beamstage/sync';
import { proxy } from 'valtio';
import type { AccessLost } from '../live/access-lost';
import type { HistoryView } from '../live/edit-history';
import type { OutputView } from '../panels/outputs/outputs-model';

/** Another participant as the top bar and the stage show them (name is untrusted text, shown as text). */
export interface PeerView {
  peerId: string;
  name: string;
  color: string;
  initials: string;
  selectedLayerId: string | null;
}

/**
 * Editor state for one open project. `project` follows the live document once it is open
 * (src/live/live-session.ts); before that, and when real-time is unavailable, it is the REST copy.
 */
export interface EditorState {
  project: ProjectJson | null;
  loadError: string | null;
  /** The primary selection (inspector, presence, single-layer actions). */
  selectedLayerId: string | null;
  /** Every selected layer (Shift/Ctrl-click in the layers panel); contains selectedLayerId when set. */
  selectedLayerIds: string[];
  /** Edits that are neither in the live document nor saved (REST mode, or waiting for the document). */
  dirty: boolean;
  saving: boolean;
  publishing: boolean;
  /** Published state as the api answered it, shown at once (the document's metadata.isPublic follows a sync round trip later). */
  isPublic: boolean;
  lastSaved: string | null;
  /** The server revision the project was loaded at or last saved as (sent with saves); null when unknown. */
  revision: number | null;
  /** The live connection as libs/sync reports it; null before the first report. */
  connection: ConnectionState | null;
  /** Why real-time is off for good (room denied, sync failed to start); null while it may work. */
  liveUnavailable: string | null;
  /** Whether the live document is open in this browser. */
  docReady: boolean;
  /**
   * Whether every live edit is stored on the server (false: some wait for its store); null when
   * unknown (no live document, or no server heard from and nothing changed). live/use-server-save.ts.
   */
  serverSaved: boolean | null;
  /** The room is read-only for us (a viewer): edits are refused instead of sent and closed by the server. */
  viewOnly: boolean;
  /** Other participants, newest first. */
  peers: PeerView[];
  /** Our own drag in progress, shown at once and not yet in the document. */
  dragPreview: { target: string; values: DragValues } | null;
  /** Others' drags in progress by layer id (ephemeral overrides on top of the document). */
  remoteDrags: Record<string, DragValues>;
  /** What Undo and Redo would do now (this person's own edits only). */
  history: HistoryView;
  /** Ephemeral workspace UI: which overlay is open. */
  overlay: 'none' | 'palette' | 'shortcuts';
  /** The layer whose code is open in the code editor, or null. */
  codeLayerId: string | null;
  /** The Add dialog open for a layer type that needs a source first (media/AddLayerDialog), or null. */
  addDialog: AddDialogRequest | null;
  /** The layer whose name is being edited in the layers panel, or null. */
  renamingLayerId: string | null;
  /** Bumped by "Retry the live connection": the live session reopens when it changes. */
  liveRetry: number;
  /** Timeline playhead in ms (ephemeral: scrubbing shows that instant; the document keeps currentTime). */
  playhead: number;
  /** stopped, playing, or paused (a hold inside a play session). */
  playback: 'stopped' | 'playing' | 'paused';
  /** The project as it was when Play was pressed (spec: the stash); shown again by Stop. */
  stash: ProjectJson | null;
  /** The scene the timeline loaded while playing (shown, not applied to the document). */
  playingSceneId: string | null;
  /** Selected keyframes in the timeline. */
  selectedKeyframeIds: string[];
  /** Auto-key: every layer edit is also recorded as a keyframe at the playhead. */
  autoKey: boolean;
  /** Preview mode: a scene shown on the stage while the document keeps its state; exit restores. */
  previewSceneId: string | null;
  /** The scene selected in the Scenes panel (a selected timeline placement clears it, and back). */
  selectedSceneId: string | null;
  selectedPlacementId: string | null;
  /** The stage area's size in CSS pixels as last measured (what "fit" fits the canvas into). */
  stageBox: { width: number; height: number } | null;
  /** The code editor's unsaved text by layer id (kept when switching layers; cleared by a Run). */
  codeDrafts: Record<string, string>;
  /** Why the last Run was refused (compile errors on the user's lines, or the size limit); empty after a good Run. */
  codeErrors: { line: number | null; message: string }[];
  /** The files dialog open (files/BackupsDialog), or 'none'. */
  filesDialog: 'none' | 'backups';
  /** The freehand mask modal, open for a layer (its id, or null for no background), or null when closed. */
  maskTool: { layerId: string | null } | null;
  /** The GIF search panel (gifs/): for a new giphy layer (layerId null, placed at `at`) or an existing one; null when closed. */
  gifSearch: { readonly layerId: string | null; readonly at: { readonly x: number; readonly y: number } | null } | null;
  /** The "Generate with AI" dialog of the Add menu (ai/) is open. */
  aiDialogOpen: boolean;
  /** What the stage reported wrong with a layer (failed, timed out, hung, refused, quarantined), by layer id. */
  layerIssues: Record<string, { kind: string; message: string; detail?: string }>;
  /** Projectors connected to this project, as they announce themselves (panels/outputs). */
  outputs: OutputView[];
  /** The fade time the outputs panel and the fade action use, in ms. */
  outputFadeMs: number;
  /** The last save's note for the save line: kept locally only ("Offline (local only)") or failed with its reason; null after a server save. */
  saveNote: string | null;
  /** The scene the editor works in (spec: current scene id); null is the Primary scene, the project's main state. */
  activeSceneId: string | null;
  /** Scene thumbnails rendered from the stage, by scene id (data URLs; ephemeral). */
  sceneThumbnails: Record<string, string>;
  /** A GO in progress: the wall blends from `from` to the scene (panels/scenes/scene-go.ts). */
  cue: { from: ShownState; toSceneId: string; progress: number } | null;
  /** Keyframes copied in the timeline, ready to paste at the playhead. */
  keyframeClipboard: Keyframe[];
  /** Output calibration mode: the stage edits the project's output warp, not layers. */
  calibrating: boolean;
  /** The output warp corner the arrows nudge (0 TL, 1 TR, 2 BR, 3 BL), or null for all four. */
  calibrationCorner: number | null;
  /** The Share dialog (share/ShareDialog) is open. */
  shareOpen: boolean;
  /**
   * Access to the open project ended for good (removed, or the project deleted: live/access-lost.ts),
   * with whether this browser held edits the server had not stored then; null while it lasts.
   */
  accessLost: { readonly reason: AccessLost; readonly unsent: boolean } | null;
}

/** Which Add dialog is open, and where on the canvas the layer goes (null: the canvas centre). */
export interface AddDialogRequest {
  readonly type: LayerType;
  readonly at: { readonly x: number; readonly y: number } | null;
}

/** A fresh store per open editor. */
export function createEditorStore() {
  return proxy<EditorState>({
    project: null,
    loadError: null,
    selectedLayerId: null,
    selectedLayerIds: [],
    dirty: false,
    saving: false,
    publishing: false,
    isPublic: false,
    lastSaved: null,
    revision: null,
    connection: null,
    liveUnavailable: null,
    docReady: false,
    serverSaved: null,
    viewOnly: false,
    peers: [],
    dragPreview: null,
    remoteDrags: {},
    history: { undo: null, redo: null },
    overlay: 'none',
    codeLayerId: null,
    addDialog: null,
    renamingLayerId: null,
    liveRetry: 0,
    stageBox: null,
    codeDrafts: {},
    codeErrors: [],
    playhead: 0,
    playback: 'stopped',
    stash: null,
    playingSceneId: null,
    selectedKeyframeIds: [],
    autoKey: false,
    previewSceneId: null,
    selectedSceneId: null,
    selectedPlacementId: null,
    filesDialog: 'none',
    maskTool: null,
    gifSearch: null,
    aiDialogOpen: false,
    layerIssues: {},
    outputs: [],
    outputFadeMs: 2000,
    saveNote: null,
    activeSceneId: null,
    sceneThumbnails: {},
    cue: null,
    keyframeClipboard: [],
    calibrating: false,
    calibrationCorner: null,
    shareOpen: false,
    accessLost: null,
  });
}

export type EditorStore = ReturnType<typeof createEditorStore>;
