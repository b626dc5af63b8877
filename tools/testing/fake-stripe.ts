// A local fake of the few Stripe HTTP endpoints Beamstage calls, so tests run the real stripe SDK
// (pointed here with its host/port/protocol options) without a network. It records every request.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received (form body flattened: `line_items[0][price]` stays a key). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

/** A price the fake lists. */
export interface FakeStripePrice {
  id: string;
  product: string;
  unit_amount: number;
  currency?: string;
  interval?: 'month' | 'year';
}

/** The running fake and what it saw. */
export interface FakeStripe {
  host: string;
  port: number;
  protocol: 'http';
  requests: FakeStripeRequest[];
  customers: Map<string, Record<string, unknown>>;
  addPrice(price: FakeStripePrice): void;
  /** Makes the next `count` requests answer 500 (to test provider failures). */
  failNext(count: number): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Starts the fake on a free loopback port. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, FakeStripePrice>();
  const idempotent = new Map<string, unknown>();
  let failures = 0;
  let seq = 0;
  const id = (prefix: string) => `${prefix}_fake${(++seq).toString().padStart(6, '0')}`;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const body = Object.fromEntries(new URLSearchParams(raw));
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      idempotencyKey,
      authorization: (req.headers.authorization as string | undefined) ?? null,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(payload));
    };
    if (failures > 0) {
      failures--;
      return send(500, { error: { type: 'api_error', message: 'Fake Stripe failure' } });
    }
    if (!req.headers.authorization?.startsWith('Bearer sk_'))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const cacheKey = idempotencyKey ? `${req.method} ${url.pathname} ${idempotencyKey}` : null;
    if (cacheKey && idempotent.has(cacheKey)) return send(200, idempotent.get(cacheKey));
    const answer = (payload: unknown) => {
      if (cacheKey) idempotent.set(cacheKey, payload);
      send(200, payload);
    };
    const metadata = Object.fromEntries(
      Object.entries(body)
        .filter(([k]) => k.startsWith('metadata['))
        .map(([k, v]) => [k.slice(9, -1), v]),
    );

    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata };
      customers.set(customer.id, customer);
      return answer(customer);
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const price = body['line_items[0][price]'];
      if (!price || !prices.has(price)) return send(400, { error: { type: 'invalid_request_error', message: `No such price: '${price}'` } });
      if (body.customer && !customers.has(body.customer))
        return send(400, { error: { type: 'invalid_request_error', message: `No such customer: '${body.customer}'` } });
      const sessionId = id('cs');
      return answer({
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        metadata,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!body.customer || !customers.has(body.customer))
        return send(400, { error: { type: 'invalid_request_error', message: `No such customer: '${body.customer}'` } });
      const sessionId = id('bps');
      return answer({
        id: sessionId,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${sessionId}`,
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/prices') {
      const product = url.searchParams.get('product');
      const data = [...prices.values()]
        .filter((p) => !product || p.product === product)
        .map((p) => ({
          id: p.id,
          object: 'price',
          active: true,
          product: p.product,
          unit_amount: p.unit_amount,
          currency: p.currency ?? 'usd',
          recurring: { interval: p.interval ?? 'month' },
        }));
      return send(200, { object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    requests,
    customers,
    addPrice: (price) => void prices.set(price.id, price),
    failNext: (count) => void (failures = count),
    close: () =>
      new Promise<void>((resolve) => {
        // The SDK keeps sockets alive; drop them so close() does not wait for their idle timeout.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
