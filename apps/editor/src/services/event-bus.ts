import type { ModuleLogger } from './logger';

/** Spec section 9: warn at this many listeners on one event. */
export const EVENT_LISTENER_WARN = 50;
/** Spec section 9: the bus keeps this many past events. */
export const EVENT_HISTORY_MAX = 100;
/** Spec section 9: the listener manager calls more than this many listeners high. */
export const LISTENERS_HIGH = 100;
/** Spec section 9: a listener older than this is old. */
export const LISTENER_OLD_MS = 5 * 60_000;

export interface BusEvent {
  readonly name: string;
  readonly atMs: number;
}

export interface ListenerAudit {
  readonly total: number;
  readonly high: boolean;
  /** Listeners registered more than LISTENER_OLD_MS ago, by event. */
  readonly old: readonly { readonly event: string; readonly ageMs: number }[];
}

export interface EventBus {
  on(event: string, listener: (payload: unknown) => void): () => void;
  emit(event: string, payload?: unknown): void;
  history(): readonly BusEvent[];
  listenerCount(event?: string): number;
  /** The listener manager's view (spec section 9); warnings go to the log. */
  audit(): ListenerAudit;
}

/**
 * The editor's event bus for spec events that are not project edits (the timeline drawer toggle,
 * mask saved, theme changed). Its limits only warn: a leak shows in the log, it never breaks a show.
 */
export function createEventBus(log: ModuleLogger, now: () => number): EventBus {
  const listeners = new Map<string, Map<(payload: unknown) => void, number>>();
  const past: BusEvent[] = [];
  const count = () => [...listeners.values()].reduce((n, m) => n + m.size, 0);
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Map<(payload: unknown) => void, number>();
      set.set(listener, now());
      listeners.set(event, set);
      if (set.size >= EVENT_LISTENER_WARN) log.warn(`Event "${event}" has ${set.size} listeners (possible leak)`);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(event);
      };
    },
    emit(event, payload) {
      past.push({ name: event, atMs: now() });
      if (past.length > EVENT_HISTORY_MAX) past.shift();
      for (const listener of [...(listeners.get(event)?.keys() ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          log.error(`A listener of "${event}" failed`, error);
        }
      }
    },
    history: () => [...past],
    listenerCount: (event) => (event === undefined ? count() : (listeners.get(event)?.size ?? 0)),
    audit() {
      const t = now();
      const old: { event: string; ageMs: number }[] = [];
      for (const [event, set] of listeners) for (const added of set.values()) if (t - added > LISTENER_OLD_MS) old.push({ event, ageMs: t - added });
      const total = count();
      const high = total > LISTENERS_HIGH;
      if (high) log.warn(`${total} event listeners are registered (more than ${LISTENERS_HIGH})`);
      if (old.length > 0) log.warn(`${old.length} event listeners are older than 5 minutes`);
      return { total, high, old };
    },
  };
}

/** Spec event names the editor uses. */
export const EVENTS = {
  toggleTimeline: 'timeline-drawer:toggle',
} as const;
