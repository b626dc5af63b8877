import { PerformanceMonitor, perfStatus, type PerfStatus } from '@beamstage/render-core';

/** Frame rate of the projector page (one sample per animation frame) and its spec status. */
export function startPerfMeter() {
  const monitor = new PerformanceMonitor();
  const tick = (t: number) => {
    monitor.frame(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const memory = () => (performance as Performance & { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } }).memory;
  return {
    fps: () => monitor.fps,
    status: (): PerfStatus => {
      const m = memory();
      return perfStatus(monitor.fps, m && m.jsHeapSizeLimit > 0 ? m.usedJSHeapSize / m.jsHeapSizeLimit : 0);
    },
  };
}

export type PerfMeter = ReturnType<typeof startPerfMeter>;
