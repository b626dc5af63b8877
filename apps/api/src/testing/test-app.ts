// Builders for api tests: an app on a temp data dir (PGlite or a given Postgres URL) and tokens
// signed with the embedded provider's own key, for the authorisation matrix.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type AppConfig } from '../config/index';
import { loadIdpSecrets } from '../idp/secrets';
import { seedDataDir } from '../../../../tools/testing/pglite-template';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/** Builds an app on a fresh temp DATA_DIR (ready, not listening); `options` as buildApp's (the logger stays off). */
export async function createTestApp(env: Record<string, string> = {}, options: Omit<BuildOptions, 'logger'> = {}): Promise<TestApp> {
  const dataDir = seedDataDir(mkdtempSync(join(tmpdir(), 'beamstage-api-test-')));
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp(config, { ...options, logger: false });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TokenOptions {
  sub: string;
  email?: string;
  name?: string;
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token; null for a token without exp. */
  expiresIn?: number | null;
}

/** Signs an access token with the embedded provider's key (as oidc-provider would). */
export async function signTestToken(app: FastifyInstance, opts: TokenOptions): Promise<string> {
  const secrets = await loadIdpSecrets(app.db);
  const jwk = secrets.privateJwks.keys[0]!;
  const key = await importJWK(jwk as never, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  const exp = opts.expiresIn === null ? null : now + (opts.expiresIn ?? 3600);
  const jwt = new SignJWT({ email: opts.email ?? `${opts.sub}@example.test`, name: opts.name ?? opts.sub, scope: 'api' })
    .setProtectedHeader({ alg: 'RS256', kid: (jwk as { kid?: string }).kid, typ: 'at+jwt' })
    .setSubject(opts.sub)
    .setIssuer(opts.issuer ?? app.config.auth.issuer)
    .setAudience(opts.audience ?? app.config.auth.audience)
    .setIssuedAt(exp === null ? now : Math.min(now, exp - 60));
  if (exp !== null) jwt.setExpirationTime(exp);
  return jwt.sign(key);
}

/** An unsigned token (alg none) with otherwise valid claims. */
export function unsignedToken(app: FastifyInstance, sub: string): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub, iss: app.config.auth.issuer, aud: app.config.auth.audience, iat: now, exp: now + 3600 })}.`;
}
