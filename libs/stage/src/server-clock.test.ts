import { describe, expect, it } from 'vitest';
import { measureServerClockOffset } from './server-clock';

describe('server clock offset', () => {
  it('asks /api/time a few times and keeps the shortest round trip', async () => {
    let local = 1000;
    const trips = [40, 10, 30, 50, 20];
    let call = 0;
    const fetchFn = (async (url: string) => {
      expect(url).toMatch(/^https:\/\/studio\.test\/api\/time\?sample=/);
      const trip = trips[call++]!;
      local += trip / 2;
      const serverNow = local + 250;
      local += trip / 2;
      return new Response(JSON.stringify({ now: serverNow }));
    }) as unknown as typeof fetch;
    expect(
      await measureServerClockOffset(
        'https://studio.test',
        fetchFn,
        () => local,
        () => null,
      ),
    ).toBe(250);
  });

  it("prefers the browser's own timing of the request to script stamps (a busy page stretches those)", async () => {
    let local = 0;
    const fetchFn = (async () => {
      local += 3000; // the page was busy: the script saw the answer 3 s late
      return new Response(JSON.stringify({ now: 10_000 + 400 }));
    }) as unknown as typeof fetch;
    const timing = () => ({ sentAtMs: 10_000, receivedAtMs: 10_010 });
    expect(await measureServerClockOffset('https://studio.test', fetchFn, () => local, timing)).toBe(395);
  });

  it('is 0 when the server cannot be reached', async () => {
    const fetchFn = (async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(
      await measureServerClockOffset(
        '',
        fetchFn,
        () => 0,
        () => null,
      ),
    ).toBe(0);
  });
});
