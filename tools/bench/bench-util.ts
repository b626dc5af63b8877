// Small helpers the browser benches share (timing loops and percentiles).
import type { Page } from 'playwright-core';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (nearest rank below) of the values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** Polls `check` every 100 ms until it answers true (a throw counts as not yet); throws after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** A brand-new account through the studio's own sign-up form; resolves on its dashboard. */
export async function signUpForBench(page: Page, base: string, name: string): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.locator('input[name=name]').fill(name);
  await page.locator('input[name=email]').fill(`bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`);
  await page.locator('input[name=password]').fill('warped-surfaces-7781');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}
