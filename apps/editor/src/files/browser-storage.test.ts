import { describe, expect, it } from 'vitest';
import { browserStorageNotice, readBrowserStorage } from './browser-storage';
import type { StorageManagerLike } from './browser-storage';

/** A storage manager that records what it was asked and grants persistence as told. */
function manager(opts: { persisted: boolean; grant: boolean; usage?: number; quota?: number }) {
  const asked: string[] = [];
  const storage: StorageManagerLike = {
    estimate: async () => {
      asked.push('estimate');
      return { usage: opts.usage ?? 0, quota: opts.quota ?? 0 };
    },
    persisted: async () => {
      asked.push('persisted');
      return opts.persisted;
    },
    persist: async () => {
      asked.push('persist');
      return opts.grant;
    },
  };
  return { storage, asked };
}

describe("the browser's storage", () => {
  it('asks for persistent storage when it is not yet, and reads the estimate', async () => {
    const { storage, asked } = manager({ persisted: false, grant: true, usage: 4_000_000, quota: 2_000_000_000 });
    expect(await readBrowserStorage(storage)).toEqual({ usage: 4_000_000, quota: 2_000_000_000, persisted: true });
    expect(asked).toEqual(['persisted', 'persist', 'estimate']);
  });

  it('does not ask again once persisted, and reports a refusal as not persisted', async () => {
    const kept = manager({ persisted: true, grant: false });
    expect((await readBrowserStorage(kept.storage))?.persisted).toBe(true);
    expect(kept.asked).not.toContain('persist');
    const refused = manager({ persisted: false, grant: false, usage: 1, quota: 10 });
    expect((await readBrowserStorage(refused.storage))?.persisted).toBe(false);
  });

  it('keeps going when persist throws, and is null without an estimate', async () => {
    const storage: StorageManagerLike = { estimate: async () => ({}), persist: () => Promise.reject(new Error('denied')) };
    expect(await readBrowserStorage(storage)).toEqual({ usage: 0, quota: 0, persisted: false });
    expect(await readBrowserStorage({})).toBeNull();
    expect(await readBrowserStorage(undefined)).toBeNull();
  });

  it('warns before offline copies could be evicted: not persistent, or nearly full', () => {
    const loose = browserStorageNotice({ usage: 4 * 1024 ** 2, quota: 2 * 1024 ** 3, persisted: false });
    expect(loose.level).toBe('warning');
    expect(loose.summary).toBe('This browser keeps 4.0 MB of offline copies (room for 2.0 GB).');
    expect(loose.warning).toContain('the browser may delete them when the device runs short of space');

    const full = browserStorageNotice({ usage: 850, quota: 1000, persisted: true });
    expect(full.level).toBe('warning');
    expect(full.warning).toContain('Offline storage is 85% full');

    const safe = browserStorageNotice({ usage: 100, quota: 1000, persisted: true });
    expect(safe).toEqual({
      level: 'ok',
      summary: 'This browser keeps 100 B of offline copies (room for 1000 B). Stored persistently: the browser keeps them.',
      warning: null,
    });
  });

  it('treats an unknown quota as full (nothing known to be safe)', () => {
    expect(browserStorageNotice({ usage: 0, quota: 0, persisted: true }).warning).toContain('100% full');
  });
});
