import type { DocHandle } from '@automerge/automerge-repo';
import type { ProjectDoc } from '@beamstage/layers';
import type { SyncLogger } from './unhandled-rejection';

/** Quiet time after the last change before the project's JSON row is rewritten. */
export const ROW_FOLLOW_DEBOUNCE_MS = 300;

export interface RowFollowerOptions {
  /**
   * Materialises the project's JSON row from its document. The caller reads the document itself,
   * so it can serialise this with its own writes of the project (REST writes run in the same queue).
   */
  writeRow: (projectId: string, handle: DocHandle<ProjectDoc>) => Promise<void>;
  logger: SyncLogger;
  debounceMs?: number;
  setTimer?: (cb: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Keeps each followed project's JSON row in step with its document, debounced. */
export interface RowFollower {
  follow(projectId: string, handle: DocHandle<ProjectDoc>): void;
  /** Stops following one project (deleted) and drops its pending write. */
  unfollow(projectId: string): void;
  /** Whether a change of the project waits for its debounced row write. */
  isPending(projectId: string): boolean;
  /** Writes one project's pending row now (a REST read that must see live edits). */
  flushOne(projectId: string): Promise<void>;
  /** Writes every pending row now (shutdown, tests). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** Creates the follower: REST reads and the public projector fetch then see current data. */
export function createRowFollower(options: RowFollowerOptions): RowFollower {
  const debounceMs = options.debounceMs ?? ROW_FOLLOW_DEBOUNCE_MS;
  const setTimer = options.setTimer ?? ((cb, ms) => setTimeout(cb, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const followed = new Map<string, { handle: DocHandle<ProjectDoc>; off: () => void }>();
  const pending = new Map<string, unknown>();
  const writing = new Map<string, Promise<void>>();

  const write = (projectId: string): Promise<void> => {
    pending.delete(projectId);
    const entry = followed.get(projectId);
    if (!entry) return Promise.resolve();
    // Chain writes per project so an older snapshot never lands after a newer one.
    const previous = writing.get(projectId) ?? Promise.resolve();
    const next = previous
      .then(() => options.writeRow(projectId, entry.handle))
      .catch((err: unknown) => options.logger.error({ err: err instanceof Error ? err.message : err, projectId }, 'Project row follow failed'));
    writing.set(projectId, next);
    void next.finally(() => {
      if (writing.get(projectId) === next) writing.delete(projectId);
    });
    return next;
  };

  return {
    follow(projectId, handle) {
      if (followed.has(projectId)) return;
      const onChange = () => {
        const timer = pending.get(projectId);
        if (timer !== undefined) clearTimer(timer);
        pending.set(
          projectId,
          setTimer(() => void write(projectId), debounceMs),
        );
      };
      handle.on('change', onChange);
      followed.set(projectId, { handle, off: () => handle.off('change', onChange) });
    },
    unfollow(projectId) {
      const timer = pending.get(projectId);
      if (timer !== undefined) clearTimer(timer);
      pending.delete(projectId);
      followed.get(projectId)?.off();
      followed.delete(projectId);
    },
    isPending: (projectId) => pending.has(projectId),
    async flushOne(projectId) {
      const timer = pending.get(projectId);
      if (timer !== undefined) {
        clearTimer(timer);
        void write(projectId);
      }
      await writing.get(projectId);
    },
    async flush() {
      for (const [projectId, timer] of [...pending]) {
        clearTimer(timer);
        void write(projectId);
      }
      await Promise.all(writing.values());
    },
    async stop() {
      await this.flush();
      for (const { off } of followed.values()) off();
      followed.clear();
    },
  };
}
