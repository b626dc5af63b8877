import type { SpaName } from './spa-routes';

export interface SpaCspInput {
  /** The app's own origin (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** Where user code runs (SANDBOX_ORIGIN): the only origin the apps may frame. */
  sandboxOrigin: string;
  /** The sign-in provider's origin (Auth0), when it is not the app's own /idp. */
  authOrigin: string | null;
  /** The object store's origin: presigned uploads PUT there from the browser. */
  storageOrigin: string | null;
  /**
   * A local development run (PUBLIC_ORIGIN is plain http on a loopback host): layers may name
   * loopback media and pages (spec: URL layers accept http://localhost in development).
   */
  localDevelopment?: boolean;
}

/** Loopback sources a development run's layers may load (any port). */
const LOOPBACK_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];

const unique = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];
const wsOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * The Content-Security-Policy of an SPA page (design.md section 4): scripts only from our own
 * origin (no inline script, no foreign script origin; 'wasm-unsafe-eval' lets Automerge compile
 * its wasm, which is not eval of script). Frames: user code only from the sandbox origin, the
 * provider's /idp pages (silent sign-in after a reload), and the https pages of URL layers (design.md rule 3; they are framed sandboxed, never with our origin).
 * Images and media from our origin (public objects are served by /api/assets/public), blob:, data:
 * and any https host, since image and video layers may name media elsewhere (the stage loads it
 * CORS-anonymous, so it cannot read anything the host does not share). Styles
 * allow 'unsafe-inline' because the apps' component styles are injected at run time; style
 * cannot run code. The editor may not be framed at all; projector and site only by themselves.
 */
export function spaCsp(name: SpaName, input: SpaCspInput): string {
  const self = "'self'";
  const local = input.localDevelopment ? LOOPBACK_SOURCES : [];
  const directives: Record<string, string[]> = {
    'default-src': [self],
    'script-src': [self, "'wasm-unsafe-eval'"],
    'style-src': [self, "'unsafe-inline'"],
    'img-src': [self, 'blob:', 'data:', 'https:', ...local],
    'media-src': [self, 'blob:', 'data:', 'https:', ...local],
    'font-src': [self, 'data:'],
    // Stream layers fetch their HLS playlist and segments with hls.js from wherever the stream is.
    'connect-src': unique([self, wsOrigin(input.publicOrigin), input.authOrigin, input.storageOrigin, 'https:', ...local]),
    // The sign-in provider's pages: auth0-spa-js renews a session there in a hidden iframe.
    'frame-src': unique([input.sandboxOrigin, 'https:', input.authOrigin ?? `${input.publicOrigin}/idp/`, ...local]),
    'worker-src': [self, 'blob:'],
    'object-src': ["'none'"],
    'base-uri': [self],
    'form-action': unique([self, input.authOrigin]),
    'frame-ancestors': [name === 'editor' ? "'none'" : self],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}

/** PUBLIC_ORIGIN on plain http from a loopback host: a local run, not a deployment. */
export function isLocalDevelopmentOrigin(publicOrigin: string): boolean {
  const url = new URL(publicOrigin);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
