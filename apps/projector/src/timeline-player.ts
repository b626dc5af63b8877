// The projector plays the editor's show: it follows the transport an editor broadcasts and draws
// the timeline at the time its own clock gives (wall clock; both ends quantise to whole frames),
// so every projector shows the same frame as the editor. Stopped, it draws the document at its current time.
import type { ProjectJson } from '@beamstage/layers';
import { blendStates, createTimelineShow, type TimelineShow } from '@beamstage/stage';
import type { ShownState } from '@beamstage/stage';
import { cueActive, cueProgress, readCueMessage, readTransportMessage, transportTimeAt } from '@beamstage/timeline';
import type { SceneCue, TransportBounds, TransportState } from '@beamstage/timeline';

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
  /** The scene a GO is blending into now, or null (operator's devtools, the e2e journey). */
  cueScene(): string | null;
  /** The scene of the last GO received, or null (operator's devtools, the e2e journey). */
  lastCueScene(): string | null;
  stop(): void;
}

export function createTimelinePlayer(options: TimelinePlayerOptions): TimelinePlayer {
  // Scenes placed on the timeline, transitions and keyframes: libs/stage, shared with the embedded player.
  let show: TimelineShow | null = null;
  /** The latest document state. */
  let current: ProjectJson | null = null;
  let transport: TransportState | null = null;
  let bounds: Partial<TransportBounds> = {};
  let frame: number | null = null;
  let lastTime: number | null = null;
  /** The document before the latest one (a cue's starting point when its scene change came first). */
  let previous: ProjectJson | null = null;
  /** A GO from the editor: blend from what was shown into the scene, on this machine's clock. */
  let cue: (SceneCue & { from: ShownState }) | null = null;
  /** An editor has spoken (transport or cue): from then on it drives the show, not autoplay. */
  let editorSeen = false;
  let lastCueId: string | null = null;
  /** When autoplay (without a loop) started here, and whether it reached the end. */
  let autoStartedAt: number | null = null;
  let autoEnded = false;

  /**
   * The show a projector plays alone (project autoplay, no editor heard from). Looping shows run on
   * the wall clock from its epoch, so every projector of the project plays the same frame; a show
   * without a loop plays once from when this projector opened it.
   */
  const autoTransport = (p: ProjectJson): TransportState | null => {
    if (editorSeen || autoEnded || p.timeline.autoplay !== true) return null;
    autoStartedAt ??= options.wallNow();
    const loop = p.timeline.loop || p.timeline.autoLoop === true;
    return { playing: true, startedAtWallMs: loop ? 0 : autoStartedAt, timeAtStart: p.timeline.playStartTime, speed: p.timeline.playbackSpeed };
  };

  const draw = () => {
    frame = null;
    const p = current;
    if (!p || !show) return;
    const auto = transport ? null : autoTransport(p);
    const playing = transport ?? auto;
    if (!playing) {
      // Stopped: the document at its current time (keyframed layers as the editor shows them stopped).
      lastTime = null;
      const scene = cue && cueActive(cue, options.wallNow()) ? p.scenes.find((s) => s.id === cue!.toSceneId) : undefined;
      if (cue && scene) {
        options.show(show.stopped(blendStates(cue.from, scene, cueProgress(cue, options.wallNow()))));
        frame = options.frames.request(draw);
        return;
      }
      cue = null;
      options.show(show.stopped());
      return;
    }
    // Autoplay plays the document's own region (looping when the show asks for it); an editor's transport brings its own.
    const region = auto ? show.bounds({ loop: p.timeline.loop || p.timeline.autoLoop === true }) : show.bounds(bounds);
    const { time, ended } = transportTimeAt(playing, region, options.wallNow());
    lastTime = time;
    options.show(show.at(time));
    if (playing.playing && !ended) frame = options.frames.request(draw);
    else if (ended) {
      // The end without loop stops the show: the document's state comes back, as in the editor.
      transport = null;
      if (auto) autoEnded = true;
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
      // The same layout shown again (another change, a redraw) keeps the state before it as the previous one.
      if (current && !sameLayout(current.layers, p.layers)) previous = current;
      current = p;
      if (show) show.setProject(p);
      else show = createTimelineShow(p);
      if (frame === null) redraw();
    },
    message(message) {
      const c = readCueMessage(message);
      if (c) {
        editorSeen = true;
        lastCueId = c.toSceneId;
        const p = current;
        const scene = p?.scenes.find((s) => s.id === c.toSceneId);
        if (!p || !scene) return;
        // The scene's document change may have come first: then the state before it is where the cue starts.
        const start = previous && sameLayout(p.layers, scene.layers) ? previous : p;
        cue = { ...c, from: { layers: start.layers, canvas: start.canvas, warpPoints: start.warpPoints } };
        transport = null;
        redraw();
        return;
      }
      const m = readTransportMessage(message);
      if (!m) return;
      editorSeen = true;
      bounds = m.bounds;
      // Stop restores the document; pause holds its frame.
      transport = m.stopped ? null : m.transport;
      lastTime = null;
      redraw();
    },
    time: () => lastTime,
    cueScene: () => (cue && cueActive(cue, options.wallNow()) ? cue.toSceneId : null),
    lastCueScene: () => lastCueId,
    stop() {
      if (frame !== null) options.frames.cancel(frame);
      frame = null;
    },
  };
}

/** Whether two layer lists place the same layers at the same spots (the scene is already applied). */
function sameLayout(a: readonly ProjectJson['layers'][number][], b: readonly ProjectJson['layers'][number][]): boolean {
  const key = (ls: readonly ProjectJson['layers'][number][]) => ls.map((l) => `${l.id}:${l.x}:${l.y}:${l.opacity}:${l.visible}`).join('|');
  return key(a) === key(b);
}
