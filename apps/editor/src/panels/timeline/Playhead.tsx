// The playhead's readouts: the only parts of the timeline that change every frame of playback, so
// the only ones that follow the playhead itself (the lanes and keyframes do not re-render).
import type { Source } from '../../state/source';
import { useSlice } from '../../state/source';
import type { View } from './geometry';
import { formatTime, timeToX } from './geometry';

export type PlayheadSource = Source<number>;

/** The time at the playhead in the transport bar. */
export function PlayheadTime({ playhead, fps }: { playhead: PlayheadSource; fps: number }) {
  const text = useSlice(playhead, (t) => formatTime(t, fps));
  return (
    <output className="tl-time" data-testid="timeline-time">
      {text}
    </output>
  );
}

/**
 * The playhead line over the lanes: moved by a transform on its own compositor layer, so a frame
 * of playback repaints nothing under it (the lanes may hold thousands of keyframes).
 */
export function PlayheadLine({ playhead, view }: { playhead: PlayheadSource; view: View }) {
  const x = useSlice(playhead, (t) => timeToX(t, view));
  return <div className="tl-playhead" data-testid="timeline-playhead" data-x={x} style={{ transform: `translateX(${x}px)` }} />;
}
