import { describe, expect, it } from 'vitest';
import { checkLayerUrl, isLoopbackHost, URL_REASONS } from './layer-url-policy';
import type { LayerUrlPolicy } from './layer-url-policy';

const prod: LayerUrlPolicy = { development: false, ownOrigins: ['https://studio.example', 'https://sandbox.example'] };
const dev: LayerUrlPolicy = { development: true, ownOrigins: ['http://127.0.0.1:4300'] };

const reason = (input: string, policy = prod) => {
  const r = checkLayerUrl(input, policy);
  return r.ok ? null : r.reason;
};

describe('checkLayerUrl', () => {
  it('accepts https and normalises it', () => {
    expect(checkLayerUrl('  https://Example.com/a?b=1 ', prod)).toEqual({ ok: true, url: 'https://example.com/a?b=1' });
  });

  it('refuses script, data, blob and file addresses with their own reason', () => {
    expect(reason('javascript:alert(1)')).toBe(URL_REASONS.javascript);
    expect(reason('JavaScript:alert(1)')).toBe(URL_REASONS.javascript);
    expect(reason('java\tscript:alert(1)')).toBe(URL_REASONS.javascript);
    expect(reason('data:text/html,<b>x</b>')).toBe(URL_REASONS.data);
    expect(reason('blob:https://studio.example/123')).toBe(URL_REASONS.blob);
    expect(reason('file:///etc/passwd')).toBe(URL_REASONS.file);
  });

  it('refuses plain http, other schemes, empty and malformed input', () => {
    expect(reason('http://example.com')).toBe(URL_REASONS.insecure);
    expect(reason('ftp://example.com/x')).toBe(URL_REASONS.scheme);
    expect(reason('')).toBe(URL_REASONS.empty);
    expect(reason('example.com')).toBe(URL_REASONS.malformed);
    expect(reason('https://user:pw@example.com')).toBe(URL_REASONS.credentials);
  });

  it("refuses the studio's own pages and its sandbox", () => {
    expect(reason('https://studio.example/dashboard')).toBe(URL_REASONS.own);
    expect(reason('https://sandbox.example/run')).toBe(URL_REASONS.own);
    expect(reason('https://other.example/')).toBeNull();
  });

  it('allows http on loopback only in development, and never the studio itself', () => {
    expect(reason('http://localhost:8080/page', prod)).toBe(URL_REASONS.insecure);
    expect(reason('http://localhost:8080/page', dev)).toBeNull();
    expect(reason('http://127.0.0.1:9000/', dev)).toBeNull();
    expect(reason('http://example.com/', dev)).toBe(URL_REASONS.insecure);
    // localhost and 127.0.0.1 on the studio's port are the studio.
    expect(reason('http://localhost:4300/app/editor/', dev)).toBe(URL_REASONS.own);
    expect(reason('http://127.0.0.1:4300/', dev)).toBe(URL_REASONS.own);
  });

  it('accepts rtmp only for stream addresses', () => {
    expect(reason('rtmp://live.example/app/key')).toBe(URL_REASONS.scheme);
    expect(checkLayerUrl('rtmp://live.example/app/key', { ...prod, kind: 'stream' }).ok).toBe(true);
    expect(checkLayerUrl('rtmps://live.example/app/key', { ...prod, kind: 'stream' }).ok).toBe(true);
  });

  it('knows loopback host names', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('app.localhost')).toBe(true);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
  });
});
