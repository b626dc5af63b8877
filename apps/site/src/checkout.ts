/** Starts a card checkout through the api and returns where to go, or the api's error text. */

export type CheckoutResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string };

/** The error text of an api reply, as spec section 7 says: error, else message, else "API Error". */
export function apiErrorMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return 'API Error';
}

/** POSTs to /api/stripe-create-checkout with the plan; a reply without a url is an error. */
export async function startCheckout(planId: string, fetchFn: typeof fetch = fetch): Promise<CheckoutResult> {
  let response: Response;
  try {
    response = await fetchFn('/api/stripe-create-checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ planId }),
    });
  } catch {
    return { ok: false, message: 'Could not reach the server. Check your connection and try again.' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, message: apiErrorMessage(body) };
  const url = (body as { url?: unknown } | null)?.url;
  return typeof url === 'string' ? { ok: true, url } : { ok: false, message: apiErrorMessage(body) };
}
