import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { GIF_ATTRIBUTION, GIF_RATE_LIMITED, GIF_RESULTS_MAX, gifErrorText, isNotConfigured, parseGifSearch, searchGifs } from './gif-api';

const good = { id: 'a1', title: 'Neon', url: 'https://media.giphy.com/a1.gif', previewUrl: 'https://media.giphy.com/a1-200.gif', width: 480, height: 270 };

describe('parseGifSearch', () => {
  it('keeps well-formed results and always shows the provider attribution', () => {
    expect(parseGifSearch({ results: [good], attribution: 'something else' })).toEqual({ results: [good], attribution: GIF_ATTRIBUTION });
  });

  it('survives hostile answers: not an object, results not a list, missing fields, wrong types', () => {
    for (const body of [null, 'text', 42, [], { results: 'x' }, { results: null }, { results: { 0: good } }]) {
      expect(parseGifSearch(body).results).toEqual([]);
    }
    const parsed = parseGifSearch({
      results: [
        null,
        'gif',
        { id: 7, url: good.url },
        { id: 'no-url' },
        { id: 'js', url: 'javascript:alert(1)' },
        { id: 'http', url: 'http://media.giphy.com/x.gif' },
        { id: 'data', url: 'data:image/gif;base64,R0lG' },
        { id: 'ok', url: good.url, previewUrl: 'javascript:alert(2)', title: { nested: true }, width: 'NaN', height: -5 },
        { id: 'ok', url: good.url },
      ],
    });
    expect(parsed.results).toEqual([{ id: 'ok', title: '', url: good.url, previewUrl: good.url, width: 0, height: 0 }]);
  });

  it('caps huge strings and the number of results', () => {
    const huge = 'x'.repeat(100_000);
    const parsed = parseGifSearch({
      results: [
        { ...good, id: huge, title: huge },
        { ...good, id: 'b', url: `https://a.example/${huge}` },
      ],
    });
    expect(parsed.results).toHaveLength(1);
    expect(parsed.results[0]?.id).toHaveLength(64);
    expect(parsed.results[0]?.title).toHaveLength(200);
    const many = parseGifSearch({ results: Array.from({ length: 500 }, (_, i) => ({ ...good, id: `g${i}` })) });
    expect(many.results).toHaveLength(GIF_RESULTS_MAX);
  });
});

describe('gif errors', () => {
  it('shows the api text, the rate limit in plain words, and knows the 503', () => {
    const notConfigured = new ApiError('GIF search is not configured', 503, { error: 'GIF search is not configured' });
    expect(gifErrorText(notConfigured)).toBe('GIF search is not configured');
    expect(isNotConfigured(notConfigured)).toBe(true);
    expect(gifErrorText(new ApiError('Too Many Requests', 429, null))).toBe(GIF_RATE_LIMITED);
    expect(isNotConfigured(new ApiError('GIF search failed', 502, null))).toBe(false);
    expect(gifErrorText(new ApiError('GIF search failed', 502, null))).toBe('GIF search failed');
    expect(gifErrorText(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });

  it('asks the api with the query trimmed, encoded and capped', async () => {
    const paths: string[] = [];
    const api = { request: async <T>(_m: string, path: string) => (paths.push(path), { results: [good] } as T) };
    await searchGifs(api, `  neon & rain ${'z'.repeat(300)} `);
    expect(paths[0]).toMatch(/^\/gifs\/search\?q=neon%20%26%20rain%20z+$/);
    expect(decodeURIComponent(paths[0]?.split('q=')[1] ?? '')).toHaveLength(100);
  });
});
