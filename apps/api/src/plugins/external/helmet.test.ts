import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import helmetPlugin from './helmet';

/** A bare Fastify with only this plugin: its headers on a route, a 404 and a thrown error. */
async function appFor(publicOrigin: string) {
  const app = Fastify({ logger: false });
  app.decorate('config', { publicOrigin } as never);
  await app.register(helmetPlugin);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

describe('helmet plugin', () => {
  it('sends the same security headers on answers, 404s and errors', async () => {
    const app = await appFor('http://localhost:3000');
    for (const url of ['/ok', '/nope', '/boom']) {
      const res = await app.inject(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    await app.close();
  });

  it('adds HSTS only when the public origin is https', async () => {
    const app = await appFor('https://beamstage.example');
    expect((await app.inject('/ok')).headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    await app.close();
  });
});
