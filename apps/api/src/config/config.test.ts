import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/beamstage');
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('loadConfig', () => {
  it('has the embedded defaults', () => {
    const c = loadConfig({}, '/srv/beamstage');
    expect(c.port).toBe(3000);
    expect(c.sandboxPort).toBe(3001);
    expect(c.dataDir).toBe('/srv/beamstage/data');
    expect(c.publicOrigin).toBe('http://localhost:3000');
    expect(c.sandboxOrigin).toBe('http://127.0.0.1:3001');
    expect(c.databaseUrl).toBeNull();
    expect(c.s3).toMatchObject({ embedded: true, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' });
    expect(c.auth).toMatchObject({ embedded: true, domain: 'http://localhost:3000/idp', issuer: 'http://localhost:3000/idp/', clientId: 'beamstage-editor' });
    expect(c.demo).toEqual({ email: 'demo@beamstage.local', password: 'beamstage-demo' });
    expect(c.stripe).toBeNull();
    expect(c.ai).toBeNull();
  });

  it('derives SANDBOX_PORT and origins from PORT', () => {
    const c = loadConfig({ PORT: '4000', DATA_DIR: '/tmp/x' });
    expect(c.sandboxPort).toBe(4001);
    expect(c.publicOrigin).toBe('http://localhost:4000');
    expect(c.dataDir).toBe('/tmp/x');
  });

  it('names every bad value in one line each', () => {
    const problems = problemsOf({ PORT: 'abc', SANDBOX_PORT: '70000', DATABASE_URL: 'mysql://x', PUBLIC_ORIGIN: 'ftp://x', LOG_LEVEL: 'loud' });
    expect(problems).toHaveLength(5);
    expect(problems[0]).toBe('PORT must be a port number from 0 to 65535 (got "abc").');
    expect(problems.some((p) => p.startsWith('SANDBOX_PORT must be a port number'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_URL must start with postgres://'))).toBe(true);
    expect(problems.some((p) => p.startsWith('PUBLIC_ORIGIN must be an http(s) origin'))).toBe(true);
    expect(problems.some((p) => p.startsWith('LOG_LEVEL must be one of'))).toBe(true);
    for (const p of problems) expect(p).not.toContain('\n');
  });

  it('requires audience and client id with Auth0, and credentials with S3', () => {
    const problems = problemsOf({ AUTH_DOMAIN: 'tenant.eu.auth0.com', S3_ENDPOINT: 'http://minio:9000' });
    expect(problems).toContain('AUTH_AUDIENCE is required when AUTH_DOMAIN is set (the API identifier in Auth0).');
    expect(problems).toContain('AUTH_CLIENT_ID is required when AUTH_DOMAIN is set (the SPA application client id).');
    expect(problems).toContain('S3_ACCESS_KEY and S3_SECRET_KEY are required when S3_ENDPOINT is set.');
  });

  it('reads Auth0, Stripe and AI settings', () => {
    const c = loadConfig({
      AUTH_DOMAIN: 'tenant.eu.auth0.com',
      AUTH_AUDIENCE: 'https://api.beamstage.app',
      AUTH_CLIENT_ID: 'abc',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PRICE_PRO: 'price_1',
      STRIPE_API_PORT: '12111',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
    });
    expect(c.auth).toMatchObject({ embedded: false, issuer: 'https://tenant.eu.auth0.com/', jwksUrl: 'https://tenant.eu.auth0.com/.well-known/jwks.json' });
    expect(c.stripe).toMatchObject({ secretKey: 'sk_test_1', prices: { pro: 'price_1' }, port: 12111 });
    expect(c.ai).toMatchObject({ baseUrl: 'http://127.0.0.1:11434/v1' });
  });

  it('requires the real database and object store in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'DATABASE_URL is required when NODE_ENV=production (the embedded PGlite serves one machine only).',
      'S3_ENDPOINT is required when NODE_ENV=production (the embedded object store serves one machine only).',
    ]);
    expect(
      problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/beamstage', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' }),
    ).toEqual([]);
  });

  it('refuses a sandbox origin equal to the app origin', () => {
    expect(problemsOf({ SANDBOX_ORIGIN: 'http://localhost:3000' })).toEqual([
      'SANDBOX_ORIGIN must differ from PUBLIC_ORIGIN: user code must not run in the app origin.',
    ]);
  });

  it('reads TRUST_PROXY as none by default (even with an https PUBLIC_ORIGIN), a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://studio.example' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY=true would believe any X-Forwarded-For/);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/40,proxy.example' })[0]).toMatch(
      /^TRUST_PROXY must be a hop count .*not addresses: 10\.0\.0\.0\/40, proxy\.example\.$/,
    );
    expect(problemsOf({ TRUST_PROXY: '50' })[0]).toMatch(/^TRUST_PROXY must be a hop count from 0 to 10/);
  });
});
