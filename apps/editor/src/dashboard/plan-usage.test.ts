import { describe, expect, it } from 'vitest';
import { formatBytes, loadPlanUsage, usagePercent } from './plan-usage';

describe('plan usage', () => {
  it('joins storage usage with the plan row', async () => {
    const api = {
      request: async <T,>(_m: string, path: string): Promise<T> =>
        (path === '/storage-usage'
          ? { usedBytes: 10, limitBytes: 100, planId: 'free' }
          : { plans: [{ id: 'free', name: 'Free', projectLimit: 3, aiDailyLimit: 10 }] }) as T,
    };
    expect(await loadPlanUsage(api, 2)).toEqual({ planName: 'Free', projectCount: 2, projectLimit: 3, usedBytes: 10, limitBytes: 100, aiDailyLimit: 10 });
  });
  it('formats bytes and clamps the meter', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100.0 MB');
    expect(usagePercent(150, 100)).toBe(100);
    expect(usagePercent(1, 0)).toBe(0);
  });
});
