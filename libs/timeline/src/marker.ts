import { DEFAULT_MARKER_COLOR } from './constants';

/** A named point on the timeline. */
export interface Marker {
  id: string;
  name: string;
  /** Milliseconds from the start of the timeline. */
  time: number;
  /** CSS colour; #ff4444 by default. */
  color: string;
  /** Wall-clock ms from createMarker; old files hold ISO strings, kept as given. */
  metadata: { created: number | string };
}

/** Builds a marker; colour defaults to #ff4444, created is wall-clock ms. */
export function createMarker(input: { id: string; name: string; time: number; color?: string; created: number }): Marker {
  return {
    id: input.id,
    name: input.name,
    time: Math.max(0, input.time),
    color: input.color ?? DEFAULT_MARKER_COLOR,
    metadata: { created: input.created },
  };
}
