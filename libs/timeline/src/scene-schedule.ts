import { timelineSceneEnd, type TimelineScene } from './timeline-scene';

/**
 * The timeline's scene entries sorted by start once, so "which scene is on at t" is a binary
 * search (or the cached entry) instead of a scan per frame.
 */
export class SceneSchedule {
  private entries: TimelineScene[] = [];
  private starts = new Float64Array(0);
  /** maxEnds[i]: the latest end among entries 0..i, so the overlap fallback stops at once on clean data. */
  private maxEnds = new Float64Array(0);
  private cursor = 0;

  constructor(entries: readonly TimelineScene[] = []) {
    this.set(entries);
  }

  /** Replaces the entries. */
  set(entries: readonly TimelineScene[]): void {
    this.entries = [...entries].sort((a, b) => a.startTime - b.startTime);
    this.starts = Float64Array.from(this.entries, (e) => e.startTime);
    this.maxEnds = new Float64Array(this.entries.length);
    let maxEnd = -Infinity;
    this.entries.forEach((e, i) => {
      maxEnd = Math.max(maxEnd, timelineSceneEnd(e));
      this.maxEnds[i] = maxEnd;
    });
    this.cursor = 0;
  }

  /** The entry whose [startTime, startTime + duration) holds t, if any. */
  entryAt(t: number): TimelineScene | undefined {
    const cached = this.entries[this.cursor];
    const starts = this.starts;
    // The cached entry is the answer only if no later entry has started by t (the latest start wins).
    if (cached && cached.startTime <= t && t < timelineSceneEnd(cached) && !(starts[this.cursor + 1]! <= t)) return cached;
    if (starts.length === 0 || !(t >= starts[0]!)) return undefined;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    // Placement keeps entries apart; should stored data overlap anyway, the latest start that still covers t wins.
    for (let i = lo; i >= 0 && this.maxEnds[i]! > t; i--) {
      const e = this.entries[i]!;
      if (t < timelineSceneEnd(e)) {
        this.cursor = i;
        return e;
      }
    }
    return undefined;
  }
}
