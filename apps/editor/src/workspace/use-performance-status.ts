import { PerformanceMonitor } from '@beamstage/render-core';
import type { PerfStatus } from '@beamstage/render-core';
import { useEffect, useState } from 'react';

/** Spec section 9: the performance monitor refreshes every 1000 ms. */
export const PERF_REFRESH_MS = 1000;

interface HeapInfo {
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

/**
 * The performance monitor's status for the status bar: frame rate from requestAnimationFrame over
 * the last 60 frames, memory pressure from the JS heap where the browser reports it (Chromium).
 * Null until the first refresh.
 */
export function usePerformanceStatus(): PerfStatus | null {
  const [status, setStatus] = useState<PerfStatus | null>(null);
  useEffect(() => {
    const monitor = new PerformanceMonitor();
    let frame = 0;
    const onFrame = (t: number) => {
      monitor.frame(t);
      frame = requestAnimationFrame(onFrame);
    };
    frame = requestAnimationFrame(onFrame);
    const timer = window.setInterval(() => {
      const heap = (performance as Performance & { memory?: HeapInfo }).memory;
      if (heap && heap.jsHeapSizeLimit > 0) monitor.setPressure(heap.usedJSHeapSize / heap.jsHeapSizeLimit);
      // A hidden tab gets no frames: keep the last status rather than call it critical.
      if (document.visibilityState === 'visible' && monitor.fps > 0) setStatus(monitor.status);
    }, PERF_REFRESH_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearInterval(timer);
    };
  }, []);
  return status;
}
