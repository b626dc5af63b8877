// The playhead's readouts: the only parts of the timeline that change every frame of playback or
// of a scrub. They follow the playhead outside React render: each render draws the current value,
// and between renders a subscription writes the new one straight into the element, so a frame of
// playback commits nothing in React (the lanes and keyframes do not re-render either).
import { useLayoutEffect, useRef } from 'react';
import type { Source } from '../../state/source';
import type { View } from './geometry';
import { formatTime, timeToX } from './geometry';

export type PlayheadSource = Source<number>;

/**
 * Calls `write` with the source's value whenever it changes, from mount to unmount. A render draws
 * the value of then itself (with its own props), so `write` is always the latest render's.
 */
function useFollow<E extends HTMLElement>(playhead: PlayheadSource, write: (el: E, t: number) => void) {
  const ref = useRef<E>(null);
  const latest = useRef(write);
  latest.current = write;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const show = () => latest.current(el, playhead.get());
    show();
    return playhead.subscribe(show);
  }, [playhead]);
  return ref;
}

/** The time at the playhead in the transport bar. */
export function PlayheadTime({ playhead, fps }: { playhead: PlayheadSource; fps: number }) {
  const ref = useFollow<HTMLOutputElement>(playhead, (el, t) => {
    const text = formatTime(t, fps);
    // The text node React made: React keeps owning it, and a later render writes the value of then.
    const node = el.firstChild;
    if (node && node.nodeValue !== text) node.nodeValue = text;
  });
  return (
    <output ref={ref} className="tl-time" data-testid="timeline-time">
      {formatTime(playhead.get(), fps)}
    </output>
  );
}

/**
 * The playhead line over the lanes: moved by a transform on its own compositor layer, so a frame
 * of playback repaints nothing under it (the lanes may hold thousands of keyframes).
 */
export function PlayheadLine({ playhead, view }: { playhead: PlayheadSource; view: View }) {
  const ref = useFollow<HTMLDivElement>(playhead, (el, t) => {
    const x = String(timeToX(t, view));
    if (el.dataset['x'] === x) return;
    el.dataset['x'] = x;
    el.style.transform = `translateX(${x}px)`;
  });
  const x = timeToX(playhead.get(), view);
  return <div ref={ref} className="tl-playhead" data-testid="timeline-playhead" data-x={x} style={{ transform: `translateX(${x}px)` }} />;
}
