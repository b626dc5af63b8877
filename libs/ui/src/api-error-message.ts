/**
 * The text a client shows for a failed api reply (spec section 7): the body's `error`, else its
 * `message`, else "API Error". One rule for the editor and the site.
 */
export function apiErrorMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return 'API Error';
}
