// Timing helpers for the timeline benchmark. The machine is shared and noisy, so each figure is
// measured in batches and reported three ways: the fastest batch (the least-disturbed run), the
// median batch, and process CPU time (user + system; includes V8's GC helper threads).
import { performance } from 'node:perf_hooks';

export interface Timing {
  /** Fastest batch, wall-clock microseconds per frame. */
  minUs: number;
  /** Median batch, wall-clock microseconds per frame. */
  medianUs: number;
  /** Process CPU (user + system) microseconds per frame over all batches. */
  cpuUs: number;
  frames: number;
}

/** Runs `frames` frames in batches of `batch`; runBatch(from, to) must run frames [from, to). */
export function measureFrames(frames: number, batch: number, runBatch: (from: number, to: number) => void): Timing {
  const perFrame: number[] = [];
  const c0 = process.cpuUsage();
  for (let from = 0; from < frames; from += batch) {
    const to = Math.min(frames, from + batch);
    const t = performance.now();
    runBatch(from, to);
    perFrame.push(((performance.now() - t) * 1000) / (to - from));
  }
  const c = process.cpuUsage(c0);
  const sorted = [...perFrame].sort((a, b) => a - b);
  return { minUs: sorted[0]!, medianUs: sorted[Math.floor(sorted.length / 2)]!, cpuUs: (c.user + c.system) / frames, frames };
}

/** "12.3 us/frame (fastest batch), 15.0 median, 11.9 CPU" */
export function formatTiming(t: Timing): string {
  const r = (n: number): string => n.toFixed(2);
  return `${r(t.minUs)} us/frame (fastest batch), ${r(t.medianUs)} median batch, ${r(t.cpuUs)} CPU, over ${t.frames} frames`;
}
