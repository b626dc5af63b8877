/** How long the player waits for the studio's config before drawing without user-code layers. */
export const CONFIG_TIMEOUT_MS = 3_000;

/**
 * Where the player may run a show's HTML and p5.js layers: the studio's sandbox origin, from its
 * GET /api/config (no credentials). Never the studio's own origin or the host page's (user code
 * must not run in either); on any failure null, and those layers stay blank while the rest plays.
 * The sandbox itself decides which host pages may frame it (the studio's SANDBOX_PARENT_ORIGINS):
 * on any other page its runner never starts and the layers stay inert.
 */
export async function loadSandboxOrigin(studioOrigin: string, pageOrigin: string, fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<string | null> {
  try {
    const res = await fetchFn(`${studioOrigin}/api/config`, { credentials: 'omit', signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
    // A URL's origin is "null" for javascript:, data: and file: addresses.
    const origin = new URL(((await res.json()) as { sandboxOrigin: string }).sandboxOrigin).origin;
    return res.ok && /^https?:/.test(origin) && origin !== studioOrigin && origin !== pageOrigin ? origin : null;
  } catch {
    return null;
  }
}
