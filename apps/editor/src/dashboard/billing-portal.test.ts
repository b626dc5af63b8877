import { describe, expect, it } from 'vitest';
import { ApiClient } from '../api/client';
import { billingPortalUrl } from './billing-portal';

/** An ApiClient over a fetch that records the call and answers `status` with `body`. */
function clientAnswering(status: number, body: unknown) {
  const calls: { url: string; method: string | undefined; auth: string | null }[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), method: init?.method, auth: new Headers(init?.headers).get('authorization') });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { api: new ApiClient(async () => 'tok', fetchFn), calls };
}

describe('billing portal', () => {
  it('posts to /api/stripe-customer-portal with the token and answers the session address', async () => {
    const { api, calls } = clientAnswering(200, { url: 'https://billing.stripe.test/p/session/bps_1' });
    await expect(billingPortalUrl(api)).resolves.toBe('https://billing.stripe.test/p/session/bps_1');
    expect(calls).toEqual([{ url: '/api/stripe-customer-portal', method: 'POST', auth: 'Bearer tok' }]);
  });

  it("shows the api's error text (billing not configured)", async () => {
    const { api } = clientAnswering(503, { error: 'Billing is not configured' });
    await expect(billingPortalUrl(api)).rejects.toThrow('Billing is not configured');
  });

  it('never follows an address that is not http(s)', async () => {
    for (const url of ['javascript:alert(1)', 'not a url', 42, undefined]) {
      const { api } = clientAnswering(200, { url });
      await expect(billingPortalUrl(api)).rejects.toThrow('The billing portal did not answer with an address to open');
    }
  });
});
