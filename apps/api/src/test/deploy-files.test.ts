import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../config/index';
import { BEAMSTAGE_NGINX_CONF, findNginx, testNginxConfig, writeNginxPrefix } from '../testing/nginx';

// The deployment files (Docker does not run on this machine, so nothing here builds an image):
// nginx parses the repository's config with the compose files' instance lists, compose runs the
// parts the self-hosting page names with that same config, and the image's environment passes the
// api's production check.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const composeNginx = join(root, 'deploy/nginx/beamstage');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(findNginx())('deploy/nginx/beamstage.conf', () => {
  it('passes nginx -t with the compose instance lists (their host names pointed at loopback)', () => {
    const dir = writeNginxPrefix({ port: 18080, sandboxPort: 18081, instances: [1], sandboxInstances: [2] });
    dirs.push(dir);
    // nginx resolves upstream names while testing: api1, api2 exist only inside compose's network.
    for (const name of readdirSync(composeNginx)) {
      const text = readFileSync(join(composeNginx, name), 'utf8');
      writeFileSync(join(dir, 'beamstage', name), text.replace(/\bapi\d+:/g, '127.0.0.1:'));
    }
    const checked = testNginxConfig(dir);
    expect(checked.output).toContain('test is successful');
    expect(checked.ok).toBe(true);
  });

  it('fails nginx -t when an include is missing (the check can fail)', () => {
    const dir = writeNginxPrefix({ port: 18080, sandboxPort: 18081, instances: [1], sandboxInstances: [2] });
    dirs.push(dir);
    rmSync(join(dir, 'beamstage', 'instances.conf'));
    const checked = testNginxConfig(dir);
    expect(checked.ok).toBe(false);
    expect(checked.output).toContain('instances.conf');
  });

  it('routes /sync/{projectId} by consistent hashing and passes websocket upgrades', () => {
    const conf = readFileSync(BEAMSTAGE_NGINX_CONF, 'utf8');
    expect(conf).toMatch(/upstream beamstage_sync \{[^}]*hash \$beamstage_sync_project consistent;/);
    expect(conf).toMatch(/location \/sync\/ \{[^}]*proxy_set_header Upgrade \$http_upgrade;/);
  });
});

describe('deploy/compose.yaml and the Dockerfile', () => {
  const compose = parse(readFileSync(join(root, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, { image?: string; build?: unknown; environment?: Record<string, string>; volumes?: string[] }>;
  };

  it('runs PostgreSQL, MinIO, two api instances and nginx with the tested config', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api1', 'api2', 'minio', 'nginx', 'postgres']);
    expect(compose.services['nginx']!.volumes).toContain('./nginx/beamstage.conf:/etc/nginx/conf.d/default.conf:ro');
    const instances = readFileSync(join(composeNginx, 'instances.conf'), 'utf8');
    for (const api of ['api1', 'api2']) {
      expect(compose.services[api]!.build).toBeTruthy();
      expect(instances).toContain(`server ${api}:3000 `);
    }
  });

  it('gives the api instances an environment the production check accepts', () => {
    const env = compose.services['api1']!.environment!;
    // Compose's ${VAR:?message} and ${VAR} filled as a user would.
    const filled = Object.fromEntries(
      Object.entries(env).map(([k, v]) => [
        k,
        String(v).replace(/\$\{(\w+)(:\?[^}]*)?\}/g, (_m, name: string) =>
          name.endsWith('HOST') ? (name.includes('SANDBOX') ? '192.168.1.20' : 'studio.lan') : 'secret-value',
        ),
      ]),
    );
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const imageEnv = Object.fromEntries([...dockerfile.matchAll(/^\s*(?:ENV\s+)?([A-Z_]+)=(\S+)/gm)].map((m) => [m[1]!, m[2]!]));
    expect(imageEnv['NODE_ENV']).toBe('production');
    const config = loadConfig({ ...imageEnv, ...filled });
    expect(config.databaseUrl).toBe('postgres://beamstage:secret-value@postgres:5432/beamstage');
    expect(config.s3.embedded).toBe(false);
    expect(config.trustProxy).toBe(1);
    expect(() => loadConfig({ ...imageEnv, S3_ENDPOINT: filled['S3_ENDPOINT'] })).toThrow('DATABASE_URL is required when NODE_ENV=production');
  });

  it('builds in two stages from Node 20 slim and runs npm start as a non-root user', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM node:20-slim/gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER beamstage$/m);
    expect(dockerfile).toMatch(/^CMD \["npm", "start"\]$/m);
  });
});
