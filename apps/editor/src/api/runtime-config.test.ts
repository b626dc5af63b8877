import { describe, expect, it } from 'vitest';
import { RuntimeConfigError, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

const good = { auth: { domain: 'http://localhost:3000/idp', clientId: 'beamstage-editor', audience: 'http://localhost:3000/api' }, sandboxOrigin: 'http://127.0.0.1:3001', billingEnabled: false, aiEnabled: false };

describe('runtime config', () => {
  it('reads the auth settings', () => {
    expect(parseRuntimeConfig(good)).toEqual(good);
  });

  it('rejects a config without auth settings', () => {
    expect(() => parseRuntimeConfig({ auth: { domain: 'x' } })).toThrow(RuntimeConfigError);
  });

  it('reports an unreachable or failing server', async () => {
    await expect(loadRuntimeConfig(async () => new Response('', { status: 502 }))).rejects.toThrow('answered 502');
    await expect(loadRuntimeConfig(async () => Promise.reject(new TypeError('down')))).rejects.toThrow('cannot be reached');
  });
});
