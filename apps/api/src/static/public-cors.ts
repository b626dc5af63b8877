/**
 * The paths any web page may call without credentials: what `<beamstage-player>` needs on a site
 * that is not ours (design.md section 1, apps/player), and nothing more.
 *
 * - GET /embed/* : the player script, its lazy chunks and the Automerge wasm (module scripts and
 *   wasm are fetched in CORS mode);
 * - GET /api/projects/public : the published snapshot (it carries only what the public may see);
 * - GET /api/config : the sandbox origin, where the player runs a show's HTML and p5.js layers (the
 *   rest of it, sign-in and feature flags, is what every anonymous visitor of the studio gets too);
 * - POST /api/sync/ticket : an anonymous read-only ticket for a published, realtime project (the
 *   authorization header is not allowed from other origins, so no signed-in grant can be asked for);
 * - GET /api/assets/public/* : published images drawn into WebGL (a texture needs CORS);
 * - GET /app/editor/samples/* : the sample image the editor bundles, drawn by the same projects.
 *
 * Preflights (OPTIONS) of those paths get the same answer.
 */
export function isPublicCorsPath(method: string, url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const reads = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  if (reads && (path.startsWith('/embed/') || path.startsWith('/api/assets/public/') || path.startsWith('/app/editor/samples/'))) return true;
  if (reads && (path === '/api/projects/public' || path === '/api/config')) return true;
  return (method === 'POST' || method === 'OPTIONS') && path === '/api/sync/ticket';
}
