import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';

/** Runtime configuration, validated once at start from environment variables. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  sandboxPort: number;
  /** The app's own origin, without a trailing slash. */
  publicOrigin: string;
  /** The origin user code runs in: a different site from publicOrigin. */
  sandboxOrigin: string;
  /** Further studio origins whose pages may frame the sandbox runner (Vite dev servers, tests). */
  sandboxParentOrigins: string[];
  /** null: PGlite in DATA_DIR/db. */
  databaseUrl: string | null;
  s3: S3Config;
  auth: AuthConfig;
  demo: { email: string; password: string };
  stripe: StripeConfig | null;
  ai: AiConfig | null;
  /** GIF search through GIPHY; null: the search answers 503 "GIF search is not configured". */
  giphy: GiphyConfig | null;
  logLevel: string;
  /**
   * Which X-Forwarded-For hops to believe (Fastify's trustProxy): false (none, the default), the
   * number of proxies in front, or their addresses/CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** Requests per minute per caller (verified user, else address) on every route. */
  rateLimitPerMinute: number;
  /** Requests per minute per IP on public, unauthenticated routes (the public project fetch). */
  publicRateLimitPerMinute: number;
  /** Folder holding apps/<app>/dist (the repository root). */
  appsRoot: string;
}

/** TRUST_PROXY parsed: nothing, a hop count, or proxy addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

export interface S3Config {
  /** true: s3rver on loopback with files in DATA_DIR/objects. */
  embedded: boolean;
  endpoint: string | null;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

export interface AuthConfig {
  /** true: the oidc-provider inside this server under /idp. */
  embedded: boolean;
  /** What the SPA passes to auth0-react as `domain`. */
  domain: string;
  /** Exact `iss` of tokens, ending with '/'. */
  issuer: string;
  audience: string;
  clientId: string;
  jwksUrl: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | null;
  /** STRIPE_PRICE_<PLAN> values keyed by the lower-cased plan name. */
  prices: Record<string, string>;
  host: string | null;
  port: number | null;
  protocol: 'http' | 'https' | null;
}

export interface GiphyConfig {
  /** The GIPHY api key: used by the server only, never sent to a browser. */
  apiKey: string;
  /** https://api.giphy.com by default; a local fake in tests. */
  baseUrl: string;
}

export interface AiConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

/** Thrown with one line per bad value; server.ts prints them and exits. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const EMBEDDED_CLIENT_ID = 'beamstage-editor';
const S3RVER_KEY = 'S3RVER';

/** Reads and validates the environment; throws ConfigError listing every bad value. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const get = (name: string) => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };

  const port = parsePort(get('PORT'), 3000, 'PORT', problems);
  const sandboxPort = parsePort(get('SANDBOX_PORT'), port === 0 ? 0 : port + 1, 'SANDBOX_PORT', problems);
  if (port !== 0 && sandboxPort === port) problems.push(`SANDBOX_PORT must differ from PORT (both are ${port}).`);
  const host = get('HOST') ?? 'localhost';
  const dataDirRaw = get('DATA_DIR') ?? './data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);

  const publicOrigin = parseOrigin(get('PUBLIC_ORIGIN'), `http://localhost:${port}`, 'PUBLIC_ORIGIN', problems);
  const defaultSandboxHost = safeUrl(publicOrigin)?.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  const sandboxOrigin = parseOrigin(get('SANDBOX_ORIGIN'), `http://${defaultSandboxHost}:${sandboxPort}`, 'SANDBOX_ORIGIN', problems);
  if (sandboxOrigin === publicOrigin) problems.push('SANDBOX_ORIGIN must differ from PUBLIC_ORIGIN: user code must not run in the app origin.');
  const sandboxParentOrigins = (get('SANDBOX_PARENT_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => parseOrigin(o, '', 'SANDBOX_PARENT_ORIGINS', problems))
    .filter((o) => o !== '');
  if (sandboxParentOrigins.includes(sandboxOrigin))
    problems.push('SANDBOX_PARENT_ORIGINS must not name SANDBOX_ORIGIN: the sandbox cannot frame itself as a studio.');

  const databaseUrl = get('DATABASE_URL') ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push('DATABASE_URL must start with postgres:// or postgresql:// (or be unset for the embedded PGlite).');

  const s3Endpoint = get('S3_ENDPOINT') ?? null;
  if (s3Endpoint && !safeUrl(s3Endpoint)) problems.push(`S3_ENDPOINT must be a URL such as http://127.0.0.1:9000 (got "${s3Endpoint}").`);
  if (s3Endpoint && (!get('S3_ACCESS_KEY') || !get('S3_SECRET_KEY'))) problems.push('S3_ACCESS_KEY and S3_SECRET_KEY are required when S3_ENDPOINT is set.');
  const bucket = get('S3_BUCKET') ?? 'beamstage';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    problems.push(`S3_BUCKET must be a valid bucket name (3-63 lower-case letters, digits, dots, dashes; got "${bucket}").`);
  const s3: S3Config = {
    embedded: !s3Endpoint,
    endpoint: s3Endpoint,
    accessKey: get('S3_ACCESS_KEY') ?? S3RVER_KEY,
    secretKey: get('S3_SECRET_KEY') ?? S3RVER_KEY,
    bucket,
    region: get('S3_REGION') ?? 'us-east-1',
  };

  // Production (the Docker image sets NODE_ENV=production): no embedded database or object store,
  // which hold one machine's data only and cannot be shared by several instances.
  if (get('NODE_ENV') === 'production') {
    if (!databaseUrl) problems.push('DATABASE_URL is required when NODE_ENV=production (the embedded PGlite serves one machine only).');
    if (!s3Endpoint) problems.push('S3_ENDPOINT is required when NODE_ENV=production (the embedded object store serves one machine only).');
  }

  const auth = parseAuth(get, publicOrigin, problems);

  const demo = { email: get('DEMO_EMAIL') ?? 'demo@beamstage.local', password: get('DEMO_PASSWORD') ?? 'beamstage-demo' };
  if (!/^[^@\s]+@[^@\s]+$/.test(demo.email)) problems.push(`DEMO_EMAIL must be an e-mail address (got "${demo.email}").`);
  if (demo.password.length < 8) problems.push('DEMO_PASSWORD must be at least 8 characters.');

  const stripe = parseStripe(env, get, problems);
  const ai = parseAi(get, problems);
  const giphy = parseGiphy(get, problems);

  const logLevel = get('LOG_LEVEL') ?? 'warn';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel))
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}").`);

  const trustProxy = parseTrustProxy(get('TRUST_PROXY'), problems);

  const rateLimitPerMinute = parseCount(get('RATE_LIMIT_PER_MINUTE'), 1200, 'RATE_LIMIT_PER_MINUTE', problems);
  const publicRateLimitPerMinute = parseCount(get('RATE_LIMIT_PUBLIC_PER_MINUTE'), 600, 'RATE_LIMIT_PUBLIC_PER_MINUTE', problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    sandboxPort,
    publicOrigin,
    sandboxOrigin,
    sandboxParentOrigins,
    databaseUrl,
    s3,
    auth,
    demo,
    stripe,
    ai,
    giphy,
    logLevel,
    trustProxy,
    rateLimitPerMinute,
    publicRateLimitPerMinute,
    appsRoot: resolve(get('APPS_ROOT') ?? new URL('../../../..', import.meta.url).pathname),
  };
}

function parseAuth(get: (n: string) => string | undefined, publicOrigin: string, problems: string[]): AuthConfig {
  const domainRaw = get('AUTH_DOMAIN');
  if (!domainRaw) {
    const domain = `${publicOrigin}/idp`;
    return {
      embedded: true,
      domain,
      issuer: `${domain}/`,
      audience: get('AUTH_AUDIENCE') ?? `${publicOrigin}/api`,
      clientId: get('AUTH_CLIENT_ID') ?? EMBEDDED_CLIENT_ID,
      jwksUrl: `${domain}/.well-known/jwks.json`,
    };
  }
  const base = /^https?:\/\//.test(domainRaw) ? domainRaw.replace(/\/+$/, '') : `https://${domainRaw.replace(/\/+$/, '')}`;
  if (!safeUrl(base)) problems.push(`AUTH_DOMAIN must be a host name such as tenant.eu.auth0.com (got "${domainRaw}").`);
  const audience = get('AUTH_AUDIENCE');
  const clientId = get('AUTH_CLIENT_ID');
  if (!audience) problems.push('AUTH_AUDIENCE is required when AUTH_DOMAIN is set (the API identifier in Auth0).');
  if (!clientId) problems.push('AUTH_CLIENT_ID is required when AUTH_DOMAIN is set (the SPA application client id).');
  return {
    embedded: false,
    domain: domainRaw,
    issuer: `${base}/`,
    audience: audience ?? '',
    clientId: clientId ?? '',
    jwksUrl: `${base}/.well-known/jwks.json`,
  };
}

function parseStripe(env: Env, get: (n: string) => string | undefined, problems: string[]): StripeConfig | null {
  const secretKey = get('STRIPE_SECRET_KEY');
  if (!secretKey) return null;
  const prices: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (k.startsWith('STRIPE_PRICE_') && v) prices[k.slice('STRIPE_PRICE_'.length).toLowerCase()] = v;
  }
  const portRaw = get('STRIPE_API_PORT');
  const port = portRaw === undefined ? null : parsePort(portRaw, 0, 'STRIPE_API_PORT', problems);
  const protocol = get('STRIPE_API_PROTOCOL') ?? null;
  if (protocol !== null && protocol !== 'http' && protocol !== 'https') problems.push(`STRIPE_API_PROTOCOL must be http or https (got "${protocol}").`);
  return {
    secretKey,
    webhookSecret: get('STRIPE_WEBHOOK_SECRET') ?? null,
    prices,
    host: get('STRIPE_API_HOST') ?? null,
    port,
    protocol: protocol as StripeConfig['protocol'],
  };
}

function parseAi(get: (n: string) => string | undefined, problems: string[]): AiConfig | null {
  const baseUrl = get('AI_BASE_URL');
  if (!baseUrl) return null;
  if (!safeUrl(baseUrl)) problems.push(`AI_BASE_URL must be a URL such as https://api.openai.com/v1 (got "${baseUrl}").`);
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey: get('AI_API_KEY') ?? null, model: get('AI_MODEL') ?? 'gpt-4o-mini' };
}

function parseGiphy(get: (n: string) => string | undefined, problems: string[]): GiphyConfig | null {
  const apiKey = get('GIPHY_API_KEY');
  const baseRaw = get('GIPHY_BASE_URL') ?? 'https://api.giphy.com';
  const base = safeUrl(baseRaw);
  if (!base || (base.protocol !== 'http:' && base.protocol !== 'https:'))
    problems.push(`GIPHY_BASE_URL must be an http(s) URL such as https://api.giphy.com (got "${baseRaw}").`);
  if (!apiKey) return null;
  return { apiKey, baseUrl: baseRaw.replace(/\/+$/, '') };
}

/** Names proxy-addr knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined || raw === 'false' || raw === 'none' || raw === '0') return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) problems.push(`TRUST_PROXY must be a hop count from 0 to 10 or proxy addresses (got "${raw}").`);
    return Math.min(hops, 10);
  }
  if (raw === 'true' || raw === '*') {
    problems.push(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client sends: give the number of proxies in front of the server (e.g. 1 for one nginx) or their addresses (e.g. 10.0.0.5,10.1.0.0/16).',
    );
    return false;
  }
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.filter((e) => !PROXY_RANGE_NAMES.has(e) && !isAddressOrRange(e));
  if (bad.length > 0 || entries.length === 0) {
    problems.push(
      `TRUST_PROXY must be a hop count (e.g. 1) or comma-separated proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8); not addresses: ${bad.join(', ') || raw}.`,
    );
    return false;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function parsePort(raw: string | undefined, fallback: number, name: string, problems: string[]): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 0 || n > 65535) {
    problems.push(`${name} must be a port number from 0 to 65535 (got "${raw}").`);
    return fallback;
  }
  return n;
}

function parseCount(raw: string | undefined, fallback: number, name: string, problems: string[]): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    problems.push(`${name} must be a whole number of at least 1 (got "${raw}").`);
    return fallback;
  }
  return Number(raw);
}

function parseOrigin(raw: string | undefined, fallback: string, name: string, problems: string[]): string {
  if (raw === undefined) return fallback;
  const url = safeUrl(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    problems.push(`${name} must be an http(s) origin such as https://studio.example.com (got "${raw}").`);
    return fallback;
  }
  return url.origin;
}

function safeUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
