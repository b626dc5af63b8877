/** Spec section 9: frames in the fps window. */
export const PERF_FRAME_BUFFER = 60;
/** Spec section 4: fps below this is critical. */
export const FPS_CRITICAL = 30;
/** Spec section 4: fps below this is a warning. */
export const FPS_WARNING = 50;
/** Spec section 9: memory-pressure thresholds for the gentle, smart and emergency cleanup tiers. */
export const PRESSURE_GENTLE = 0.7;
export const PRESSURE_SMART = 0.8;
export const PRESSURE_EMERGENCY = 0.9;
/** Spec section 4: minimum time between cleanups of each tier. */
export const CLEANUP_INTERVAL_MS = { gentle: 30_000, smart: 15_000, emergency: 10_000 } as const;

export type PerfStatus = 'good' | 'warning' | 'critical';
export type CleanupTier = keyof typeof CLEANUP_INTERVAL_MS;

/** Spec section 4: critical below 30 fps or above 0.9 pressure; warning below 50 fps or above 0.7. */
export function perfStatus(fps: number, pressure: number): PerfStatus {
  if (fps < FPS_CRITICAL || pressure > PRESSURE_EMERGENCY) return 'critical';
  if (fps < FPS_WARNING || pressure > PRESSURE_GENTLE) return 'warning';
  return 'good';
}

/** The cleanup tier a pressure calls for, or null at or below 0.7. */
export function cleanupTierFor(pressure: number): CleanupTier | null {
  if (pressure > PRESSURE_EMERGENCY) return 'emergency';
  if (pressure > PRESSURE_SMART) return 'smart';
  if (pressure > PRESSURE_GENTLE) return 'gentle';
  return null;
}

/**
 * Frame-rate and memory-pressure monitor. Time comes in as arguments (frame timestamps), so it is
 * deterministic in tests. Pressure is texture bytes over the budget (or heap use over its limit).
 */
export class PerformanceMonitor {
  private readonly frames: number[] = [];
  private readonly lastCleanup: Record<CleanupTier, number> = { gentle: -Infinity, smart: -Infinity, emergency: -Infinity };
  private pressureValue = 0;

  constructor(private readonly textureBudgetBytes = 512 * 1024 * 1024) {}

  /** Records one frame presented at timeMs. */
  frame(timeMs: number): void {
    this.frames.push(timeMs);
    if (this.frames.length > PERF_FRAME_BUFFER + 1) this.frames.shift();
  }

  /** Frames per second over the last 60 frame intervals (0 before two frames). */
  get fps(): number {
    const n = this.frames.length;
    if (n < 2) return 0;
    const span = this.frames[n - 1]! - this.frames[0]!;
    return span > 0 ? ((n - 1) * 1000) / span : 0;
  }

  /** Sets pressure from texture use (bytes) against the budget; returns it. */
  setTextureBytes(bytes: number): number {
    this.pressureValue = Math.max(0, bytes / this.textureBudgetBytes);
    return this.pressureValue;
  }

  /** Sets pressure directly (e.g. usedJSHeapSize / jsHeapSizeLimit). */
  setPressure(pressure: number): void {
    this.pressureValue = Math.max(0, pressure);
  }

  get pressure(): number {
    return this.pressureValue;
  }

  get status(): PerfStatus {
    return perfStatus(this.fps, this.pressureValue);
  }

  /**
   * The cleanup tier due now, or null: a tier runs at most once per its interval
   * (gentle 30 s, smart 15 s, emergency 10 s). Marks it as run.
   */
  cleanupDue(nowMs: number): CleanupTier | null {
    const tier = cleanupTierFor(this.pressureValue);
    if (!tier || nowMs - this.lastCleanup[tier] < CLEANUP_INTERVAL_MS[tier]) return null;
    this.lastCleanup[tier] = nowMs;
    return tier;
  }
}
