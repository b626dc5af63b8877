import { describe, expect, it } from 'vitest';
import { isLocalDevelopmentOrigin, spaCsp } from '../static/spa-csp';
import { createTestApp } from '../testing/test-app';

const input = {
  publicOrigin: 'https://studio.example',
  sandboxOrigin: 'https://sandbox.example',
  authOrigin: 'https://tenant.auth0.com',
  storageOrigin: 'https://s3.example',
};
const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('SPA Content-Security-Policy', () => {
  it('forbids inline and foreign script, lets Automerge compile wasm, frames only the sandbox', () => {
    const csp = spaCsp('editor', input);
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    // Frames: user code only from the sandbox origin; URL layers show https pages (design.md rule 3);
    // the sign-in provider for the silent sign-in after a reload (its /idp pages when embedded).
    expect(directive(csp, 'frame-src')).toEqual(['https://sandbox.example', 'https:', 'https://tenant.auth0.com']);
    expect(directive(spaCsp('editor', { ...input, authOrigin: null }), 'frame-src')).toEqual([
      'https://sandbox.example',
      'https:',
      'https://studio.example/idp/',
    ]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    // https: for stream layers, whose HLS playlists hls.js fetches from the stream's host.
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'wss://studio.example', 'https://tenant.auth0.com', 'https://s3.example', 'https:']);
    // Image and video layers may name media on any https host (loaded CORS-anonymous by the stage).
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'blob:', 'data:', 'https:']);
    expect(directive(csp, 'media-src')).toEqual(["'self'", 'blob:', 'data:', 'https:']);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(spaCsp('projector', input), 'frame-ancestors')).toEqual(["'self'"]);
    expect(directive(spaCsp('site', input), 'frame-ancestors')).toEqual(["'self'"]);
  });

  it('a local development run may load loopback media, pages and streams; a deployment may not', () => {
    for (const d of ['img-src', 'media-src', 'frame-src', 'connect-src']) {
      expect(directive(spaCsp('editor', { ...input, localDevelopment: true }), d)).toEqual(
        expect.arrayContaining(['http://localhost:*', 'http://127.0.0.1:*']),
      );
      expect(directive(spaCsp('editor', input), d).some((s) => s.startsWith('http:'))).toBe(false);
    }
    expect(isLocalDevelopmentOrigin('http://localhost:3000')).toBe(true);
    expect(isLocalDevelopmentOrigin('http://127.0.0.1:3000')).toBe(true);
    expect(isLocalDevelopmentOrigin('https://localhost:3000')).toBe(false);
    expect(isLocalDevelopmentOrigin('http://studio.example')).toBe(false);
  });

  it('is sent with every SPA page, per app', async () => {
    const t = await createTestApp();
    try {
      for (const [path, ancestors] of [
        ['/dashboard', "'none'"],
        ['/projector/proj_x/usr_y', "'self'"],
        ['/', "'self'"],
      ] as const) {
        const res = await t.app.inject(path);
        if (res.statusCode === 503) continue; // that SPA is not built in this checkout: no page, no policy
        const csp = String(res.headers['content-security-policy']);
        expect(directive(csp, 'script-src'), path).toEqual(["'self'", "'wasm-unsafe-eval'"]);
        expect(directive(csp, 'frame-ancestors'), path).toEqual([ancestors]);
        // The test app's PUBLIC_ORIGIN is http on loopback: a development run.
        expect(directive(csp, 'frame-src'), path).toEqual([
          t.config.sandboxOrigin,
          'https:',
          `${t.config.publicOrigin}/idp/`,
          'http://localhost:*',
          'http://127.0.0.1:*',
        ]);
        expect(directive(csp, 'connect-src'), path).toContain(new URL(t.app.storage.endpoint).origin);
      }
      // JSON answers are not pages: no SPA policy on them.
      expect((await t.app.inject('/api/health')).headers['content-security-policy']).toBeUndefined();
    } finally {
      await t.close();
    }
    // A whole app (PGlite, migrations, the store, keys) boots inside this test, not in a hook.
  }, 90_000);
});
