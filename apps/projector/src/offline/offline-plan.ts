import type { Layer, ProjectJson } from '@beamstage/layers';

/** What the offline cache must hold for a project, and which layers it cannot. */
export interface OfflinePlan {
  /** Absolute URLs of the project's media (images, videos, masks, GIFs). */
  media: string[];
  /** Layers that need the network whatever is cached (streams, web pages), by name. */
  notCached: string[];
  /** Changes whenever the project does: names the cache version. */
  version: string;
}

const MEDIA_TYPES = new Set(['image', 'giphy', 'mask', 'dom_mask', 'video']);
const NETWORK_TYPES = new Set(['url', 'rtmp']);

/** FNV-1a of a string, as 8 hex digits: a cache version, not a security boundary. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const sourceOf = (layer: Layer): string | null => {
  const content = layer.content as { src?: unknown };
  return typeof content.src === 'string' && content.src !== '' ? content.src : null;
};

/** The offline plan of a project, media URLs resolved against the page's address. */
export function offlinePlan(project: ProjectJson, base: string): OfflinePlan {
  const media = new Set<string>();
  const notCached: string[] = [];
  for (const layer of project.layers) {
    if (NETWORK_TYPES.has(layer.type)) {
      notCached.push(layer.name);
      continue;
    }
    if (!MEDIA_TYPES.has(layer.type)) continue;
    const src = sourceOf(layer);
    // A data: URL travels inside the JSON, which is cached anyway.
    if (!src || src.startsWith('data:')) continue;
    try {
      media.add(new URL(src, base).toString());
    } catch {
      notCached.push(layer.name);
    }
  }
  return { media: [...media].sort(), notCached, version: fnv1a(JSON.stringify(project)) };
}
