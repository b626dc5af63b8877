import { isAnimatableProperty, type Keyframe } from './keyframe';
import { SILENT_LOGGER, type TimelineLogger } from './logger';
import { KeyframeTrack } from './track';
import { evaluateTransitions, type Transition } from './transition';

/** Animated values at one time: layer id -> property -> value. */
export type FrameValues = Map<string, Map<string, unknown>>;

function trackKey(layerId: string, property: string): string {
  // \u0000 cannot appear in ids or property names coming from the UI, so keys never collide.
  return `${layerId}\u0000${property}`;
}

/** True when the group holds the same keyframe objects with the same time, value and easing as before. */
function sameKeyframes(previous: readonly Keyframe[], snapshot: readonly [number, unknown, string][], next: readonly Keyframe[]): boolean {
  if (previous.length !== next.length) return false;
  for (let i = 0; i < next.length; i++) {
    const k = next[i]!;
    const s = snapshot[i]!;
    if (previous[i] !== k || s[0] !== k.time || s[1] !== k.value || s[2] !== k.easing) return false;
  }
  return true;
}

interface TrackEntry {
  track: KeyframeTrack;
  source: Keyframe[];
  snapshot: [number, unknown, string][];
}

/**
 * Evaluates every (layer, property) track of a timeline at a time. Keyframes are grouped and
 * sorted into tracks when they change (setKeyframes), never per frame; a track whose keyframes
 * did not change keeps its index. Keyframes are treated as values: change one by replacing it.
 */
export class TimelineEvaluator {
  private readonly logger: TimelineLogger;
  private tracks = new Map<string, TrackEntry>();
  private trackList: KeyframeTrack[] = [];
  private transitions: readonly Transition[] = [];
  private readonly warnedProperties = new Set<string>();
  /** How many tracks the last setKeyframes call (re)built; for tests and diagnostics. */
  lastRebuildCount = 0;

  constructor(options: { logger?: TimelineLogger } = {}) {
    this.logger = options.logger ?? SILENT_LOGGER;
  }

  /** Replaces the keyframe list; rebuilds only the tracks whose keyframes changed. */
  setKeyframes(keyframes: readonly Keyframe[]): void {
    // Grouped by layer, then property, in nested maps: no key string is built per keyframe.
    const groups = new Map<string, Map<string, Keyframe[]>>();
    for (const k of keyframes) {
      if (!isAnimatableProperty(k.property)) {
        if (!this.warnedProperties.has(k.property)) {
          this.warnedProperties.add(k.property);
          this.logger.warn('Ignoring keyframes of an unknown property', { property: k.property, layerId: k.layerId, keyframeId: k.id });
        }
        continue;
      }
      if (typeof k.time !== 'number' || !Number.isFinite(k.time)) {
        this.logger.warn('Ignoring a keyframe without a finite time', { keyframeId: k.id });
        continue;
      }
      let byProperty = groups.get(k.layerId);
      if (!byProperty) groups.set(k.layerId, (byProperty = new Map()));
      const group = byProperty.get(k.property);
      if (group) group.push(k);
      else byProperty.set(k.property, [k]);
    }
    const next = new Map<string, TrackEntry>();
    let rebuilt = 0;
    for (const [layerId, byProperty] of groups) {
      for (const [property, group] of byProperty) {
        const key = trackKey(layerId, property);
        const old = this.tracks.get(key);
        if (old && sameKeyframes(old.source, old.snapshot, group)) {
          next.set(key, old);
          continue;
        }
        rebuilt++;
        next.set(key, {
          track: new KeyframeTrack(layerId, property, group),
          source: group,
          snapshot: group.map((k) => [k.time, k.value, k.easing]),
        });
      }
    }
    this.tracks = next;
    // Tracks of one layer sit together, so evaluate() looks each layer's map up once, not per track.
    this.trackList = [...next.values()].map((e) => e.track);
    this.lastRebuildCount = rebuilt;
  }

  /** Replaces the transition list. */
  setTransitions(transitions: readonly Transition[]): void {
    for (const tr of transitions) {
      for (const a of tr.animations) {
        if (!isAnimatableProperty(a.propertyName) && !this.warnedProperties.has(a.propertyName)) {
          this.warnedProperties.add(a.propertyName);
          this.logger.warn('Ignoring transition animations of an unknown property', { property: a.propertyName, transitionId: tr.id });
        }
      }
    }
    this.transitions = transitions;
  }

  /** The current tracks, one per (layer, property) with keyframes. */
  getTracks(): readonly KeyframeTrack[] {
    return this.trackList;
  }

  /** The track of one layer property, if it has keyframes. */
  getTrack(layerId: string, property: string): KeyframeTrack | undefined {
    return this.tracks.get(trackKey(layerId, property))?.track;
  }

  /**
   * Every animated value at time t: keyframe tracks first, then the animations of any active
   * transition on top. Tracks with no value yet (t before their first keyframe) are absent.
   */
  evaluate(t: number): FrameValues {
    const out: FrameValues = new Map();
    const tracks = this.trackList;
    let layerId: string | undefined;
    let layer: Map<string, unknown> | undefined;
    for (let i = 0; i < tracks.length; i++) {
      const track = tracks[i]!;
      const value = track.valueAt(t);
      if (value === undefined) continue;
      if (track.layerId !== layerId || layer === undefined) {
        layerId = track.layerId;
        layer = out.get(layerId);
        if (layer === undefined) out.set(layerId, (layer = new Map()));
      }
      layer.set(track.property, value);
    }
    if (this.transitions.length > 0) {
      for (const a of evaluateTransitions(this.transitions, t)) {
        if (!isAnimatableProperty(a.propertyName)) continue;
        let target = out.get(a.layerId);
        if (!target) out.set(a.layerId, (target = new Map()));
        target.set(a.propertyName, a.value);
      }
    }
    return out;
  }

  /** Calls visit for each animated value at time t without building a result (the frame loop's path). */
  forEachValue(t: number, visit: (layerId: string, property: string, value: unknown) => void): void {
    const tracks = this.trackList;
    for (let i = 0; i < tracks.length; i++) {
      const track = tracks[i]!;
      const value = track.valueAt(t);
      if (value !== undefined) visit(track.layerId, track.property, value);
    }
    if (this.transitions.length > 0) {
      for (const a of evaluateTransitions(this.transitions, t)) {
        if (isAnimatableProperty(a.propertyName)) visit(a.layerId, a.propertyName, a.value);
      }
    }
  }
}
