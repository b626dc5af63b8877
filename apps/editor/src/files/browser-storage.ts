// The browser's own storage (design.md section 2): how much the offline copies (projects, asset
// Blobs, backups) take of the origin's quota, whether the browser keeps them persistently, and the
// warning a person gets before the browser could evict them.

/** What navigator.storage reports. */
export interface BrowserStorage {
  usage: number;
  quota: number;
  persisted: boolean;
}

/** The part of the StorageManager used here (injected in tests). */
export interface StorageManagerLike {
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

/** Above this share of the quota, writes may fail and best-effort data is the first to go. */
export const NEARLY_FULL_RATIO = 0.8;

/**
 * Asks for persistent storage (once it is granted the browser no longer evicts under pressure) and
 * reads the quota estimate; null where the browser has no estimate.
 */
export async function readBrowserStorage(storage: StorageManagerLike | undefined = globalThis.navigator?.storage): Promise<BrowserStorage | null> {
  if (!storage?.estimate) return null;
  const persisted = (await storage.persisted?.().catch(() => false)) || (await storage.persist?.().catch(() => false)) || false;
  const { usage = 0, quota = 0 } = await storage.estimate();
  return { usage, quota, persisted };
}

export function formatStorageBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

export interface BrowserStorageNotice {
  /** 'warning' when the offline copies could be evicted (or no longer fit); 'ok' when kept persistently with room. */
  level: 'ok' | 'warning';
  /** What the browser holds, e.g. "This browser keeps 4.0 MB of offline copies (room for 2.0 GB)." */
  summary: string;
  /** The warning itself; null when there is nothing to fear. */
  warning: string | null;
}

/** The line shown beside the offline cache, and the warning before the browser could evict it. */
export function browserStorageNotice(storage: BrowserStorage): BrowserStorageNotice {
  const summary = `This browser keeps ${formatStorageBytes(storage.usage)} of offline copies (room for ${formatStorageBytes(storage.quota)}).`;
  const ratio = storage.quota > 0 ? storage.usage / storage.quota : 1;
  if (ratio >= NEARLY_FULL_RATIO) {
    return {
      level: 'warning',
      summary,
      warning: `Offline storage is ${Math.min(100, Math.round(ratio * 100))}% full: new offline copies may not fit and the browser may delete the ones it has. Your server copies stay safe; save while online.`,
    };
  }
  if (!storage.persisted) {
    return {
      level: 'warning',
      summary,
      warning:
        'Offline copies are not kept persistently: the browser may delete them when the device runs short of space. Your server copies stay safe; work made offline is only in this browser until the server has it.',
    };
  }
  return { level: 'ok', summary: `${summary} Stored persistently: the browser keeps them.`, warning: null };
}
