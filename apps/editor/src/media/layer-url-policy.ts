// The editor's check of addresses typed into the Add dialogs (design.md section 4 rule 3): URL
// layers, pasted image/video/GIF addresses and HLS fallbacks accept https only, with http on a
// loopback host in development; never javascript:, data:, blob:, file: or the studio's own pages.
// libs/stage holds its own guard for what it draws; this one gives the person a reason before
// anything enters the document (the lead may fold the two into one later).

/** Either the normalised address, or why it was refused (shown to the person as is). */
export type LayerUrlCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

export interface LayerUrlPolicy {
  /** Development: plain http to a loopback host (localhost, 127.0.0.1, [::1]) is allowed too. */
  readonly development: boolean;
  /** Origins of the studio itself (app and sandbox): their pages are never a layer. */
  readonly ownOrigins: readonly string[];
  /** 'stream' also accepts rtmp:// and rtmps:// (the RTMP layer's stream address). */
  readonly kind?: 'web' | 'stream';
}

export const URL_REASONS = {
  empty: 'Enter an address.',
  malformed: 'That is not a web address: it should look like https://example.com/page.',
  javascript: 'javascript: addresses run code inside the studio and are never allowed.',
  data: 'data: addresses are not allowed: upload the file instead.',
  blob: 'blob: addresses only exist in one browser tab and are not allowed.',
  file: 'file: addresses point at files on your own computer and are not allowed: upload the file instead.',
  insecure: 'Only https:// addresses are allowed (plain http is not secure).',
  scheme: 'Only https:// addresses are allowed.',
  own: "The studio's own pages cannot be shown inside a layer.",
  credentials: 'Addresses with a user name or password in them are not allowed.',
} as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for a loopback host name as URL.hostname spells it. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || hostname.toLowerCase().endsWith('.localhost');
}

/** Loopback names are one machine: localhost:5173 and 127.0.0.1:5173 are the same studio. */
function sameSite(a: URL, b: URL): boolean {
  if (a.origin === b.origin) return true;
  return isLoopbackHost(a.hostname) && isLoopbackHost(b.hostname) && a.port === b.port && a.protocol === b.protocol;
}

/** Checks an address a person typed for a layer; the reason says why a refused one is refused. */
export function checkLayerUrl(input: string, policy: LayerUrlPolicy): LayerUrlCheck {
  const text = input.trim();
  if (!text) return { ok: false, reason: URL_REASONS.empty };
  // Schemes are matched before parsing: "javascript:alert(1)" parses, "javascript :x" must not slip by either.
  // URL parsing drops tabs and newlines inside the scheme ("java\tscript:"), so they go first here too.
  const stripped = [...text].filter((c) => c.charCodeAt(0) > 0x1f).join('');
  const scheme = /^\s*([a-z][a-z0-9+.-]*)\s*:/i.exec(stripped)?.[1]?.toLowerCase();
  if (scheme === 'javascript' || scheme === 'vbscript') return { ok: false, reason: URL_REASONS.javascript };
  if (scheme === 'data') return { ok: false, reason: URL_REASONS.data };
  if (scheme === 'blob') return { ok: false, reason: URL_REASONS.blob };
  if (scheme === 'file') return { ok: false, reason: URL_REASONS.file };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: URL_REASONS.malformed };
  }
  const stream = policy.kind === 'stream' && (url.protocol === 'rtmp:' || url.protocol === 'rtmps:');
  if (url.protocol === 'http:') {
    if (!(policy.development && isLoopbackHost(url.hostname))) return { ok: false, reason: URL_REASONS.insecure };
  } else if (url.protocol !== 'https:' && !stream) {
    return { ok: false, reason: URL_REASONS.scheme };
  }
  if (!url.hostname) return { ok: false, reason: URL_REASONS.malformed };
  if (url.username || url.password) return { ok: false, reason: URL_REASONS.credentials };
  for (const origin of policy.ownOrigins) {
    let own: URL;
    try {
      own = new URL(origin);
    } catch {
      continue;
    }
    if (sameSite(url, own)) return { ok: false, reason: URL_REASONS.own };
  }
  return { ok: true, url: url.href };
}

/**
 * The policy in this browser: development when Vite serves the editor in dev mode, or when the
 * studio itself runs on plain http from a loopback host (a local run: a deployed studio is https).
 */
export function browserUrlPolicy(sandboxOrigin = '', kind: LayerUrlPolicy['kind'] = 'web'): LayerUrlPolicy {
  const local = window.location.protocol === 'http:' && isLoopbackHost(window.location.hostname);
  return { development: import.meta.env.DEV || local, ownOrigins: [window.location.origin, ...(sandboxOrigin ? [sandboxOrigin] : [])], kind };
}
