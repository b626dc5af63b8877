/** Why a URL layer's address was refused, or the address to frame. */
export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

export interface UrlPolicy {
  /** Origins of the studio itself (app and sandbox): their pages are never framed in a URL layer. */
  studioOrigins: readonly string[];
  /** Development: also accept http://localhost and http://127.0.0.1 pages. */
  allowLocalHttp?: boolean;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A studio page served over plain http from this machine is a development run (a deployed studio
 * is https): its URL layers may show loopback pages too. Editor and projector decide alike.
 */
export function isLocalDevelopmentPage(location: { protocol: string; hostname: string }): boolean {
  return location.protocol === 'http:' && LOCAL_HOSTS.has(location.hostname);
}

/**
 * Checks a URL layer's address (design.md section 4 rule 3): https only (http on localhost in
 * development); javascript:, data:, blob:, file: and the studio's own pages are refused with a
 * message the editor shows on the layer. Pure: the editor's inspector and the stage share it.
 */
export function checkLayerUrl(raw: string, policy: UrlPolicy): UrlCheck {
  const text = raw.trim();
  if (text === '') return { ok: false, message: 'Enter a web address starting with https://' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `"${text}" is not a web address: use a full address starting with https://` };
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (['javascript', 'data', 'blob', 'file', 'about', 'vbscript', 'filesystem'].includes(scheme)) {
    return { ok: false, message: `${scheme}: addresses cannot be shown in a URL layer: use an https:// page` };
  }
  const studio = new Set(policy.studioOrigins.map((o) => safeOrigin(o)).filter((o): o is string => o !== null));
  if (studio.has(url.origin)) return { ok: false, message: "Beamstage's own pages cannot be shown inside a URL layer" };
  if (scheme === 'http') {
    if (!(policy.allowLocalHttp && LOCAL_HOSTS.has(url.hostname))) {
      return { ok: false, message: 'Only https:// pages can be shown in a URL layer (http:// is not secure)' };
    }
  } else if (scheme !== 'https') {
    return { ok: false, message: `${scheme}: addresses cannot be shown in a URL layer: use an https:// page` };
  }
  if (url.username || url.password) return { ok: false, message: 'Web addresses with a user name or password cannot be shown in a URL layer' };
  return { ok: true, url: url.href };
}

function safeOrigin(origin: string): string | null {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}
