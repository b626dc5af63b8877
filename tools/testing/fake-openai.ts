// A local OpenAI-compatible chat completions endpoint for tests of AI generation: answers with a
// fenced code block built from the prompt, or fails on demand. It records every request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The running fake. */
export interface FakeOpenAi {
  /** Base URL to give as AI_BASE_URL (ends with /v1). */
  baseUrl: string;
  requests: { path: string; authorization: string | null; body: { model?: string; messages?: { role: string; content: string }[] } }[];
  /** What the next answers do: 'ok', 'error' (HTTP 500) or 'garbage' (200 with a non-JSON body). */
  mode: 'ok' | 'error' | 'garbage';
  /** Delay before answering, in ms. */
  delayMs: number;
  close(): Promise<void>;
}

/** Starts the fake on a free loopback port. */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = { baseUrl: '', requests: [], mode: 'ok', delayMs: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: FakeOpenAi['requests'][number]['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = {};
      }
      fake.requests.push({ path: req.url ?? '', authorization: (req.headers.authorization as string | undefined) ?? null, body });
      const reply = () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: { message: 'not found' } }));
        }
        if (fake.mode === 'error') {
          res.writeHead(500, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: { message: 'The fake model is overloaded' } }));
        }
        if (fake.mode === 'garbage') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>oops</html>');
        }
        const prompt = body.messages?.at(-1)?.content ?? '';
        const content = `Here you go:\n\n\`\`\`\n// generated for: ${prompt.replace(/\n/g, ' ').slice(0, 80)}\nvoid main() { gl_FragColor = vec4(1.0); }\n\`\`\`\n`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${fake.requests.length}`,
            object: 'chat.completion',
            model: body.model ?? 'fake',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          }),
        );
      };
      if (fake.delayMs > 0) setTimeout(reply, fake.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
