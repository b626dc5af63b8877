import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A site that is not the studio: plain HTML pages on another loopback origin (127.0.0.1 beside the
 * studio's localhost, and its own port), as a gallery or a venue's site would host the embed snippet.
 */
export interface HostSite {
  readonly origin: string;
  /** Serves `html` at `path` with the given response headers (a CSP, for one). */
  page(path: string, html: string, headers?: Record<string, string>): void;
  /** Serves `body` at `path` with the content type (a copy of the player script, for one). */
  file(path: string, body: Buffer | string, type: string): void;
  /** Requests under the prefix have their connection dropped, as a server that is down. */
  dropUnder(prefix: string): void;
  close(): Promise<void>;
}

export async function startHostSite(host = '127.0.0.1', port = 0): Promise<HostSite> {
  const routes = new Map<string, { body: Buffer | string; headers: Record<string, string> }>();
  const dropped: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (dropped.some((p) => path.startsWith(p))) {
      req.socket.destroy();
      return;
    }
    const route = routes.get(path);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    res.writeHead(200, route.headers).end(route.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${bound}`,
    page(path, html, headers = {}) {
      routes.set(path, { body: html, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
    },
    file(path, body, type) {
      routes.set(path, { body, headers: { 'content-type': type, 'access-control-allow-origin': '*' } });
    },
    dropUnder(prefix) {
      dropped.push(prefix);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A host page: a heading, a working button (the page stays usable), the pasted snippet, and an event log. */
export function hostPage(title: string, snippet: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="/host.css">
</head><body>
<h1>${title}</h1>
<button id="host-button" type="button">Clicked 0 times</button>
${snippet}
<script src="/host.js"></script>
</body></html>`;
}

/** The host page's own style: the player gets a 640 px wide box. */
export const HOST_CSS = 'body { font-family: sans-serif; margin: 24px; } beamstage-player { width: 640px; margin: 12px 0; }';

/**
 * The host page's own script (an external file, so a strict CSP without 'unsafe-inline' allows it):
 * records every player's ready and error events and keeps a button working.
 */
export const HOST_SCRIPT = `
window.__events = [];
document.querySelectorAll('beamstage-player').forEach(function (el) {
  ['ready', 'error'].forEach(function (type) {
    el.addEventListener(type, function (e) { window.__events.push({ type: type, project: el.getAttribute('project'), detail: e.detail }); });
  });
});
var clicks = 0;
document.getElementById('host-button').addEventListener('click', function () { clicks += 1; this.textContent = 'Clicked ' + clicks + ' times'; });
`;
