import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import type { GifSearchAnswer } from './gif-api';
import { createGifSearch } from './gif-search-state';
import type { GifSearchView } from './gif-search-state';

/** A driver with a hand-moved clock and searches answered by the test. */
function driver() {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let nextTimer = 1;
  const calls: { query: string; resolve: (a: GifSearchAnswer) => void; reject: (e: unknown) => void }[] = [];
  const views: GifSearchView[] = [];
  const search = createGifSearch({
    debounceMs: 300,
    search: (query) => new Promise((resolve, reject) => calls.push({ query, resolve, reject })),
    setTimer: (run, ms) => {
      const id = nextTimer++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
    onChange: (v) => views.push(v),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) {
      if (t.at <= now) {
        timers.delete(id);
        t.run();
      }
    }
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { search, calls, views, advance, flush, pendingTimers: () => timers.size };
}

const answer = (ids: string[]): GifSearchAnswer => ({
  results: ids.map((id) => ({ id, title: id, url: `https://g.example/${id}.gif`, previewUrl: `https://g.example/${id}.gif`, width: 1, height: 1 })),
  attribution: 'Powered by GIPHY',
});

describe('gif search state', () => {
  it('waits for a pause in typing and sends one search for the last text', async () => {
    const d = driver();
    d.search.type('n');
    d.advance(100);
    d.search.type('ne');
    d.advance(100);
    d.search.type('neon');
    expect(d.search.view().status).toBe('waiting');
    d.advance(299);
    expect(d.calls).toHaveLength(0);
    d.advance(1);
    expect(d.calls.map((c) => c.query)).toEqual(['neon']);
    expect(d.search.view().status).toBe('loading');
    d.calls[0]?.resolve(answer(['a', 'b']));
    await d.flush();
    expect(d.search.view()).toMatchObject({ status: 'results', attribution: 'Powered by GIPHY' });
    expect(d.search.view().results.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('shows only the latest answer when an older one comes back late', async () => {
    const d = driver();
    d.search.type('cat');
    d.advance(300);
    d.search.type('dog');
    d.advance(300);
    d.calls[1]?.resolve(answer(['dog1']));
    await d.flush();
    d.calls[0]?.resolve(answer(['cat1']));
    await d.flush();
    expect(d.search.view().results.map((r) => r.id)).toEqual(['dog1']);
  });

  it('searches at once on Enter, and an empty box clears without a search', async () => {
    const d = driver();
    d.search.type('fire');
    d.search.submit();
    expect(d.calls).toHaveLength(1);
    expect(d.pendingTimers()).toBe(0);
    d.search.type('   ');
    expect(d.search.view()).toMatchObject({ status: 'idle', results: [] });
    d.calls[0]?.resolve(answer(['late']));
    await d.flush();
    expect(d.search.view().status).toBe('idle');
    d.search.submit();
    expect(d.calls).toHaveLength(1);
  });

  it('says empty, not configured, rate limited and other failures as such', async () => {
    const d = driver();
    d.search.type('nothing');
    d.search.submit();
    d.calls[0]?.resolve(answer([]));
    await d.flush();
    expect(d.search.view().status).toBe('empty');
    d.search.submit();
    d.calls[1]?.reject(new ApiError('GIF search is not configured', 503, null));
    await d.flush();
    expect(d.search.view()).toMatchObject({ status: 'not-configured', error: 'GIF search is not configured' });
    d.search.submit();
    d.calls[2]?.reject(new ApiError('Too Many Requests', 429, null));
    await d.flush();
    expect(d.search.view()).toMatchObject({ status: 'error', error: 'Too many GIF searches: wait a minute and try again' });
    d.search.submit();
    d.calls[3]?.reject(new ApiError('GIF search failed', 502, null));
    await d.flush();
    expect(d.search.view()).toMatchObject({ status: 'error', error: 'GIF search failed', results: [] });
  });

  it('stops its timer and sends nothing once disposed', async () => {
    const d = driver();
    d.search.type('rain');
    d.search.dispose();
    expect(d.pendingTimers()).toBe(0);
    d.advance(1000);
    expect(d.calls).toHaveLength(0);
    const before = d.views.length;
    d.search.submit();
    await d.flush();
    expect(d.calls).toHaveLength(0);
    expect(d.views).toHaveLength(before);
  });
});

describe('gif search state, an answer after close', () => {
  it('is dropped', async () => {
    const d = driver();
    d.search.type('late');
    d.search.submit();
    d.search.dispose();
    const before = d.views.length;
    d.calls[0]?.resolve(answer(['x']));
    await d.flush();
    expect(d.views).toHaveLength(before);
  });
});
