// A value that changes outside React (the drawn project, the playhead), read by whoever needs it
// when they need it: the stage draws from it directly and components subscribe to slices of it, so
// a frame of playback re-renders only what shows that frame (design.md section 8).
import { useRef, useSyncExternalStore } from 'react';
import { snapshot, subscribe } from 'valtio';
import type { EditorState, EditorStore } from './editor-store';

export interface Source<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

/** A source that never changes (stories, tests). */
export function fixedSource<T>(value: T): Source<T> {
  return { get: () => value, subscribe: () => () => undefined };
}

/** A source of one store field, told only when that field changes. */
export function storeField<K extends keyof EditorState>(store: EditorStore, key: K): Source<EditorState[K]> {
  return {
    get: () => store[key],
    subscribe(listener) {
      let last = store[key];
      return subscribe(store, () => {
        if (store[key] === last) return;
        last = store[key];
        listener();
      });
    },
  };
}

/**
 * A source of one store field as an immutable snapshot (plain frozen objects, not the tracking
 * proxies of useSnapshot: a panel that walks 2,000 keyframes reads them at full speed).
 */
export function snapshotField<K extends keyof EditorState>(store: EditorStore, key: K): Source<EditorState[K]> {
  const field = storeField(store, key);
  return { get: () => (snapshot(store) as unknown as EditorState)[key], subscribe: field.subscribe };
}

const NONE = Symbol('none');

/**
 * A source computed from another, recomputed only when its input changes (or on `refresh`, when
 * something the function reads besides its input changed).
 */
export function mapSource<A, B>(source: Source<A>, fn: (a: A) => B): Source<B> & { refresh(): void } {
  let input: A | typeof NONE = NONE;
  let output: B;
  const listeners = new Set<() => void>();
  const get = () => {
    const a = source.get();
    if (a !== input) {
      output = fn(a);
      input = a;
    }
    return output;
  };
  return {
    get,
    subscribe(listener) {
      listeners.add(listener);
      const off = source.subscribe(listener);
      return () => {
        listeners.delete(listener);
        off();
      };
    },
    refresh() {
      input = NONE;
      for (const l of [...listeners]) l();
    },
  };
}

/** Two objects with the same own fields, each the same value (a blend makes a new canvas object every frame). */
export const sameFields = <T extends object>(a: T, b: T): boolean => {
  if (a === b) return true;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
};

/** Two lists of points at the same places. */
export const samePoints = (a: readonly { x: number; y: number }[], b: readonly { x: number; y: number }[]): boolean =>
  a === b || (a.length === b.length && a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y));

/** Two arrays with the same items in the same order. */
export const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The slice of a source a component shows: it re-renders only when `equal` says the slice changed.
 * `select` may close over props; a new slice from new props shows at once.
 */
export function useSlice<T, S>(source: Source<T>, select: (value: T) => S, equal: (a: S, b: S) => boolean = Object.is): S {
  const last = useRef<{ slice: S } | null>(null);
  const read = () => {
    const slice = select(source.get());
    if (last.current && equal(last.current.slice, slice)) return last.current.slice;
    last.current = { slice };
    return slice;
  };
  return useSyncExternalStore(source.subscribe, read, read);
}
