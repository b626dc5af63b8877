import type { ApiClient } from '../api/client';

/**
 * Asks the api for a billing portal session and answers where to go. Only an http(s) address is
 * followed: the reply decides where the whole tab goes, so anything else is refused with a message.
 */
export async function billingPortalUrl(api: Pick<ApiClient, 'customerPortal'>): Promise<string> {
  const { url } = await api.customerPortal();
  if (typeof url === 'string') {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return parsed.toString();
    } catch {
      // falls through to the message below
    }
  }
  throw new Error('The billing portal did not answer with an address to open');
}
