import type { ProjectJson } from '@beamstage/layers';

export interface ThumbnailKeeperOptions {
  /** Draws the project's canvas as a small image (undefined when it cannot be drawn, or took too long). */
  render(project: ProjectJson): Promise<string | undefined>;
  save(dataUrl: string): Promise<void>;
  /** Quiet time after the last change before a picture is drawn: a drag is one picture, not sixty. */
  delayMs: number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export interface ThumbnailKeeper {
  /** The document changed (or opened). */
  changed(project: ProjectJson | null): void;
  /** Draws now what is pending (leaving the editor), once more if that drawing fails; resolves when it is kept or given up. */
  flush(): Promise<void>;
  dispose(): void;
}

/**
 * Keeps the dashboard card's picture of the open project: drawn once the document has been quiet for
 * a moment, one drawing at a time, never for a document it already drew. A drawing that fails leaves
 * its document pending, so the next flush (leaving the editor) draws it again instead of leaving the
 * card without a picture; it is not retried on a timer, which would spin on a stage that keeps failing.
 */
export function createThumbnailKeeper(options: ThumbnailKeeperOptions): ThumbnailKeeper {
  let pending: ProjectJson | null = null;
  let drawn: ProjectJson | null = null;
  let timer: unknown = null;
  let running: Promise<void> = Promise.resolve();

  const draw = (): Promise<void> => {
    if (timer !== null) options.clearTimer(timer);
    timer = null;
    const project = pending;
    pending = null;
    if (!project || project === drawn) return running;
    drawn = project;
    running = running.then(async () => {
      const url = await options.render(project).catch(() => undefined);
      if (url) return options.save(url).catch(() => undefined);
      // Failed: drawn again by the next flush, unless a newer document was drawn or is pending by then.
      if (drawn !== project) return;
      drawn = null;
      pending ??= project;
    });
    return running;
  };

  return {
    changed(project) {
      if (!project || project === drawn) return;
      pending = project;
      if (timer !== null) options.clearTimer(timer);
      timer = options.setTimer(() => void draw(), options.delayMs);
    },
    async flush() {
      await draw();
      // A drawing under way at the flush, or the flush's own, failed: one more try.
      if (pending) await draw();
    },
    dispose() {
      if (timer !== null) options.clearTimer(timer);
      timer = null;
      pending = null;
    },
  };
}
