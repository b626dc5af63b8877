import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXTURE_CACHE_NAVIGATION_MAX_ENTRIES, TextureCache, textureTimeoutMessage, type CacheEnv } from './texture-cache';

const env: CacheEnv = { now: () => Date.now(), setTimer: (fn, ms) => setTimeout(fn, ms), clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };

describe('texture cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times out after 30 s with the spec text and retries twice, after 1 s and 2 s', async () => {
    const starts: number[] = [];
    const cache = new TextureCache<string>({
      env,
      load: () => {
        starts.push(Date.now());
        return new Promise<string>(() => undefined);
      },
    });
    const t0 = Date.now();
    const p = cache.request('a.png');
    let err: Error | undefined;
    p.catch((e: Error) => {
      err = e;
    });
    await vi.advanceTimersByTimeAsync(30_000 + 1_000 + 30_000 + 2_000 + 30_000 - 1);
    expect(err).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(err?.message).toBe(textureTimeoutMessage(30_000));
    expect(err?.message).toBe('Texture loading timeout after 30000ms');
    expect(starts.map((s) => s - t0)).toEqual([0, 31_000, 63_000]);
    expect(cache.state('a.png')).toBe('error');
  });

  it('succeeds on a retry and shares one load between requests', async () => {
    let calls = 0;
    const cache = new TextureCache<string>({ env, load: (url) => (++calls === 1 ? Promise.reject(new Error('net')) : Promise.resolve(`img:${url}`)) });
    const a = cache.request('x');
    const b = cache.request('x');
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(a).resolves.toBe('img:x');
    await expect(b).resolves.toBe('img:x');
    expect(calls).toBe(2);
    expect(cache.get('x')).toBe('img:x');
  });

  it('reclaims unreferenced entries older than 30 s, never referenced ones', async () => {
    const evicted: string[] = [];
    const cache = new TextureCache<string>({ env, load: (u) => Promise.resolve(u), evict: (u) => evicted.push(u) });
    await cache.request('kept');
    await cache.request('idle');
    cache.retain('kept');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(cache.cleanup()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(cache.cleanup()).toEqual(['idle']);
    expect(evicted).toEqual(['idle']);
    expect(cache.get('kept')).toBe('kept');
  });

  it('trims the least recently used unreferenced entries above 100', async () => {
    const cache = new TextureCache<string>({ env, load: (u) => Promise.resolve(u) });
    for (let i = 0; i < 100; i++) {
      await cache.request(`t${i}`);
      await vi.advanceTimersByTimeAsync(10);
    }
    cache.retain('t0');
    expect(cache.size).toBe(100);
    await cache.request('t100');
    expect(cache.size).toBe(100);
    expect(cache.get('t0')).toBe('t0');
    expect(cache.state('t1')).toBeUndefined();
    expect(cache.cleanup(TEXTURE_CACHE_NAVIGATION_MAX_ENTRIES)).toHaveLength(50);
    expect(cache.size).toBe(50);
    expect(cache.get('t0')).toBe('t0');
    expect(cache.get('t100')).toBe('t100');
  });
});
