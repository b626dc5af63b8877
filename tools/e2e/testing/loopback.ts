// Media and pages the journeys need, made for real: a loopback site on another origin (a page, a
// GIF, an HLS playlist), a PNG drawn by the page's canvas and a WebM recorded by Chromium.
import type { Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page, a GIF and an HLS playlist on loopback (a different origin from the studio). */
export async function startLoopbackSite(): Promise<{ server: Server; origin: string }> {
  const gif = Buffer.from('R0lGODlhAQABAIAAAP8AAP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
  const server = createServer((req, res) => {
    if (req.url === '/anim.gif') return res.writeHead(200, { 'content-type': 'image/gif' }).end(gif);
    if (req.url === '/live.m3u8') return res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' }).end('#EXTM3U\n');
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><body style="background:#0af;color:#fff;font:40px sans-serif">Loopback page</body>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

/** A PNG drawn by the page's own canvas (a real encoder, not a fixture). */
export async function makePng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 48;
    const g = c.getContext('2d')!;
    g.fillStyle = '#ff2e97';
    g.fillRect(0, 0, 64, 48);
    g.fillStyle = '#22d3ee';
    g.fillRect(16, 12, 32, 24);
    return c.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

/** A short WebM recorded by Chromium's MediaRecorder from a painted canvas. */
export async function makeWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 64;
    // Attached and painted per animation frame: a detached canvas gives the recorder no frames.
    c.style.cssText = 'position:fixed;left:0;top:0;width:8px;height:8px';
    document.body.appendChild(c);
    const g = c.getContext('2d')!;
    const stream = c.captureStream(30);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((r) => (recorder.onstop = r));
    recorder.start(100);
    for (let i = 0; i < 20; i += 1) {
      g.fillStyle = `hsl(${i * 30} 90% 50%)`;
      g.fillRect(0, 0, 64, 64);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
    }
    recorder.stop();
    await stopped;
    c.remove();
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  return Buffer.from(bytes);
}
