// The projector plays the editor's show: it follows the transport an editor broadcasts and draws
// the timeline at the time its own clock gives (wall clock; both ends quantise to whole frames),
// so every projector shows the same frame as the editor. Stopped, it draws the document at its current time.
import type { ProjectJson } from '@beamstage/layers';
import { projectAtTime } from '@beamstage/stage';
import { contentDuration, readTransportMessage, SceneSchedule, TimelineEvaluator, timelineDataFromBlock, transportTimeAt } from '@beamstage/timeline';
import type { Keyframe, TimelineBlock, Transition, TransportBounds, TransportState } from '@beamstage/timeline';

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
  const evaluator = new TimelineEvaluator();
  const schedule = new SceneSchedule();
  let current: ProjectJson | null = null;
  let transport: TransportState | null = null;
  let bounds: Partial<TransportBounds> = {};
  let frame: number | null = null;
  let lastTime: number | null = null;

  const boundsOf = (p: ProjectJson): TransportBounds => {
    const data = timelineDataFromBlock(p.timeline as unknown as Partial<TimelineBlock>);
    const end = Math.min(bounds.playEnd ?? p.timeline.playEndTime, contentDuration(data));
    return { playStartTime: bounds.playStartTime ?? p.timeline.playStartTime, playEnd: end, loop: bounds.loop ?? p.timeline.loop, fps: bounds.fps ?? p.timeline.fps };
  };
  const draw = () => {
    frame = null;
    const p = current;
    if (!p) return;
    if (!transport) {
      // Stopped: the document at its current time (keyframed layers as the editor shows them stopped).
      lastTime = null;
      options.show(projectAtTime(p, evaluator.evaluate(p.timeline.currentTime)));
      return;
    }
    const { time, ended } = transportTimeAt(transport, boundsOf(p), options.wallNow());
    lastTime = time;
    const entry = schedule.entryAt(time);
    const scene = entry ? p.scenes.find((s) => s.id === entry.sceneId) : undefined;
    options.show(projectAtTime(p, evaluator.evaluate(time), scene ?? null));
    if (transport.playing && !ended) frame = options.frames.request(draw);
    else if (ended) {
      // The end without loop stops the show: the document's state comes back, as in the editor.
      transport = null;
      lastTime = null;
      options.show(projectAtTime(p, evaluator.evaluate(p.timeline.currentTime)));
    }
  };
  const redraw = () => {
    if (frame !== null) options.frames.cancel(frame);
    draw();
  };
  return {
    project(p) {
      current = p;
      evaluator.setKeyframes(p.timeline.keyframes as unknown as Keyframe[]);
      evaluator.setTransitions(p.timeline.sceneTransitions as unknown as Transition[]);
      schedule.set(p.timeline.timelineScenes);
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
