import type { ProjectJson } from '@beamstage/layers';
import { createLazyStageView, createTimelineShow } from '@beamstage/stage';
import type { Rgba, StageView } from '@beamstage/stage';
import { loadPublicProject, PlayerLoadError } from './load-public';
import { mutedProject } from './muting';
import { createPlayback } from './playback';
import { withStudioUrls } from './studio-urls';

/**
 * How often a still (not realtime) show asks the public route whether it is still published. A live
 * show learns it at once: unpublishing closes its socket, and the player asks then.
 */
export const PUBLIC_RECHECK_MS = 60_000;

export interface SessionOptions {
  canvas: HTMLCanvasElement;
  studioOrigin: string;
  /** Where HTML and p5.js layers run (the studio's sandbox origin); null: they stay blank. */
  sandboxOrigin: string | null;
  projectId: string;
  /** The published snapshot, already loaded. */
  project: ProjectJson;
  loop: boolean;
  onLiveState: (status: string, draws: number) => void;
  /** The public route now answers 404: the show was unpublished (or deleted) while it played. */
  onGone: (error: PlayerLoadError) => void;
  onPlayingChange: (playing: boolean) => void;
  /** The element's `muted` attribute, read at each frame. */
  muted?: () => boolean;
}

/** One published project on the element's canvas: timeline playback, live edits, re-checks. */
export interface PlayerSession {
  play(): void;
  pause(): void;
  readonly playing: boolean;
  readonly currentTime: number;
  setLoop(loop: boolean): void;
  /** Draws again (an attribute such as `muted` changed). */
  redraw(): void;
  readPixels(points: readonly { x: number; y: number }[]): Promise<Rgba[]>;
  dispose(): void;
}

const canGoLive = (project: ProjectJson) => project.metadata.syncEnabled === true && typeof WebSocket !== 'undefined' && typeof indexedDB !== 'undefined';

/** Starts drawing the project at once (throws when the browser has no WebGL). */
export function createPlayerSession(options: SessionOptions): PlayerSession {
  const { canvas } = options;
  const { sandboxOrigin, studioOrigin } = options;
  const view: StageView = createLazyStageView(canvas, {
    onTextureError: (url, e) => console.warn(`Beamstage player: image ${url}: ${e.message}`),
    // User code only in the sandbox origin's frames; URL layers never frame the studio, the page or the sandbox.
    sandboxOrigin,
    studioOrigins: [studioOrigin, location.origin, ...(sandboxOrigin ? [sandboxOrigin] : [])],
  });
  let base = withStudioUrls(options.project, options.studioOrigin);
  // The timeline as the projector plays it (libs/stage): placed scenes, transitions, keyframes, over
  // the play region; only the loop is the element's own (its `loop` attribute).
  const show = createTimelineShow(base);
  let loop = options.loop;
  const playback = createPlayback({ bounds: show.bounds({ loop }), now: () => performance.now() });
  let frame = 0;
  let disposed = false;
  let wasPlaying = false;
  let live: { close(): Promise<void> } | null = null;
  let recheckTimer: ReturnType<typeof setInterval> | null = null;
  let checking = false;

  const draw = () => {
    frame = 0;
    if (disposed) return;
    const t = playback.timeMs();
    const project = show.at(t);
    if (canvas.width !== project.canvas.width || canvas.height !== project.canvas.height) {
      canvas.width = project.canvas.width;
      canvas.height = project.canvas.height;
    }
    view.show(mutedProject(project, options.muted?.() ?? false));
    const playing = playback.playing;
    if (playing !== wasPlaying) {
      wasPlaying = playing;
      options.onPlayingChange(playing);
    }
    if (playing && show.moving) requestDraw();
  };
  const requestDraw = () => {
    if (!frame && !disposed) frame = requestAnimationFrame(draw);
  };

  const setBase = (project: ProjectJson) => {
    base = withStudioUrls(project, options.studioOrigin);
    show.setProject(base);
    playback.setBounds(show.bounds({ loop }));
    requestDraw();
  };

  // Asks the public route again; only a 404 ends the show (a network error keeps the last picture).
  const recheck = () => {
    if (checking || disposed) return;
    checking = true;
    loadPublicProject(options.studioOrigin, options.projectId, undefined, Date.now())
      .then((fresh) => {
        if (!live && !disposed) setBase(fresh);
      })
      .catch((error: unknown) => {
        if (!disposed && error instanceof PlayerLoadError && error.status === 404) options.onGone(error);
      })
      .finally(() => (checking = false));
  };

  const goLive = () => {
    options.onLiveState('connecting', 0);
    let draws = 0;
    import('./live')
      .then(({ startLive }) =>
        startLive({
          studioOrigin: options.studioOrigin,
          projectId: options.projectId,
          onProject: (project) => {
            draws++;
            setBase(project);
            options.onLiveState('connected', draws);
          },
          onState: (state) => {
            options.onLiveState(state.status, draws);
            if (state.status === 'disconnected' || state.status === 'error') recheck();
          },
        }),
      )
      .then((started) => {
        if (disposed) void started.close();
        else live = started;
      })
      .catch((error: unknown) => {
        // The published snapshot keeps playing; only the console hears about it.
        options.onLiveState('error', draws);
        console.warn('Beamstage player: live updates are off:', error);
      });
  };

  draw();
  if (canGoLive(base)) {
    // After the first frame is on screen: the sync chunk and its wasm are not on the first paint's path.
    requestAnimationFrame(() => setTimeout(() => !disposed && goLive(), 0));
  } else {
    options.onLiveState('off', 0);
  }
  recheckTimer = setInterval(recheck, PUBLIC_RECHECK_MS);

  return {
    play() {
      playback.play();
      requestDraw();
    },
    redraw() {
      requestDraw();
    },
    pause() {
      playback.pause();
      requestDraw();
    },
    get playing() {
      return playback.playing;
    },
    get currentTime() {
      return playback.timeMs();
    },
    setLoop(next) {
      loop = next;
      playback.setBounds(show.bounds({ loop }));
      requestDraw();
    },
    readPixels: (points) => view.readPixels(points),
    dispose() {
      if (disposed) return;
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      if (recheckTimer) clearInterval(recheckTimer);
      void live?.close().catch(() => undefined);
      view.dispose();
    },
  };
}
