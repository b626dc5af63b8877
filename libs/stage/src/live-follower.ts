import type { ProjectJson } from '@beamstage/layers';
import type { DragValues } from '@beamstage/sync';
import { applyDragOverrides, documentDragValues } from './drag-overrides';
import { createFrameCoalescer } from './frame-coalescer';
import type { FrameScheduler } from './frame-scheduler';

/** The live drag overrides as a follower reads them (createDragReceiver fits). */
export interface OverrideSource {
  targets(): string[];
  get(target: string): DragValues | undefined;
  /** Told the document's values of a target after each document change; drops a committed override. */
  reconcile(target: string, documentValues: DragValues): void;
}

export interface LiveFollowerOptions {
  /**
   * What is shown already (the public snapshot): the base until the document is read. Null: nothing
   * is drawn before the document is read (a drag heard first has nothing to be drawn on).
   */
  initial: ProjectJson | null;
  /**
   * Reads the live document as exchange JSON (an export: called at most once per document change).
   * Null when it cannot be read now: the last good state stays and the next change reads again.
   */
  readDocument: () => ProjectJson | null;
  overrides: OverrideSource;
  /**
   * Draws: the project with the live drags applied, and its parts for a caller that layers other
   * state between the two (the editor evaluates the timeline on the document, then applies drags).
   */
  show: (project: ProjectJson, parts: LiveParts) => void;
  frames: FrameScheduler;
  /** Milliseconds (performance.now in the browser): how fresh the local editor's project is. */
  now?: () => number;
}

/**
 * After a project from an editor on this machine (the local link), the server's copy of the
 * document is not read for this long: it lags the local one, and reading it would step the wall
 * back for a moment. An editor that goes quiet (closed, or only the server edits) hands back.
 */
export const LOCAL_PREFERRED_MS = 3000;

/** What one draw is made of: the document as last read and the drags live on top of it. */
export interface LiveParts {
  document: ProjectJson;
  drags: [string, DragValues][];
}

/** Draws the live document plus drag overrides, one draw per animation frame at most. */
export interface LiveFollower {
  /** The document changed (local load, a sync from the server, or another tab). */
  documentChanged(): void;
  /** A drag override arrived, changed or went. */
  overridesChanged(): void;
  /** The project of an editor on this machine (local link): drawn as the base, ahead of the server's copy. */
  localDocument(project: ProjectJson): void;
  /** Draws now instead of at the next frame (an own edit must show before the next keystroke). */
  flush(): void;
  /** Draws made so far (the e2e waits on this). */
  draws(): number;
  stop(): void;
}

/**
 * Follows the live document: a document change re-exports it once at the next frame; drag frames in
 * between only re-apply the overrides on the cached export, so a corner follows the editor at display
 * rate even though automerge-repo syncs the document at 10 Hz. Nothing is drawn when nothing
 * changed, and the last drawn state stays when the network goes away.
 */
export function createLiveFollower(options: LiveFollowerOptions): LiveFollower {
  let base: ProjectJson | null = options.initial;
  let documentDirty = false;
  let stopped = false;
  let drawn = 0;
  let localAt = -Infinity;
  const now = options.now ?? (() => 0);
  const localFresh = () => options.now !== undefined && now() - localAt < LOCAL_PREFERRED_MS;
  const reconcileWith = (project: ProjectJson) => {
    for (const target of options.overrides.targets()) {
      const values = documentDragValues(project, target);
      if (values) options.overrides.reconcile(target, values);
    }
  };
  const draw = () => {
    if (stopped) return;
    const read = documentDirty && !localFresh() ? options.readDocument() : null;
    if (read) {
      documentDirty = false;
      base = read;
    }
    if (!base) return;
    // Against the latest export, on every draw: a final drag frame that the document already shows
    // (its commit arrived first) stops overriding it, even when no document change follows.
    reconcileWith(base);
    const live: [string, DragValues][] = [];
    for (const target of options.overrides.targets()) {
      const values = options.overrides.get(target);
      if (values) live.push([target, values]);
    }
    drawn++;
    options.show(applyDragOverrides(base, live), { document: base, drags: live });
  };
  const frames = createFrameCoalescer<true>(options.frames, draw);
  return {
    documentChanged() {
      documentDirty = true;
      frames.push(true);
    },
    overridesChanged: () => frames.push(true),
    localDocument(project) {
      base = project;
      localAt = now();
      // The local project is newer than the document: a final drag frame it shows is done.
      reconcileWith(project);
      frames.push(true);
    },
    flush() {
      frames.cancel();
      draw();
    },
    draws: () => drawn,
    stop() {
      stopped = true;
      frames.cancel();
    },
  };
}
