// The sandbox origin's listener: runner page per trusted studio origin, its scripts, p5.js from npm.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index';
import { buildSandboxServer } from './sandbox-server';

const config = loadConfig({ PORT: '4000', DATA_DIR: '/tmp/unused', SANDBOX_PARENT_ORIGINS: 'http://localhost:4200, http://localhost:4300' });

describe('sandbox server', () => {
  it('serves the runner for each studio origin, framable by that origin alone', async () => {
    const sandbox = buildSandboxServer(config);
    for (const parent of ['http://localhost:4000', 'http://localhost:4200']) {
      const res = await sandbox.inject(`/runner.html?parent=${encodeURIComponent(parent)}`);
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`frame-ancestors ${parent}`);
      expect(csp.split('frame-ancestors ')[1]).toBe(parent);
      expect(csp).toContain("frame-src 'none'");
      expect(res.body).toContain(`content="${parent}"`);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    for (const bad of ['https://evil.example', 'http://127.0.0.1:4001', '"><script>alert(1)</script>']) {
      const res = await sandbox.inject(`/runner.html?parent=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(403);
    }
    await sandbox.close();
  });

  it('serves its scripts and p5.js from npm (no CDN)', async () => {
    const sandbox = buildSandboxServer(config);
    const p5 = await sandbox.inject('/p5.min.js');
    expect(p5.statusCode).toBe(200);
    expect(p5.headers['content-type']).toContain('text/javascript');
    expect(p5.body).toMatch(/p5\.js v1\.11\.\d+/);
    for (const path of ['/runner.js', '/loop-guard.js']) expect((await sandbox.inject(path)).statusCode).toBe(200);
    expect((await sandbox.inject('/runner.html')).body).not.toMatch(/cdn|unpkg|jsdelivr/i);
    await sandbox.close();
  });

  it('has a p5 frame fetch p5.js with its page (a preload header), and only a p5 frame', async () => {
    const sandbox = buildSandboxServer(config);
    const runner = (kind: string) => sandbox.inject(`/runner.html?parent=${encodeURIComponent('http://localhost:4000')}&kind=${kind}`);
    const p5 = await runner('p5');
    expect(p5.statusCode).toBe(200);
    expect(p5.headers['link']).toBe('</p5.min.js>; rel=preload; as=script');
    for (const kind of ['html', 'script', '%3Cp5%3E']) {
      const res = await runner(kind);
      expect(res.statusCode).toBe(200);
      expect(res.headers['link'], kind).toBeUndefined();
    }
    // The kind never opens the page to another studio origin.
    expect((await sandbox.inject(`/runner.html?parent=${encodeURIComponent('https://evil.example')}&kind=p5`)).statusCode).toBe(403);
    await sandbox.close();
  });

  it('refuses a parent list that names the sandbox origin itself', () => {
    expect(() => loadConfig({ PORT: '4000', DATA_DIR: '/tmp/unused', SANDBOX_PARENT_ORIGINS: 'http://127.0.0.1:4001' })).toThrow(
      /must not name SANDBOX_ORIGIN/,
    );
  });
});
