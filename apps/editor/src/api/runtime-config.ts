/** The public runtime config the api serves at GET /api/config. */
export interface RuntimeConfig {
  readonly auth: { readonly domain: string; readonly clientId: string; readonly audience: string };
  readonly sandboxOrigin: string;
  readonly billingEnabled: boolean;
  readonly aiEnabled: boolean;
}

/** Thrown when /api/config is unreachable or malformed: the editor cannot sign anyone in without it. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

function str(v: unknown, field: string): string {
  if (typeof v !== 'string' || v === '') throw new RuntimeConfigError(`/api/config is missing ${field}`);
  return v;
}

/** Checks the shape of the config reply field by field. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const auth = (b['auth'] && typeof b['auth'] === 'object' ? b['auth'] : {}) as Record<string, unknown>;
  return {
    auth: { domain: str(auth['domain'], 'auth.domain'), clientId: str(auth['clientId'], 'auth.clientId'), audience: str(auth['audience'], 'auth.audience') },
    sandboxOrigin: typeof b['sandboxOrigin'] === 'string' ? b['sandboxOrigin'] : '',
    billingEnabled: b['billingEnabled'] === true,
    aiEnabled: b['aiEnabled'] === true,
  };
}

/** Fetches and checks GET /api/config. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchFn('/api/config', { headers: { accept: 'application/json' } });
  } catch {
    throw new RuntimeConfigError('The Beamstage server cannot be reached.');
  }
  if (!response.ok) throw new RuntimeConfigError(`The Beamstage server answered ${response.status} for /api/config.`);
  return parseRuntimeConfig(await response.json().catch(() => null));
}

let shared: Promise<RuntimeConfig> | null = null;
let known: RuntimeConfig | null = null;

/** The page's runtime config, fetched once and shared by every part that needs it (a failure is retried next time). */
export function runtimeConfigOnce(): Promise<RuntimeConfig> {
  shared ??= loadRuntimeConfig().then(
    (config) => (known = config),
    (error: unknown) => {
      shared = null;
      throw error;
    },
  );
  return shared;
}

/**
 * The config once fetched, at once (null before): a page opened later in the same tab (the editor
 * again, after the dashboard) starts with it instead of a first render that lacks it.
 */
export function knownRuntimeConfig(): RuntimeConfig | null {
  return known;
}
