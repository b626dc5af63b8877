import { describe, expect, it } from 'vitest';
import { startCheckout } from './checkout';
import { apiErrorMessage } from '@beamstage/ui';

const reply =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('startCheckout', () => {
  it('shows the api error text when billing is off', async () => {
    const result = await startCheckout('pro', 'tok', reply(503, { error: 'Billing is not configured', message: 'Set STRIPE_SECRET_KEY' }));
    expect(result).toEqual({ ok: false, message: 'Billing is not configured', needsSignIn: false });
  });

  it('asks a signed-out visitor to sign in', async () => {
    const result = await startCheckout('pro', undefined, reply(401, { error: 'Unauthorized' }));
    expect(result).toEqual({ ok: false, message: 'Unauthorized', needsSignIn: true });
  });

  it('returns the checkout url on success and posts the plan with the token', async () => {
    let sent: unknown;
    let auth = '';
    const fetchFn: typeof fetch = async (_url, init) => {
      sent = JSON.parse(String(init?.body));
      auth = (init?.headers as Record<string, string>)['authorization'] ?? '';
      return new Response(JSON.stringify({ url: 'https://checkout.example/session' }), { status: 200 });
    };
    expect(await startCheckout('studio', 'tok', fetchFn)).toEqual({ ok: true, url: 'https://checkout.example/session' });
    expect(sent).toEqual({ planId: 'studio' });
    expect(auth).toBe('Bearer tok');
  });

  it('falls back to message, then "API Error"', () => {
    expect(apiErrorMessage({ message: 'Sign in first' })).toBe('Sign in first');
    expect(apiErrorMessage(null)).toBe('API Error');
    expect(apiErrorMessage({ error: 42 })).toBe('API Error');
  });
});
