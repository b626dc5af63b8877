// The commerce routes on the whole app (embedded PGlite, s3rver and identity provider) with the
// real stripe SDK against the fake Stripe and AI against the fake OpenAI-compatible server:
// the authorisation matrix, the upload flow over HTTP, webhooks and the AI quota.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../../../tools/testing/fake-openai';
import { startFakeStripe, type FakeStripe } from '../../../../../../tools/testing/fake-stripe';
import { projectMembers, projects } from '../../../db/schema/index';
import { PLAN_CATALOGUE } from '../../../plugins/app/quota/plans';
import { createTestApp, signTestToken, unsignedToken, type TestApp } from '../../../testing/test-app';

const WEBHOOK_SECRET = 'whsec_routes';
let t: TestApp;
let stripeFake: FakeStripe;
let aiFake: FakeOpenAi;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const PROJECT = 'proj_commerce_matrix';

type Caller = 'none' | 'expired' | 'wrongAudience' | 'algNone' | 'other' | 'viewer' | 'editor' | 'owner';
const CALLERS: Caller[] = ['none', 'expired', 'wrongAudience', 'algNone', 'other', 'viewer', 'editor', 'owner'];

const call = (caller: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: caller === 'none' ? {} : { authorization: `Bearer ${tokens[caller]}` } });
const put = (url: string, body: Buffer | string, type: string) => fetch(url, { method: 'PUT', body, headers: { 'Content-Type': type } });
const png = (size: number) => {
  const b = Buffer.alloc(size, 1);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
};

/** Uploads a finalised PNG as the owner and returns its key. */
const ownerUpload = async (area: 'assets' | 'masks') => {
  const res = await call('owner', 'POST', `/api/${area}/create-upload-url`, { fileName: 'x.png', fileType: 'image/png', projectId: PROJECT, fileSize: 64 });
  expect(res.statusCode).toBe(200);
  const { uploadUrl, key } = res.json();
  expect((await put(uploadUrl, png(64), 'image/png')).status).toBe(200);
  return key as string;
};

beforeAll(async () => {
  stripeFake = await startFakeStripe();
  stripeFake.addPrice({ id: 'price_pro', product: 'prod_beamstage', unit_amount: 1200 });
  aiFake = await startFakeOpenAi();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_routes',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_API_HOST: stripeFake.host,
    STRIPE_API_PORT: String(stripeFake.port),
    STRIPE_API_PROTOCOL: 'http',
    AI_BASE_URL: aiFake.baseUrl,
    AI_API_KEY: 'sk-fake',
  });
  for (const who of ['owner', 'editor', 'viewer', 'other'] as const) {
    tokens[who] = await signTestToken(t.app, { sub: `sub-${who}` });
    const me = await call(who, 'GET', '/api/me');
    expect(me.statusCode).toBe(200);
    ids[who] = me.json().id;
  }
  tokens.expired = await signTestToken(t.app, { sub: 'sub-owner', expiresIn: -3600 });
  tokens.wrongAudience = await signTestToken(t.app, { sub: 'sub-owner', audience: 'https://someone-else.example/api' });
  tokens.algNone = unsignedToken(t.app, 'sub-owner');
  await t.app.db.insert(projects).values({ id: PROJECT, ownerId: ids.owner!, name: 'Matrix', data: {} });
  await t.app.db.insert(projectMembers).values([
    { projectId: PROJECT, userId: ids.editor!, role: 'editor' },
    { projectId: PROJECT, userId: ids.viewer!, role: 'viewer' },
  ]);
});
afterAll(async () => {
  await t?.close();
  await stripeFake?.close();
  await aiFake?.close();
});

describe('commerce routes on the full app', () => {
  it('authorisation matrix: no unauthorised success on any commerce route', async () => {
    const assetKey = await ownerUpload('assets');
    const maskKey = await ownerUpload('masks');
    const deleteAssetKey = await ownerUpload('assets');
    const deleteMaskKey = await ownerUpload('masks');
    const selfService: Caller[] = ['other', 'viewer', 'editor', 'owner'];
    const routes: { method: 'GET' | 'POST'; url: string; body?: object; allowed: Caller[] }[] = [
      {
        method: 'POST',
        url: '/api/assets/create-upload-url',
        body: { fileName: 'a.png', fileType: 'image/png', projectId: PROJECT, fileSize: 10 },
        allowed: ['editor', 'owner'],
      },
      {
        method: 'POST',
        url: '/api/masks/create-upload-url',
        body: { fileName: 'a.png', fileType: 'image/png', projectId: PROJECT, fileSize: 10 },
        allowed: ['editor', 'owner'],
      },
      { method: 'POST', url: '/api/assets/finalize', body: { key: assetKey }, allowed: ['owner'] },
      { method: 'POST', url: '/api/assets/set-public-acl', body: { key: assetKey }, allowed: ['owner'] },
      { method: 'POST', url: '/api/masks/finalize', body: { key: maskKey }, allowed: ['owner'] },
      { method: 'POST', url: '/api/masks/set-public-acl', body: { key: maskKey }, allowed: ['owner'] },
      { method: 'GET', url: '/api/storage-usage', allowed: selfService },
      { method: 'GET', url: '/api/ai-usage', allowed: selfService },
      { method: 'POST', url: '/api/ai-generate', body: { prompt: 'a red square', type: 'html' }, allowed: selfService },
      { method: 'POST', url: '/api/stripe-create-checkout', body: { planId: 'pro' }, allowed: selfService },
      { method: 'POST', url: '/api/stripe-customer-portal', body: {}, allowed: selfService },
      { method: 'POST', url: '/api/stripe-get-prices-by-product', body: { productId: 'prod_beamstage' }, allowed: selfService },
      { method: 'POST', url: '/api/assets/delete', body: { key: deleteAssetKey }, allowed: ['owner'] },
      { method: 'POST', url: '/api/masks/delete', body: { key: deleteMaskKey }, allowed: ['owner'] },
    ];
    const unauthorisedSuccesses: string[] = [];
    const refusedAllowed: string[] = [];
    let attempts = 0;
    for (const route of routes) {
      for (const caller of CALLERS) {
        const res = await call(caller, route.method, route.url, route.body);
        attempts++;
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (ok && !route.allowed.includes(caller)) unauthorisedSuccesses.push(`${caller} ${route.url} ${res.statusCode}`);
        if (!ok && route.allowed.includes(caller)) refusedAllowed.push(`${caller} ${route.url} ${res.statusCode} ${res.body}`);
        if (!ok) {
          expect(res.json()).toHaveProperty('error');
          expect(res.body).not.toMatch(/\bat .+\.ts:\d+/);
        }
        if (['none', 'expired', 'wrongAudience', 'algNone'].includes(caller)) expect(res.statusCode, `${caller} ${route.url}`).toBe(401);
      }
    }
    console.log(`commerce authorisation matrix: ${attempts} attempts, ${unauthorisedSuccesses.length} unauthorised successes`);
    expect(unauthorisedSuccesses).toEqual([]);
    expect(refusedAllowed).toEqual([]);
  });

  it('uploads over HTTP, publishes under the public prefix and counts storage', async () => {
    const before = (await call('editor', 'GET', '/api/storage-usage')).json();
    const created = await call('editor', 'POST', '/api/masks/create-upload-url', {
      fileName: 'mask.svg',
      fileType: 'image/svg+xml',
      projectId: PROJECT,
      fileSize: 120,
    });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body.key).toMatch(new RegExp(`^u/${ids.editor}/p/${PROJECT}/[0-9a-f-]+\\.svg$`));
    expect(body.maskId).toMatch(/^mask_/);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><path d="M0 0 L5 5"/></svg>';
    expect((await put(body.uploadUrl, svg.padEnd(120, ' '), 'image/svg+xml')).status).toBe(200);
    const pub = await call('editor', 'POST', '/api/masks/set-public-acl', { key: body.key });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().publicUrl).toBe(body.publicUrl);
    const stat = await t.app.storage.client.statObject(t.app.storage.bucket, `${t.app.storage.publicPrefix}${body.key}`);
    expect(stat.metaData['content-type']).toBe('image/svg+xml');
    // Served by the api, without auth, with nosniff and a sandboxing CSP; the script is gone.
    const served = await t.app.inject(new URL(body.publicUrl).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L5 5"/></svg>');
    const ranged = await t.app.inject({ url: new URL(body.publicUrl).pathname, headers: { range: 'bytes=1-3' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 1-3/${stat.size}`);
    expect(ranged.body).toBe('svg');
    // A private (unpublished) object is not served, nor anything outside the key pattern.
    const privateKey = await ownerUpload('assets');
    expect((await t.app.inject(`/api/assets/public/${privateKey}`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/assets/public/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    const after = (await call('editor', 'GET', '/api/storage-usage')).json();
    expect(after.usedBytes).toBe(before.usedBytes + stat.size);
    expect(after.fileCount).toBe(before.fileCount + 1);
    expect((await call('editor', 'POST', '/api/masks/delete', { key: body.key })).statusCode).toBe(200);
    expect((await call('editor', 'GET', '/api/storage-usage')).json().usedBytes).toBe(before.usedBytes);
  });

  it('refuses upload abuse over HTTP: wrong type, oversize, another prefix', async () => {
    expect(
      (await call('owner', 'POST', '/api/assets/create-upload-url', { fileName: 'x.html', fileType: 'text/html', projectId: PROJECT, fileSize: 10 }))
        .statusCode,
    ).toBe(415);
    expect(
      (await call('owner', 'POST', '/api/assets/create-upload-url', { fileName: 'x.png', fileType: 'image/png', projectId: PROJECT, fileSize: 1e9 }))
        .statusCode,
    ).toBe(413);
    expect((await call('owner', 'POST', '/api/masks/create-upload-url', { fileName: 'x.png', fileType: 'image/png', projectId: PROJECT })).statusCode).toBe(
      400,
    );
    const created = (
      await call('owner', 'POST', '/api/assets/create-upload-url', { fileName: 'x.png', fileType: 'image/png', projectId: PROJECT, fileSize: 10 })
    ).json();
    // The length is signed: the store refuses the larger body, so there is nothing to finalise.
    expect((await put(created.uploadUrl, png(4000), 'image/png')).status).toBe(403);
    expect((await call('owner', 'POST', '/api/assets/finalize', { key: created.key })).statusCode).toBe(409);
    expect((await call('other', 'POST', '/api/assets/delete', { key: `u/${ids.owner}/p/${PROJECT}/x.png` })).statusCode).toBe(404);
    expect((await call('owner', 'POST', '/api/assets/set-public-acl', { key: 'public/anything.png' })).statusCode).toBe(404);
  });

  it('verifies webhooks on the raw body and applies 5 concurrent copies once', async () => {
    const payload = JSON.stringify({
      id: 'evt_routes_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { object: 'checkout.session', client_reference_id: ids.other, customer: 'cus_routes', metadata: { planId: 'pro' } } },
    });
    const send = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stripe-webhook',
        payload: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    // Re-serialised JSON (same data, different bytes) must fail: the signature is on the raw body.
    expect((await send(JSON.stringify(JSON.parse(payload), null, 2), signature)).statusCode).toBe(400);
    expect((await send(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }))).statusCode).toBe(400);
    const results = await Promise.all(Array.from({ length: 5 }, () => send(payload, signature)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect((await call('other', 'GET', '/api/ai-usage')).json().dailyLimit).toBe(PLAN_CATALOGUE.find((p) => p.id === 'pro')!.aiDailyLimit);
  });

  it('50 concurrent AI requests with one generation left: exactly one succeeds', async () => {
    const usage = (await call('viewer', 'GET', '/api/ai-usage')).json();
    for (let i = 0; i < usage.remaining - 1; i++)
      expect((await call('viewer', 'POST', '/api/ai-generate', { prompt: `warm ${i}`, type: 'shader' })).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => call('viewer', 'POST', '/api/ai-generate', { prompt: `race ${i}`, type: 'p5js' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(49);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect(Object.keys(winner).sort()).toEqual(['code', 'name', 'type']);
    expect((await call('viewer', 'GET', '/api/ai-usage')).json()).toMatchObject({ remaining: 0 });
  });

  it('lists the plans for the pricing page without auth', async () => {
    const res = await t.app.inject('/api/billing/plans');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.billingEnabled).toBe(true);
    expect(body.plans.map((p: { id: string; purchasable: boolean }) => [p.id, p.purchasable])).toEqual([
      ['free', false],
      ['pro', true],
      ['studio', false],
    ]);
    expect(body.plans[0]).toMatchObject({ projectLimit: 3, aiDailyLimit: 5 });
    expect(JSON.stringify(body)).not.toContain('price_');
  });

  it('prompts beyond the cap are refused by the schema', async () => {
    expect((await call('owner', 'POST', '/api/ai-generate', { prompt: 'x'.repeat(2001), type: 'html' })).statusCode).toBe(400);
  });
});
