/** How long the projector waits for /api/config before drawing without user-code layers. */
export const CONFIG_TIMEOUT_MS = 2_000;

/**
 * The sandbox origin for HTML and p5.js layers, from GET /api/config. Offline or on a failure the
 * projector still plays every other layer; user-code layers then report that they cannot run.
 */
export async function loadSandboxOrigin(fetchFn: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchFn('/api/config', { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
    if (!res.ok) return null;
    const body = (await res.json()) as { sandboxOrigin?: unknown };
    if (typeof body.sandboxOrigin !== 'string') return null;
    const url = new URL(body.sandboxOrigin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}
