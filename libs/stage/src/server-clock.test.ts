import { describe, expect, it } from 'vitest';
import { measureServerClockOffset } from './server-clock';

describe('server clock offset', () => {
  it('asks /api/time a few times and keeps the shortest round trip', async () => {
    let local = 1000;
    const trips = [40, 10, 30, 50, 20];
    let call = 0;
    const fetchFn = (async (url: string) => {
      expect(url).toBe('https://studio.test/api/time');
      const trip = trips[call++]!;
      local += trip / 2;
      const serverNow = local + 250;
      local += trip / 2;
      return new Response(JSON.stringify({ now: serverNow }));
    }) as unknown as typeof fetch;
    expect(await measureServerClockOffset('https://studio.test', fetchFn, () => local)).toBe(250);
  });

  it('is 0 when the server cannot be reached', async () => {
    const fetchFn = (async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(await measureServerClockOffset('', fetchFn)).toBe(0);
  });
});
