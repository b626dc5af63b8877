// The Content-Security-Policy of every /idp answer (design.md section 4): the provider's pages
// share the origin that holds the tokens, so no script runs there but the sign-out page's own
// (by hash) and the ones oidc-provider writes for form_post/web_message responses (it adds each
// script's hash to this policy's script-src itself). Styles are the pages' inline <style>.
import { createHash } from 'node:crypto';
import { SIGN_OUT_SCRIPT } from './pages';

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** The /idp policy: frames only by our own pages (the editor's silent sign-in). */
export function idpCsp(): string {
  return [
    "default-src 'none'",
    `script-src ${sha256(SIGN_OUT_SCRIPT)}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ');
}
