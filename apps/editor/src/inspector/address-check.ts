/**
 * How the inspector checks an address typed into a layer's source field: a message for a refused
 * one, null when it may be written. EditorPage passes the media helpers' policy
 * (design.md section 4 rule 3); `basicAddressCheck` is the rule of that section on its own, used
 * until then and in stories.
 */
export type AddressCheck = (text: string, kind: 'web' | 'media' | 'stream') => string | null;

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/i;

/** https only (http on a loopback host), rtmp(s) for streams, and the studio's own bundled files for media. */
export const basicAddressCheck: AddressCheck = (text, kind) => {
  const t = text.trim();
  if (!t) return kind === 'web' ? 'Enter an address.' : null;
  // The bundled sample pictures are same-origin paths: fine as media, never as a web page layer.
  if (kind === 'media' && t.startsWith('/') && !t.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return 'That is not a web address: it should look like https://example.com/page.';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return null;
  if (kind === 'stream' && (url.protocol === 'rtmp:' || url.protocol === 'rtmps:')) return null;
  return url.protocol === 'http:' ? 'Only https:// addresses are allowed (plain http is not secure).' : 'Only https:// addresses are allowed.';
};
