// A local GIPHY search endpoint for tests of GIF search: answers /v1/gifs/search with results built
// from the query, checks the api key, or fails on demand. It records every request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The running fake. */
export interface FakeGiphy {
  /** Base URL to give as GIPHY_BASE_URL. */
  baseUrl: string;
  /** The key it accepts (GIPHY_API_KEY). */
  apiKey: string;
  requests: { path: string; query: Record<string, string> }[];
  /** 'ok', 'error' (HTTP 500), 'garbage' (200, not JSON) or 'hostile' (odd entries mixed in). */
  mode: 'ok' | 'error' | 'garbage' | 'hostile';
  close(): Promise<void>;
}

/** Starts the fake on a free loopback port. */
export async function startFakeGiphy(apiKey = 'giphy-test-key'): Promise<FakeGiphy> {
  const fake: FakeGiphy = { baseUrl: '', apiKey, requests: [], mode: 'ok', close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams.entries());
    fake.requests.push({ path: url.pathname, query });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/v1/gifs/search') return json(404, { message: 'Not found' });
    if (query['api_key'] !== fake.apiKey) return json(401, { message: 'Invalid authentication credentials' });
    if (fake.mode === 'error') return json(500, { message: 'The fake provider is down' });
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>oops</html>');
    }
    const q = query['q'] ?? '';
    const limit = Math.min(50, Number(query['limit'] ?? 25));
    const data: unknown[] = Array.from({ length: Math.min(limit, 3) }, (_, i) => ({
      id: `gif${i}-${encodeURIComponent(q)}`,
      title: `${q} ${i}`,
      api_key_echo: fake.apiKey,
      images: {
        original: { url: `https://media.giphy.example/${i}/${encodeURIComponent(q)}.gif`, width: '480', height: '270' },
        fixed_width: { url: `https://media.giphy.example/${i}/${encodeURIComponent(q)}-200.gif`, width: '200', height: '113' },
      },
    }));
    if (fake.mode === 'hostile') {
      data.push({ id: 'js', title: 'bad', images: { original: { url: 'javascript:alert(1)' } } });
      data.push({ id: 'http', title: 'plain', images: { original: { url: 'http://media.giphy.example/x.gif' } } });
      data.push({ id: '__proto__', title: { nested: true }, images: { original: { url: 'https://media.giphy.example/p.gif', width: 'NaN' } } });
    }
    json(200, { data, pagination: { count: data.length }, meta: { status: 200 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
