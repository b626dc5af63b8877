/** Where an unauthenticated visitor to a protected route goes: /sign-in with the full target path. */
export function signInRedirectPath(target: { pathname: string; search?: string; hash?: string }): string {
  const full = `${target.pathname}${target.search ?? ''}${target.hash ?? ''}`;
  return `/sign-in?redirect_url=${encodeURIComponent(full)}`;
}

/** The default destination after sign-in or sign-up (spec section 2). */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/**
 * The path to return to after sign-in: only same-origin absolute paths are honoured, so a crafted
 * redirect_url cannot send a freshly signed-in user to another site.
 */
export function safeReturnPath(redirectUrl: unknown): string {
  if (typeof redirectUrl !== 'string' || !redirectUrl.startsWith('/') || redirectUrl.startsWith('//') || redirectUrl.startsWith('/\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return redirectUrl;
}
