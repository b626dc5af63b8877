import type { LoadEntry } from '@beamstage/stage';

/**
 * Whether the project's media are still loading after the editor opened it (spec section 2: the
 * 'Loading layers...' overlay with 'Preparing media content'). Only the first load counts: a layer
 * added later shows its own progress, it never brings the overlay back. A load always settles,
 * since libs/stage forces completion after 15 s (images) or 8 s (other types).
 */
export interface MediaLoadGate {
  /** A layer's load status changed; returns whether the overlay shows now. */
  update(entry: Pick<LoadEntry, 'layerId' | 'status'>): boolean;
  /** The first frame was drawn: with nothing loading, the first load is over. */
  drawn(): boolean;
  readonly loading: boolean;
}

export function createMediaLoadGate(): MediaLoadGate {
  const pending = new Set<string>();
  let done = false;
  const settle = () => {
    if (!done && pending.size === 0) done = true;
    return !done;
  };
  return {
    update(entry) {
      if (done) return false;
      if (entry.status === 'loading') pending.add(entry.layerId);
      else pending.delete(entry.layerId);
      return entry.status === 'loading' ? true : settle();
    },
    drawn: () => settle(),
    get loading() {
      return !done;
    },
  };
}
