import { describe, expect, it } from 'vitest';
import { PerformanceMonitor, cleanupTierFor, perfStatus } from './perf-monitor';

describe('performance monitor', () => {
  it('measures fps over the last 60 frames', () => {
    const m = new PerformanceMonitor();
    for (let i = 0; i < 200; i++) m.frame(i < 100 ? i * 100 : 9900 + (i - 99) * 20); // 10 fps then 50 fps
    expect(m.fps).toBeCloseTo(50, 6);
  });

  it('applies the spec thresholds', () => {
    expect(perfStatus(60, 0.5)).toBe('good');
    expect(perfStatus(50, 0.7)).toBe('good');
    expect(perfStatus(49.9, 0)).toBe('warning');
    expect(perfStatus(60, 0.71)).toBe('warning');
    expect(perfStatus(29.9, 0)).toBe('critical');
    expect(perfStatus(60, 0.91)).toBe('critical');
  });

  it('derives pressure from texture budget use and picks cleanup tiers with their intervals', () => {
    const m = new PerformanceMonitor(1000);
    expect(m.setTextureBytes(750)).toBeCloseTo(0.75);
    expect(cleanupTierFor(0.7)).toBeNull();
    expect(m.cleanupDue(0)).toBe('gentle');
    expect(m.cleanupDue(29_999)).toBeNull();
    expect(m.cleanupDue(30_000)).toBe('gentle');
    m.setTextureBytes(850);
    expect(m.cleanupDue(31_000)).toBe('smart');
    expect(m.cleanupDue(45_999)).toBeNull();
    expect(m.cleanupDue(46_000)).toBe('smart');
    m.setTextureBytes(950);
    expect(m.cleanupDue(47_000)).toBe('emergency');
    expect(m.cleanupDue(56_999)).toBeNull();
    expect(m.cleanupDue(57_000)).toBe('emergency');
    expect(m.status).toBe('critical');
  });
});
