import { apiErrorMessage } from '@beamstage/ui';
/** Starts a card checkout through the api and returns where to go, or the api's error text. */

export type CheckoutResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string; readonly needsSignIn: boolean };

/**
 * POSTs to /api/stripe-create-checkout with the plan (and the user's token when signed in); a reply
 * without a url is an error. A 401 asks the visitor to sign in first.
 */
export async function startCheckout(planId: string, token: string | undefined, fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<CheckoutResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetchFn('/api/stripe-create-checkout', { method: 'POST', headers, body: JSON.stringify({ planId }) });
  } catch {
    return { ok: false, message: 'Could not reach the server. Check your connection and try again.', needsSignIn: false };
  }
  const body: unknown = await response.json().catch(() => null);
  const url = (body as { url?: unknown } | null)?.url;
  if (response.ok && typeof url === 'string') return { ok: true, url };
  return { ok: false, message: apiErrorMessage(body), needsSignIn: response.status === 401 };
}
