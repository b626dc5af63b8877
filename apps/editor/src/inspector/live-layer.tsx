// The inspected layer's values that change frame by frame (a stage drag, a scrub, playback), read
// by the fields that show them. The inspector itself re-renders only when something else about the
// layer changes, so a drag re-renders the one or two numbers it moves, not every section
// (design.md section 5: main-thread work per frame while dragging).
import type { Layer } from '@beamstage/layers';
import { createContext, useCallback, useContext, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { fixedSource, useSlice } from '../state/source';
import type { Source } from '../state/source';
import { NumberField } from './NumberField';
import type { NumberFieldProps } from './NumberField';

/**
 * The layer fields a gesture or the playhead changes frame by frame (the stage's drags move x, y
 * and the warp corners; libs/timeline animates position, scale, rotation, opacity, visibility and
 * the warp corners). The inspector reads them only through useLiveLayer / LiveNumberField.
 */
export const LIVE_LAYER_FIELDS: ReadonlySet<string> = new Set(['x', 'y', 'width', 'height', 'rotation', 'scale', 'opacity', 'visible']);

const sameOutside = (a: object, b: object, skip: (key: string) => boolean): boolean => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => skip(k) || (k in b && Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])));
};

/**
 * Two views of a layer that differ at most in their live fields (LIVE_LAYER_FIELDS and the warp
 * corners): the inspector need not re-render, its live fields follow by themselves. Unchanged
 * parts of a snapshot keep their identity, so the rest compares by identity.
 */
export function sameLayerOutsideLive(a: Layer | null, b: Layer | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return sameOutside(a, b, (k) => LIVE_LAYER_FIELDS.has(k) || (k === 'warp' && (a.warp === b.warp || sameOutside(a.warp, b.warp, (w) => w === 'points'))));
}

const LiveLayerContext = createContext<Source<Layer | null> | null>(null);
/** Without a live source (stories, tests) the fields show the layer they are given. */
const NO_LIVE: Source<Layer | null> = fixedSource(null);

/** Gives the fields below the layer as it is drawn now (the document at the playhead, with drags on top). */
export function LiveLayerProvider({ source, children }: { source: Source<Layer | null> | null; children: ReactNode }) {
  return <LiveLayerContext.Provider value={source}>{children}</LiveLayerContext.Provider>;
}

const current = (live: Layer | null, layer: Layer): Layer => (live && live.id === layer.id ? live : layer);

/** One live value of the inspected layer; the component re-renders only when it changes. */
export function useLiveLayer<T>(layer: Layer, read: (layer: Layer) => T, equal?: (a: T, b: T) => boolean): T {
  const source = useContext(LiveLayerContext) ?? NO_LIVE;
  return useSlice(source, (live) => read(current(live, layer)), equal);
}

/** The inspected layer as it is now, read when called (an edit that writes one corner keeps the others where they are now). */
export function useLatestLayer(layer: Layer): () => Layer {
  const source = useContext(LiveLayerContext) ?? NO_LIVE;
  return useCallback(() => current(source.get(), layer), [source, layer]);
}

/**
 * A NumberField showing one live value of the inspected layer. It follows the value without
 * re-rendering (a drag or playback writes the number straight into the field).
 */
export function LiveNumberField({ layer, read, ...field }: Omit<NumberFieldProps, 'value' | 'follow'> & { layer: Layer; read: (layer: Layer) => number }) {
  const source = useContext(LiveLayerContext) ?? NO_LIVE;
  const latestRead = useRef(read);
  latestRead.current = read;
  const follow: Source<number> = useMemo(
    () => ({ get: () => latestRead.current(current(source.get(), layer)), subscribe: (listener) => source.subscribe(listener) }),
    [source, layer],
  );
  return <NumberField {...field} value={follow.get()} follow={follow} />;
}
