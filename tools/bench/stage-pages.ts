// What bench:dom and bench:first-frame share: the pages built by Vite for production (as the
// projector is), served on localhost; the api's real sandbox listener for user code; an asset
// server on another origin (media comes from the object store in the product); Debian Chromium.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { startSandboxOrigin, type SandboxOrigin } from '../../apps/api/src/testing/sandbox-origin';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/chromium';
import { freePort } from '../testing/free-port';

const root = fileURLToPath(new URL('./stage/', import.meta.url));
const samplePng = fileURLToPath(new URL('../../apps/editor/public/samples/beamstage-sample.png', import.meta.url));
const GIF = Buffer.from('R0lGODlhAQABAIAAAP8AAP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

export interface BenchPages {
  pageOrigin: string;
  sandboxOrigin: string;
  assetOrigin: string;
  browser: Browser;
  /** Bytes the asset server answers for /clip.webm (recorded in Chromium at start). */
  setClip(bytes: Buffer): void;
  close(): Promise<void>;
}

function startAssets(): Promise<{ server: Server; origin: string; setClip(b: Buffer): void }> {
  const png = readFileSync(samplePng);
  let clip: Buffer = Buffer.alloc(0);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const cors = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
    if (path === '/picture.png') return res.writeHead(200, { ...cors, 'content-type': 'image/png' }).end(png);
    if (path === '/anim.gif') return res.writeHead(200, { ...cors, 'content-type': 'image/gif' }).end(GIF);
    if (path === '/clip.webm') return res.writeHead(200, { ...cors, 'content-type': 'video/webm' }).end(clip);
    if (path === '/page.html')
      return res
        .writeHead(200, { ...cors, 'content-type': 'text/html' })
        .end('<!doctype html><body style="margin:0;background:#0af;color:#fff;font:32px sans-serif">A web page</body>');
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, setClip: (b) => void (clip = b) }),
    ),
  );
}

export async function startBenchPages(): Promise<BenchPages> {
  const outDir = mkdtempSync(join(tmpdir(), 'beamstage-bench-stage-'));
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: { dom: join(root, 'dom.html'), first: join(root, 'first-frame.html'), empty: join(root, 'empty-webgl.html') } },
    },
  });
  const port = await freePort();
  const pageOrigin = `http://localhost:${port}`;
  const sandbox: SandboxOrigin = await startSandboxOrigin(pageOrigin);
  const server: PreviewServer = await preview({
    root,
    configFile: false,
    logLevel: 'error',
    build: { outDir },
    preview: { port, strictPort: true, host: 'localhost' },
  });
  const assets = await startAssets();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
    headless: true,
  });
  return {
    pageOrigin,
    sandboxOrigin: sandbox.origin,
    assetOrigin: assets.origin,
    browser,
    setClip: assets.setClip,
    async close() {
      await browser.close();
      await new Promise<void>((r) => server.httpServer.close(() => r()));
      assets.server.closeAllConnections();
      assets.server.close();
      await sandbox.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
