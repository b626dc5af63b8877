import type { Clock, TimerHandle } from './clock';
import { CHANGE_DEBOUNCE_MS, LOADING_CLEAR_MS, MANUAL_SCENE_OVERRIDE_MS, MAX_FRAMES_PER_TICK } from './constants';
import { TimelineEvaluator, type FrameValues } from './evaluator';
import type { Keyframe } from './keyframe';
import { SILENT_LOGGER, type TimelineLogger } from './logger';
import { SceneSchedule } from './scene-schedule';
import { clampCurrentTime, clampNumber, clampTimelineSettings, createDefaultTimelineSettings, type TimelineSettings } from './settings';
import { contentDuration, createEmptyTimelineData, type TimelineData } from './timeline-data';
import { placeTimelineScene, type TimelineScene } from './timeline-scene';
import { activeTransitionAt } from './transition';

/** stopped, or playing; paused is a hold inside a play session (stash kept, autosave still off). */
export type PlaybackState = 'stopped' | 'playing' | 'paused';

/** What the engine asks of the app. Every hook is optional. */
export interface PlaybackHooks {
  /** Play turns autosave off so playback never saves animated values. */
  disableAutosave?(): void;
  /** Stop turns it back on. */
  enableAutosave?(): void;
  /** Play stashes the current project state into the Primary scene. */
  stashState?(): void;
  /** Stop restores the stash. */
  restoreState?(): void;
  /** Stop switches back to the Primary scene. */
  switchToPrimaryScene?(): void;
  /** The timeline reached a scene entry whose scene is not the one showing. */
  requestSceneLoad?(sceneId: string, entry: TimelineScene): void;
  /** The current time changed (every advancing frame, seek, stop). */
  onTimeChange?(timeMs: number): void;
  /** The timeline data changed; called 100 ms after the last change (debounced). */
  onChange?(data: TimelineData): void;
  logger?: TimelineLogger;
}

/** Options of createPlaybackEngine. */
export interface PlaybackEngineOptions {
  clock: Clock;
  hooks?: PlaybackHooks;
  data?: TimelineData;
}

/**
 * The playback state machine (spec section 4, Scenes and playback). The app calls tick() from
 * its animation loop; elapsed time always comes from the injected clock.
 */
export class PlaybackEngine {
  private readonly clock: Clock;
  private readonly hooks: PlaybackHooks;
  private readonly logger: TimelineLogger;
  private readonly evaluator: TimelineEvaluator;
  private readonly schedule = new SceneSchedule();
  private data: TimelineData;
  private content = 0;
  private state: PlaybackState = 'stopped';
  private time = 0;
  private lastTickAt = 0;
  /** Elapsed clock time not yet turned into whole frames. */
  private accumulatedMs = 0;
  private loadedSceneId: string | undefined;
  private deferredSceneId: string | undefined;
  private overrideUntil = -Infinity;
  private changeTimer: TimerHandle | undefined;
  private loadingTimer: TimerHandle | undefined;
  private loading = false;

  constructor(options: PlaybackEngineOptions) {
    this.clock = options.clock;
    this.hooks = options.hooks ?? {};
    this.logger = this.hooks.logger ?? SILENT_LOGGER;
    this.evaluator = new TimelineEvaluator({ logger: this.logger });
    this.data = createEmptyTimelineData();
    this.replaceData(options.data ?? this.data, true);
  }

  /** stopped, playing or paused. */
  getState(): PlaybackState {
    return this.state;
  }

  /** The current time in ms. */
  getTime(): number {
    return this.time;
  }

  /** The timeline data, with settings.currentTime = the current time. */
  getData(): TimelineData {
    return { ...this.data, settings: { ...this.data.settings, currentTime: this.time } };
  }

  /** Where the content ends (see contentDuration). */
  getContentDuration(): number {
    return this.content;
  }

  /** Where playback ends: the smaller of the play end and the content end. */
  getPlaybackEnd(): number {
    return Math.min(this.data.settings.playEndTime, this.content);
  }

  /** True from loadData until 100 ms after it. */
  isLoading(): boolean {
    return this.loading;
  }

  /** The scene waiting for the active transition to end, if any. */
  getDeferredSceneId(): string | undefined {
    return this.deferredSceneId;
  }

  /** The evaluator over the current keyframes and transitions. */
  getEvaluator(): TimelineEvaluator {
    return this.evaluator;
  }

  /** Every animated value at the current time. */
  currentValues(): FrameValues {
    return this.evaluator.evaluate(this.time);
  }

  /** Loads timeline data from storage or the server: no change is emitted, and the loading flag clears 100 ms later. */
  loadData(data: TimelineData): void {
    this.loading = true;
    if (this.changeTimer !== undefined) this.clock.clearTimeout(this.changeTimer);
    this.changeTimer = undefined;
    this.replaceData(data);
    if (this.loadingTimer !== undefined) this.clock.clearTimeout(this.loadingTimer);
    this.loadingTimer = this.clock.setTimeout(() => {
      this.loading = false;
      this.loadingTimer = undefined;
    }, LOADING_CLEAR_MS);
  }

  /** Replaces parts of the timeline data (an edit): indexes of changed lists are rebuilt and a change is emitted, debounced. */
  setData(patch: Partial<TimelineData>): void {
    this.replaceData({ ...this.data, ...patch, settings: { ...this.data.settings, currentTime: this.time, ...(patch.settings ?? {}) } });
    this.scheduleChange();
  }

  /** Changes settings through the spec's clamps. */
  updateSettings(patch: Partial<TimelineSettings>): void {
    this.setData({ settings: { ...this.data.settings, currentTime: this.time, ...patch } });
  }

  /** Replaces the keyframe list. */
  setKeyframes(keyframes: Keyframe[]): void {
    this.setData({ keyframes });
  }

  /** Adds a scene entry, moved past any entry it would overlap; returns it as placed. */
  addTimelineScene(entry: TimelineScene): TimelineScene {
    const placed = placeTimelineScene(this.data.timelineScenes, entry);
    this.setData({ timelineScenes: [...this.data.timelineScenes.filter((e) => e.id !== entry.id), placed] });
    return placed;
  }

  /** Starts or resumes playback. */
  play(): void {
    if (this.state === 'playing') return;
    if (this.state === 'stopped') {
      this.hooks.disableAutosave?.();
      this.hooks.stashState?.();
    }
    const { playStartTime } = this.data.settings;
    if (this.time < playStartTime || this.time >= this.getPlaybackEnd()) this.setTime(playStartTime);
    this.state = 'playing';
    this.lastTickAt = this.clock.now();
    this.accumulatedMs = 0;
    this.syncScene();
  }

  /** Holds playback at the current time; the scene stays visible and autosave stays off. */
  pause(): void {
    if (this.state === 'playing') this.state = 'paused';
  }

  /** Stops: time back to the play start, stash restored, Primary scene, autosave on. */
  stop(): void {
    const wasActive = this.state !== 'stopped';
    this.state = 'stopped';
    this.accumulatedMs = 0;
    this.loadedSceneId = undefined;
    this.deferredSceneId = undefined;
    this.setTime(this.data.settings.playStartTime);
    if (wasActive) {
      this.hooks.restoreState?.();
      this.hooks.switchToPrimaryScene?.();
      this.hooks.enableAutosave?.();
    }
  }

  /**
   * Moves the time (scrubbing). It is clamped into [0, content duration], and while playing
   * into the play region, so playback never runs outside it.
   */
  seek(timeMs: number): void {
    let t = clampCurrentTime(timeMs, this.content);
    if (this.state === 'playing') t = clampNumber(t, this.data.settings.playStartTime, this.playRegionLast());
    this.setTime(t);
    if (this.state !== 'stopped') this.syncScene();
  }

  /**
   * The user switched scenes by hand: playback stops and timeline-driven scene loading pauses
   * for 2 s. Call it before applying the user's scene, since stopping switches to Primary.
   */
  manualSceneChange(): void {
    this.overrideUntil = this.clock.now() + MANUAL_SCENE_OVERRIDE_MS;
    if (this.state !== 'stopped') this.stop();
  }

  /** True while a manual scene change holds timeline-driven scene loading off. */
  isSceneLoadingPaused(): boolean {
    return this.clock.now() < this.overrideUntil;
  }

  /**
   * One animation-loop frame: advances time by whole frame durations (1000/fps x speed) for the
   * clock time elapsed since the last tick, at most 2 frames, then loops or stops at the end.
   * Returns true when the time moved.
   */
  tick(): boolean {
    if (this.state !== 'playing') return false;
    const now = this.clock.now();
    const { fps, playbackSpeed, playStartTime, loop, autoLoop } = this.data.settings;
    const frameMs = 1000 / fps;
    const elapsed = Math.max(0, now - this.lastTickAt);
    this.lastTickAt = now;
    // A stalled tab or a breakpoint must not jump the show forward: elapsed time counts for at most 2 frames.
    this.accumulatedMs += Math.min(elapsed, MAX_FRAMES_PER_TICK * frameMs);
    // The epsilon absorbs float error so 2 x (1000/30) counts as 2 frames, not 1.999...
    const frames = Math.min(MAX_FRAMES_PER_TICK, Math.floor(this.accumulatedMs / frameMs + 1e-9));
    if (frames === 0) {
      // A held-off scene load (override just ended, transition just over) still goes out on time.
      this.syncScene();
      return false;
    }
    this.accumulatedMs = Math.min(frameMs, Math.max(0, this.accumulatedMs - frames * frameMs));
    const end = this.getPlaybackEnd();
    let t = this.time;
    for (let i = 0; i < frames; i++) {
      t += frameMs * playbackSpeed;
      if (t >= end) {
        if (loop || autoLoop) {
          t = playStartTime;
        } else {
          this.stop();
          return true;
        }
      }
    }
    this.setTime(t);
    this.syncScene();
    return true;
  }

  /** Cancels the engine's pending timers (debounced change, loading flag). */
  dispose(): void {
    if (this.changeTimer !== undefined) this.clock.clearTimeout(this.changeTimer);
    if (this.loadingTimer !== undefined) this.clock.clearTimeout(this.loadingTimer);
    this.changeTimer = this.loadingTimer = undefined;
  }

  private playRegionLast(): number {
    // The end itself is never shown while playing (reaching it loops or stops), so stay just before it.
    const end = this.getPlaybackEnd();
    const start = this.data.settings.playStartTime;
    return end > start ? Math.max(start, end - Number.EPSILON * Math.max(1, end)) : start;
  }

  private setTime(t: number): void {
    if (t === this.time) return;
    this.time = t;
    this.hooks.onTimeChange?.(t);
  }

  private replaceData(data: TimelineData, force = false): void {
    const previous = this.data;
    const next: TimelineData = {
      // Older or partial files may lack settings fields: the defaults fill them before the clamps run.
      settings: { ...createDefaultTimelineSettings(), ...data.settings },
      timelineScenes: data.timelineScenes ?? [],
      markers: data.markers ?? [],
      keyframes: data.keyframes ?? [],
      sceneTransitions: data.sceneTransitions ?? [],
    };
    this.content = contentDuration({ ...next, settings: clampTimelineSettings(next.settings) });
    next.settings = clampTimelineSettings(next.settings, this.content);
    this.data = next;
    if (force || previous.keyframes !== next.keyframes) this.evaluator.setKeyframes(next.keyframes);
    if (force || previous.sceneTransitions !== next.sceneTransitions) this.evaluator.setTransitions(next.sceneTransitions);
    if (force || previous.timelineScenes !== next.timelineScenes) this.schedule.set(next.timelineScenes);
    if (this.state === 'playing' && (this.time < next.settings.playStartTime || this.time >= this.getPlaybackEnd())) {
      this.setTime(next.settings.playStartTime);
    } else if (this.state === 'stopped' || this.time > this.content) {
      this.setTime(this.state === 'stopped' ? next.settings.currentTime : clampCurrentTime(this.time, this.content));
    }
  }

  private scheduleChange(): void {
    if (this.loading) return;
    if (this.changeTimer !== undefined) this.clock.clearTimeout(this.changeTimer);
    this.changeTimer = this.clock.setTimeout(() => {
      this.changeTimer = undefined;
      this.hooks.onChange?.(this.getData());
    }, CHANGE_DEBOUNCE_MS);
  }

  /** Emits a scene-load request when the timeline reaches another scene, unless held off. */
  private syncScene(): void {
    const entry = this.schedule.entryAt(this.time);
    if (!entry || entry.sceneId === this.loadedSceneId) {
      this.deferredSceneId = undefined;
      return;
    }
    if (this.isSceneLoadingPaused()) return;
    if (activeTransitionAt(this.data.sceneTransitions, this.time)) {
      // Loading the next scene mid-transition would flash it before the blend ends.
      if (this.deferredSceneId !== entry.sceneId) this.logger.debug?.('Scene switch deferred until the transition ends', { sceneId: entry.sceneId });
      this.deferredSceneId = entry.sceneId;
      return;
    }
    this.deferredSceneId = undefined;
    this.loadedSceneId = entry.sceneId;
    this.hooks.requestSceneLoad?.(entry.sceneId, entry);
  }
}

/** Creates a playback engine over the injected clock and app hooks. */
export function createPlaybackEngine(options: PlaybackEngineOptions): PlaybackEngine {
  return new PlaybackEngine(options);
}
