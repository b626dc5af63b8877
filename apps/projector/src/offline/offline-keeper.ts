import type { ProjectJson } from '@beamstage/layers';
import type { OfflineState } from '@beamstage/sync/browser';
import { offlinePlan, type OfflinePlan } from './offline-plan';

/** Timers, injected so the keeper is tested without waiting. */
export interface KeeperTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface OfflineKeeperOptions {
  /** The page's address: media URLs resolve against it. */
  base: string;
  /** Quiet time after the last change before the cache is filled again (a drag is one fill). */
  delayMs: number;
  /** Fills the cache with one version of the project; resolves with the URLs it could not keep. */
  fill: (plan: OfflinePlan, project: ProjectJson) => Promise<string[]>;
  /** 'caching' while what the wall shows is not kept yet, then 'ready' or 'off', with the layers that need the network. */
  report: (state: OfflineState, notCached: string[]) => void;
  timers: KeeperTimers;
}

export interface OfflineKeeper {
  /** The project the wall shows now (the published copy first, then each live change). */
  keep(project: ProjectJson): void;
  dispose(): void;
}

/**
 * Keeps the project the wall *shows* for an offline restart, not only the copy it loaded: a
 * projector that followed live edits (a layer added after it opened) must come back offline with
 * those edits and their media. Fills run one at a time, each for the latest project, so an older
 * fill can never finish after (and replace) a newer one.
 */
export function createOfflineKeeper(options: OfflineKeeperOptions): OfflineKeeper {
  let latest: ProjectJson | null = null;
  let keptVersion: string | null = null;
  let state: OfflineState = 'off';
  let notCached: string[] = [];
  let timer: unknown = null;
  let running = false;
  let again = false;
  let disposed = false;

  const report = (next: OfflineState, skipped: string[]): void => {
    state = next;
    notCached = skipped;
    options.report(next, skipped);
  };

  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    const project = latest;
    if (!project || disposed) return;
    running = true;
    try {
      const plan = offlinePlan(project, options.base);
      if (plan.version === keptVersion) {
        report('ready', plan.notCached);
        return;
      }
      if (state !== 'caching') report('caching', plan.notCached);
      let failed: string[];
      try {
        failed = await options.fill(plan, project);
      } catch (error) {
        console.warn('Offline shows are off:', error);
        failed = ['(the offline cache)'];
      }
      if (failed.length) console.warn('Not kept for offline shows:', failed);
      else keptVersion = plan.version;
      if (!disposed) report(failed.length ? 'off' : 'ready', plan.notCached);
    } finally {
      running = false;
      if (again && !disposed) {
        again = false;
        void run();
      }
    }
  };

  return {
    keep(project) {
      if (disposed) return;
      latest = project;
      // Until the fill for this state is done, an offline restart would show an older wall.
      if (state === 'ready') report('caching', notCached);
      if (timer !== null) options.timers.clear(timer);
      timer = options.timers.set(() => {
        timer = null;
        void run();
      }, options.delayMs);
    },
    dispose() {
      disposed = true;
      if (timer !== null) options.timers.clear(timer);
    },
  };
}
