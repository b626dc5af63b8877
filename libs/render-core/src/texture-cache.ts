/** Spec section 9: texture load time-out. */
export const TEXTURE_LOAD_TIMEOUT_MS = 30_000;
/** Spec section 9 / 8: retries after a failed load, with these delays. */
export const TEXTURE_RETRY_DELAYS_MS = [1_000, 2_000] as const;
/** Spec section 9: more cached textures than this triggers cleanup. */
export const TEXTURE_CACHE_MAX_ENTRIES = 100;
/** Spec section 9: unreferenced textures older than this are reclaimed. */
export const TEXTURE_UNREFERENCED_MAX_AGE_MS = 30_000;

/** Spec section 9: on navigation the cache is trimmed to this many entries. */
export const TEXTURE_CACHE_NAVIGATION_MAX_ENTRIES = 50;

/** The spec's time-out message (section 8). */
export function textureTimeoutMessage(ms: number): string {
  return `Texture loading timeout after ${ms}ms`;
}

/** Timers and clock the cache runs on (injected so tests control time). */
export interface CacheEnv {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export type LoadState = 'loading' | 'ready' | 'error';

interface Entry<T> {
  url: string;
  state: LoadState;
  value?: T;
  error?: Error;
  refs: number;
  lastUsedMs: number;
  promise: Promise<T>;
}

export interface TextureCacheOptions<T> {
  load: (url: string) => Promise<T>;
  /** Called when an entry leaves the cache (delete the GL texture here). */
  evict?: (url: string, value: T) => void;
  env: CacheEnv;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  maxEntries?: number;
  maxUnreferencedAgeMs?: number;
}

/**
 * URL-keyed cache of decoded images with load time-out, retries, reference counts and reclaiming
 * (spec section 9). Holds no GL state itself: the renderer uploads and evicts.
 */
export class TextureCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly opts: Required<Omit<TextureCacheOptions<T>, 'evict'>> & Pick<TextureCacheOptions<T>, 'evict'>;

  constructor(options: TextureCacheOptions<T>) {
    this.opts = {
      timeoutMs: TEXTURE_LOAD_TIMEOUT_MS,
      retryDelaysMs: TEXTURE_RETRY_DELAYS_MS,
      maxEntries: TEXTURE_CACHE_MAX_ENTRIES,
      maxUnreferencedAgeMs: TEXTURE_UNREFERENCED_MAX_AGE_MS,
      ...options,
    };
  }

  /** Starts (or reuses) the load of a URL; resolves with the value, rejects after the last retry. */
  request(url: string): Promise<T> {
    const existing = this.entries.get(url);
    if (existing) {
      existing.lastUsedMs = this.opts.env.now();
      return existing.promise;
    }
    const entry: Entry<T> = { url, state: 'loading', refs: 0, lastUsedMs: this.opts.env.now(), promise: Promise.resolve(undefined as T) };
    entry.promise = this.loadWithRetries(url).then(
      (value) => {
        entry.state = 'ready';
        entry.value = value;
        return value;
      },
      (error: unknown) => {
        entry.state = 'error';
        entry.error = error instanceof Error ? error : new Error(String(error));
        throw entry.error;
      },
    );
    entry.promise.catch(() => undefined);
    this.entries.set(url, entry);
    this.cleanup();
    return entry.promise;
  }

  /** The loaded value, if ready. */
  get(url: string): T | undefined {
    const e = this.entries.get(url);
    if (e) e.lastUsedMs = this.opts.env.now();
    return e?.value;
  }

  state(url: string): LoadState | undefined {
    return this.entries.get(url)?.state;
  }

  error(url: string): Error | undefined {
    return this.entries.get(url)?.error;
  }

  /** Marks a URL as used by a layer (referenced entries are never reclaimed). */
  retain(url: string): void {
    const e = this.entries.get(url);
    if (e) {
      e.refs++;
      e.lastUsedMs = this.opts.env.now();
    }
  }

  release(url: string): void {
    const e = this.entries.get(url);
    if (e && e.refs > 0) {
      e.refs--;
      e.lastUsedMs = this.opts.env.now();
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** True while any load is in flight. */
  get pending(): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.state === 'loading') n++;
    return n;
  }

  /** Values that are loaded, for re-upload after a lost context. */
  readyEntries(): [string, T][] {
    return [...this.entries.values()].filter((e) => e.state === 'ready').map((e) => [e.url, e.value as T]);
  }

  /**
   * Reclaims unreferenced entries older than the age limit, and above the entry limit the least
   * recently used unreferenced ones (maxEntries overrides the limit, e.g. 50 on navigation).
   * Returns the URLs removed.
   */
  cleanup(maxEntries = this.opts.maxEntries): string[] {
    const now = this.opts.env.now();
    const removed: string[] = [];
    for (const e of [...this.entries.values()]) {
      if (e.refs === 0 && e.state !== 'loading' && now - e.lastUsedMs > this.opts.maxUnreferencedAgeMs) this.remove(e, removed);
    }
    if (this.entries.size > maxEntries) {
      const idle = [...this.entries.values()].filter((e) => e.refs === 0 && e.state !== 'loading').sort((a, b) => a.lastUsedMs - b.lastUsedMs);
      for (const e of idle) {
        if (this.entries.size <= maxEntries) break;
        this.remove(e, removed);
      }
    }
    return removed;
  }

  /** Drops every entry (evicting loaded values). */
  clear(): void {
    for (const e of [...this.entries.values()]) this.remove(e, []);
  }

  private remove(e: Entry<T>, removed: string[]): void {
    this.entries.delete(e.url);
    removed.push(e.url);
    if (e.state === 'ready' && this.opts.evict) this.opts.evict(e.url, e.value as T);
  }

  private async loadWithRetries(url: string): Promise<T> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= this.opts.retryDelaysMs.length; attempt++) {
      if (attempt > 0) await this.delay(this.opts.retryDelaysMs[attempt - 1]!);
      try {
        return await this.withTimeout(this.opts.load(url));
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.opts.env.setTimer(resolve, ms));
  }

  private withTimeout(p: Promise<T>): Promise<T> {
    const ms = this.opts.timeoutMs;
    return new Promise<T>((resolve, reject) => {
      const timer = this.opts.env.setTimer(() => reject(new Error(textureTimeoutMessage(ms))), ms);
      p.then(
        (v) => {
          this.opts.env.clearTimer(timer);
          resolve(v);
        },
        (e: unknown) => {
          this.opts.env.clearTimer(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }
}
