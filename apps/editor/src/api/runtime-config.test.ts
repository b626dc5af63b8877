import { describe, expect, it, vi } from 'vitest';
import { knownRuntimeConfig, loadRuntimeConfig, parseRuntimeConfig, RuntimeConfigError, runtimeConfigOnce } from './runtime-config';

const good = {
  auth: { domain: 'http://localhost:3000/idp', clientId: 'beamstage-editor', audience: 'http://localhost:3000/api' },
  sandboxOrigin: 'http://127.0.0.1:3001',
  billingEnabled: false,
  aiEnabled: false,
};

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

  it('is known at once after the first fetch (a page opened later starts with it), and not after a failure', async () => {
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 502 }));
    await expect(runtimeConfigOnce()).rejects.toThrow('502');
    expect(knownRuntimeConfig()).toBeNull();
    const body = { auth: { domain: 'http://id.test', clientId: 'c', audience: 'a' }, sandboxOrigin: 'http://sandbox.test' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 200 }));
    expect((await runtimeConfigOnce()).sandboxOrigin).toBe('http://sandbox.test');
    expect(knownRuntimeConfig()?.sandboxOrigin).toBe('http://sandbox.test');
    vi.unstubAllGlobals();
  });
});
