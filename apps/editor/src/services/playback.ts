// Editor playback (spec section 4, Scenes and playback) on libs/timeline's engine and an injected
// clock. While playing, the stage draws the evaluated values over the stash; the document is never
// written, so Stop restores by dropping the evaluated view and nothing has to be saved or undone.
import type { ProjectJson } from '@beamstage/layers';
import { PlaybackEngine, timelineDataFromBlock } from '@beamstage/timeline';
import type { Clock, TimelineBlock, TransportState } from '@beamstage/timeline';
import type { EditorStore } from '../state/editor-store';

/** While playing, the transport goes out again this often (late projectors join in time). */
export const TRANSPORT_REPEAT_MS = 1000;

/** An animation-frame scheduler (requestAnimationFrame in the app, a manual one in tests). */
export interface FrameLoop {
  request(callback: () => void): number;
  cancel(id: number): void;
}

export interface PlaybackOptions {
  clock: Clock;
  frames: FrameLoop;
  /** Each transport change (play, pause, stop, a seek while playing), for the projectors. */
  onTransport?: (transport: TransportState) => void;
}

export interface Playback {
  play(): void;
  pause(): void;
  stop(): void;
  /** Play when stopped or paused, pause when playing. */
  toggle(): void;
  /** Moves the playhead (scrubbing); clamped into [0, duration]. */
  seek(timeMs: number): void;
  /** The transport as projectors need it. */
  transport(): TransportState;
  /** A scene was switched by hand: playback stops and timeline-driven scene loading pauses 2 s (spec section 4). */
  manualSceneChange(): void;
  dispose(): void;
}

/** Playback of one editor's project: the engine runs on `clock`, the store shows its state. */
export function createPlayback(store: EditorStore, options: PlaybackOptions): Playback {
  const { clock, frames } = options;
  let frame: number | null = null;
  let announcedAt = -Infinity;
  const engine = new PlaybackEngine({
    clock,
    hooks: {
      // The stash: the project as it was at Play; the stage shows it (evaluated) while playing.
      stashState: () => void (store.stash = store.project),
      restoreState: () => {
        store.stash = null;
        store.playingSceneId = null;
      },
      switchToPrimaryScene: () => void (store.playingSceneId = null),
      requestSceneLoad: (sceneId) => void (store.playingSceneId = sceneId),
      onTimeChange: (t) => void (store.playhead = t),
    },
  });

  const load = (project: ProjectJson) => {
    // The file's easing is any string; the engine narrows unknown curves to smooth where it evaluates.
    const data = timelineDataFromBlock(project.timeline as unknown as Partial<TimelineBlock>);
    data.settings.currentTime = store.playhead;
    engine.loadData(data);
  };
  const transport = (): TransportState => ({
    playing: engine.getState() === 'playing',
    startedAtWallMs: clock.wallNow(),
    timeAtStart: engine.getTime(),
    speed: engine.getData().settings.playbackSpeed,
  });
  const announce = () => {
    announcedAt = clock.now();
    options.onTransport?.(transport());
  };
  const loop = () => {
    frame = null;
    engine.tick();
    store.playhead = engine.getTime();
    if (engine.getState() === 'playing') {
      // Repeated while playing, so a projector that opens (or reconnects) mid-show joins in time.
      if (clock.now() - announcedAt >= TRANSPORT_REPEAT_MS) announce();
      frame = frames.request(loop);
    } else settle();
  };
  const settle = () => {
    const state = engine.getState();
    if (store.playback !== state) {
      store.playback = state;
      announce();
    }
  };

  const playback: Playback = {
    play() {
      const project = store.project;
      if (!project || engine.getState() === 'playing') return;
      if (engine.getState() === 'stopped') load(project);
      engine.play();
      store.playhead = engine.getTime();
      store.playback = 'playing';
      announce();
      if (frame === null) frame = frames.request(loop);
    },
    pause() {
      engine.pause();
      if (frame !== null) frames.cancel(frame);
      frame = null;
      settle();
    },
    stop() {
      if (frame !== null) frames.cancel(frame);
      frame = null;
      engine.stop();
      store.playhead = engine.getTime();
      store.stash = null;
      store.playingSceneId = null;
      store.playback = 'stopped';
      announce();
    },
    toggle() {
      if (engine.getState() === 'playing') playback.pause();
      else playback.play();
    },
    seek(timeMs) {
      const project = store.project;
      if (!project) return;
      if (engine.getState() === 'stopped') {
        // Scrubbing while stopped: the playhead moves inside the timeline; nothing plays.
        store.playhead = Math.min(Math.max(0, timeMs), project.timeline.duration);
        return;
      }
      engine.seek(timeMs);
      store.playhead = engine.getTime();
      announce();
    },
    transport,
    manualSceneChange() {
      playback.stop();
      engine.manualSceneChange();
    },
    dispose() {
      if (frame !== null) frames.cancel(frame);
      frame = null;
      engine.dispose();
    },
  };
  return playback;
}

const playbacks = new WeakMap<EditorStore, Playback>();

/** The one playback of an editor store, on the browser clock and animation frames. */
export function playbackOf(store: EditorStore, create: () => Playback): Playback {
  let p = playbacks.get(store);
  if (!p) {
    p = create();
    playbacks.set(store, p);
  }
  return p;
}
