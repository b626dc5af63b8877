// The projector plays the editor's show: it follows the transport an editor broadcasts and draws
// the timeline at the time its own clock gives (wall clock; both ends quantise to whole frames),
// so every projector shows the same frame as the editor. Stopped, it draws the document at its current time.
import type { ProjectJson } from '@beamstage/layers';
import { createTimelineShow, type TimelineShow } from '@beamstage/stage';
import { readTransportMessage, transportTimeAt } from '@beamstage/timeline';
import type { TransportBounds, TransportState } from '@beamstage/timeline';

export interface TimelinePlayerOptions {
  show(project: ProjectJson): void;
  /** Wall-clock ms (Date.now, plus the clock offset to the editor when known). */
  wallNow(): number;
  frames: { request(cb: () => void): number; cancel(id: number): void };
}

export interface TimelinePlayer {
  /** A new document state (the follower's show). */
  project(project: ProjectJson): void;
  /** An ephemeral message from the room; transport messages start, move or stop the show. */
  message(message: unknown): void;
  /** The timeline time drawn last (for the operator's devtools and the e2e journey). */
  time(): number | null;
  stop(): void;
}

export function createTimelinePlayer(options: TimelinePlayerOptions): TimelinePlayer {
  // Scenes placed on the timeline, transitions and keyframes: libs/stage, shared with the embedded player.
  let show: TimelineShow | null = null;
  let transport: TransportState | null = null;
  let bounds: Partial<TransportBounds> = {};
  let frame: number | null = null;
  let lastTime: number | null = null;

  const draw = () => {
    frame = null;
    if (!show) return;
    if (!transport) {
      // Stopped: the document at its current time (keyframed layers as the editor shows them stopped).
      lastTime = null;
      options.show(show.stopped());
      return;
    }
    const { time, ended } = transportTimeAt(transport, show.bounds(bounds), options.wallNow());
    lastTime = time;
    options.show(show.at(time));
    if (transport.playing && !ended) frame = options.frames.request(draw);
    else if (ended) {
      // The end without loop stops the show: the document's state comes back, as in the editor.
      transport = null;
      lastTime = null;
      options.show(show.stopped());
    }
  };
  const redraw = () => {
    if (frame !== null) options.frames.cancel(frame);
    draw();
  };
  return {
    project(p) {
      if (show) show.setProject(p);
      else show = createTimelineShow(p);
      if (frame === null) redraw();
    },
    message(message) {
      const m = readTransportMessage(message);
      if (!m) return;
      bounds = m.bounds;
      // Stop restores the document; pause holds its frame.
      transport = m.stopped ? null : m.transport;
      lastTime = null;
      redraw();
    },
    time: () => lastTime,
    stop() {
      if (frame !== null) options.frames.cancel(frame);
      frame = null;
    },
  };
}
