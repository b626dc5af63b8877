import type { TimerHandle } from '@beamstage/timeline';
import type { StageClock } from './clock';

/** Spec section 9: forced completion of a layer load after 15 s for images... */
export const IMAGE_LOAD_TIMEOUT_MS = 15_000;
/** ...and 8 s for every other type. */
export const OTHER_LOAD_TIMEOUT_MS = 8_000;
/** Spec section 4: finished entries are removed 5 s after they finish. */
export const FINISHED_ENTRY_TTL_MS = 5_000;

export type LoadStatus = 'loading' | 'loaded' | 'error';

/** Something the editor shows on a layer (badge and toast); the projector logs it. */
export interface LayerIssue {
  layerId: string;
  kind: 'error' | 'timeout' | 'hung' | 'refused' | 'quarantined';
  /** The spec's text where it has one ("Layer {id} failed to load", "Layer {id} loading timeout"). */
  message: string;
  /** Why, in words a user understands (e.g. the browser cannot decode this video). */
  detail?: string;
}

export interface LoadEntry {
  layerId: string;
  status: LoadStatus;
  /** True when the time-out completed the load rather than the source. */
  forced: boolean;
  startedAt: number;
  finishedAt: number | null;
}

/** The spec's texts for a layer's load failure and time-out. */
export const layerFailedMessage = (id: string): string => `Layer ${id} failed to load`;
export const layerTimeoutMessage = (id: string): string => `Layer ${id} loading timeout`;

/**
 * Layer load status (spec section 4): loading, then loaded or error, retry back to loading; a
 * forced completion after the type's time-out so one slow source never holds the stage; finished
 * entries are dropped 5 s later. Issues go to onIssue.
 */
export class LoadTracker {
  private readonly entries = new Map<string, LoadEntry & { timer: TimerHandle | null; ttl: TimerHandle | null }>();

  constructor(
    private readonly clock: StageClock,
    private readonly onIssue: (issue: LayerIssue) => void,
    private readonly onChange: (entry: LoadEntry) => void = () => undefined,
  ) {}

  /** Starts (or restarts, as a retry) the load of a layer of the given type. */
  start(layerId: string, type: string): void {
    this.drop(layerId);
    const timeoutMs = type === 'image' ? IMAGE_LOAD_TIMEOUT_MS : OTHER_LOAD_TIMEOUT_MS;
    const entry = {
      layerId,
      status: 'loading' as LoadStatus,
      forced: false,
      startedAt: this.clock.now(),
      finishedAt: null,
      timer: null as TimerHandle | null,
      ttl: null as TimerHandle | null,
    };
    entry.timer = this.clock.setTimeout(() => {
      entry.timer = null;
      if (entry.status !== 'loading') return;
      this.onIssue({
        layerId,
        kind: 'timeout',
        message: layerTimeoutMessage(layerId),
        detail: `Nothing arrived within ${timeoutMs / 1000} s; the layer is shown as it is.`,
      });
      this.finish(entry, 'loaded', true);
    }, timeoutMs);
    this.entries.set(layerId, entry);
    this.onChange(this.snapshot(entry));
  }

  /** The source is ready. */
  loaded(layerId: string): void {
    const entry = this.entries.get(layerId);
    if (entry && entry.status === 'loading') this.finish(entry, 'loaded', false);
  }

  /** The source failed; detail says why. */
  failed(layerId: string, detail?: string): void {
    const entry = this.entries.get(layerId);
    if (!entry || entry.status !== 'loading') return;
    this.onIssue({ layerId, kind: 'error', message: layerFailedMessage(layerId), ...(detail ? { detail } : {}) });
    this.finish(entry, 'error', false);
  }

  status(layerId: string): LoadEntry | undefined {
    const e = this.entries.get(layerId);
    return e ? this.snapshot(e) : undefined;
  }

  /** Forgets a layer (removed from the project). */
  drop(layerId: string): void {
    const e = this.entries.get(layerId);
    if (!e) return;
    if (e.timer !== null) this.clock.clearTimeout(e.timer);
    if (e.ttl !== null) this.clock.clearTimeout(e.ttl);
    this.entries.delete(layerId);
  }

  dispose(): void {
    for (const id of [...this.entries.keys()]) this.drop(id);
  }

  private finish(entry: LoadEntry & { timer: TimerHandle | null; ttl: TimerHandle | null }, status: LoadStatus, forced: boolean): void {
    if (entry.timer !== null) this.clock.clearTimeout(entry.timer);
    entry.timer = null;
    entry.status = status;
    entry.forced = forced;
    entry.finishedAt = this.clock.now();
    this.onChange(this.snapshot(entry));
    entry.ttl = this.clock.setTimeout(() => {
      if (this.entries.get(entry.layerId) === entry) this.entries.delete(entry.layerId);
    }, FINISHED_ENTRY_TTL_MS);
  }

  private snapshot(e: LoadEntry): LoadEntry {
    return { layerId: e.layerId, status: e.status, forced: e.forced, startedAt: e.startedAt, finishedAt: e.finishedAt };
  }
}
