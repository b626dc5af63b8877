import type { BrowserStorage } from './PlanUsagePanel';

/** Asks for persistent storage once and reads the quota estimate; null where the browser has neither. */
export async function readBrowserStorage(nav: Navigator = navigator): Promise<BrowserStorage | null> {
  const storage = nav.storage;
  if (!storage?.estimate) return null;
  const persisted = (await storage.persisted?.().catch(() => false)) || (await storage.persist?.().catch(() => false)) || false;
  const { usage = 0, quota = 0 } = await storage.estimate();
  return { usage, quota, persisted };
}
