import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { HEAVY_BODY_BYTES } from '../../projects/heavy-writes';
import foregroundPlugin from './foreground';
import jsonBodyPlugin from './json-body';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

/**
 * A bare Fastify with the two plugins, over real HTTP (keep-alive, as browsers and the victim of
 * hostile-load use it): the count must follow each request from arrival to the response's close.
 */
async function appWith(routes: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 });
  await app.register(foregroundPlugin);
  await app.register(jsonBodyPlugin);
  routes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, base };
}

/**
 * A POST whose body is sent in chunks without a content-length (chunked transfer encoding),
 * `pauseMs` apart: the body's end then arrives in an I/O callback of its own.
 */
const postChunked = (url: string, body: string, pauseMs = 0) =>
  new Promise<string>((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (b: Buffer) => (text += b.toString()));
      res.on('end', () => resolve(`${res.statusCode} ${text}`));
    });
    req.on('error', reject);
    void (async () => {
      for (let i = 0; i < body.length; i += 64 * 1024) {
        req.write(body.slice(i, i + 64 * 1024));
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
      req.end();
    })();
  });

const heavyBody = () => JSON.stringify({ text: 'x'.repeat(HEAVY_BODY_BYTES) });

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('foreground plugin', () => {
  it('counts a light request from arrival until its response closes, on a kept-alive connection', async () => {
    const hold = deferred();
    const seen: number[] = [];
    const { app, base } = await appWith((a) => {
      a.get('/hold', async () => {
        seen.push(a.foreground.running());
        await hold.promise;
        return { ok: true };
      });
      a.get('/ok', async () => ({ running: a.foreground.running() }));
    });
    close = () => app.close();
    const held = fetch(`${base}/hold`);
    await expect.poll(() => seen.length).toBe(1);
    expect(app.foreground.running()).toBe(1);
    hold.resolve();
    await (await held).json();
    for (let i = 0; i < 5; i++) expect(await (await fetch(`${base}/ok`)).json()).toEqual({ running: 1 });
    await expect.poll(() => app.foreground.running()).toBe(0);
  });

  it('stops counting a streamed answer once it is sent, not when the stream ends', async () => {
    const stream = new Readable({ read: () => undefined });
    const { app, base } = await appWith((a) => a.get('/stream', (_request: FastifyRequest, reply: FastifyReply) => reply.type('text/plain').send(stream)));
    close = () => app.close();
    const answer = fetch(`${base}/stream`);
    stream.push('first');
    const res = await answer;
    await expect.poll(() => app.foreground.running()).toBe(0);
    stream.push(null);
    expect(await res.text()).toBe('first');
  });

  it("keeps the request's context through its body, so waiting on background work (park) uncounts it", async () => {
    const background = deferred();
    const inPark: number[] = [];
    const { app, base } = await appWith((a) =>
      a.post('/queued', async () => {
        await a.foreground.park(async () => {
          inPark.push(a.foreground.running());
          await background.promise;
        });
        return { running: a.foreground.running() };
      }),
    );
    close = () => app.close();
    // A light body in three chunks, 20 ms apart.
    const answer = postChunked(`${base}/queued`, JSON.stringify({ a: 'a'.repeat(150 * 1024) }), 20);
    await expect.poll(() => inPark.length).toBe(1);
    expect(inPark).toEqual([0]);
    background.resolve();
    // Counted again once the wait is over, until its answer is sent.
    expect(await answer).toBe('200 {"running":1}');
  });

  it('never counts a heavy body, whether it says its length or comes chunked', async () => {
    const seen: number[] = [];
    const { app, base } = await appWith((a) => a.post('/write', async () => (seen.push(a.foreground.running()), { ok: true })));
    close = () => app.close();
    const body = heavyBody();
    const res = await fetch(`${base}/write`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    expect(await postChunked(`${base}/write`, body)).toMatch(/^200 /);
    expect(seen).toEqual([0, 0]);
  });

  it('parses a heavy body only once no light request is being served', async () => {
    const hold = deferred();
    const order: string[] = [];
    const { app, base } = await appWith((a) => {
      a.get('/hold', async () => {
        order.push('light started');
        await hold.promise;
        order.push('light answered');
        return { ok: true };
      });
      a.post('/write', async () => (order.push('heavy parsed'), { ok: true }));
    });
    close = () => app.close();
    const held = fetch(`${base}/hold`);
    await expect.poll(() => order.length).toBe(1);
    const heavy = fetch(`${base}/write`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: heavyBody() });
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual(['light started']);
    hold.resolve();
    await held;
    expect((await heavy).status).toBe(200);
    expect(order).toEqual(['light started', 'light answered', 'heavy parsed']);
  });
});
