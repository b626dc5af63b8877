import type { Point, ProjectJson } from '@beamstage/layers';
import type { DragValues } from '@beamstage/sync';
import type { ProjectEdit } from '../../live/project-edits';
import type { Size, Viewport } from './viewport';

/** Modifier keys held during a pointer event. */
export interface Modifiers {
  shift: boolean;
  alt: boolean;
  /** Ctrl, or Cmd on a Mac. */
  mod: boolean;
}

export const NO_MODIFIERS: Modifiers = { shift: false, alt: false, mod: false };

/**
 * What the stage tools act on: the editor's stores and live session in the app, a plain in-memory
 * project in tests (./testing.ts). Tools never mutate the project; they call these.
 */
export interface StageHost {
  /** The project as the stage shows it (the document with live drags on top). */
  project(): ProjectJson;
  selectedId(): string | null;
  select(id: string | null): void;
  /** Whether this person may change the project (not a viewer). */
  canEdit(): boolean;
  /** The stage area's size in screen pixels (what "fit" fits into). */
  box(): Size;
  /** The viewport as shown now (the fitted one when none is set). */
  viewport(): Viewport;
  /**
   * The canvas setting "warp handle size" (6..90 px, default 36; session state): corner handles are
   * drawn at a third of it and grabbed within a quarter of it, in screen pixels.
   */
  handleSizePx?(): number;
  /** Sets the zoom and pan (session state); null fits the canvas in the box. */
  setViewport(viewport: Viewport | null): void;
  /** A live drag frame: shown at once and sent on the ephemeral channel, nothing written. */
  dragMove(target: string, values: DragValues): void;
  /** The release of a live drag: commits one edit and sends the final frame. */
  dragEnd(target: string, values: DragValues, edit: ProjectEdit): void;
  /** One edit through the live session (synced, undoable). */
  edit(edit: ProjectEdit): void;
  /**
   * A local-only preview of a layer's mesh points during a drag (the drag channel carries corners
   * and position only); null ends it.
   */
  previewMesh(layerId: string, points: Point[] | null): void;
  /** Output calibration: while true, presses edit the project's output warp, not layers. */
  calibrating?(): boolean;
  /** Picks the output warp corner the arrow keys nudge (null: all four). */
  selectOutputCorner?(index: number | null): void;
}

/** One drag in progress, started by a tool: it follows the pointer and finishes on release. */
export interface DragSession {
  /** Which tool is dragging, for the overlay and tests. */
  readonly tool: 'move' | 'corner' | 'mesh' | 'rotate' | 'scale' | 'pan' | 'output';
  /** The pointer moved to a stage point (screen is the same point in screen pixels). */
  move(stage: Point, screen: Point, modifiers: Modifiers): void;
  /** The pointer was released: commit. */
  end(): void;
}
