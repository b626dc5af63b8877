import type { ProjectJson } from '@beamstage/layers';

/**
 * The origin of the studio that served this script: the player's api, sync and assets live there,
 * whatever page embeds it. Read from the module's own URL (never the host page's location).
 */
export function studioOriginOf(scriptUrl: string): string {
  return new URL(scriptUrl).origin;
}

/**
 * Image and mask sources saved as studio paths (the editor's sample image is `/app/editor/...`)
 * resolved against the studio: on another site a relative URL would point at the host page's
 * server. Absolute, data: and blob: URLs are kept. Returns the same project when nothing changed.
 */
export function withStudioUrls(project: ProjectJson, studioOrigin: string): ProjectJson {
  let changed = false;
  const layers = project.layers.map((layer) => {
    if (layer.type !== 'image' && layer.type !== 'mask') return layer;
    const content = layer.content as { src?: unknown };
    if (typeof content.src !== 'string' || content.src === '' || /^[a-z][a-z0-9+.-]*:/i.test(content.src)) return layer;
    changed = true;
    return { ...layer, content: { ...layer.content, src: new URL(content.src, `${studioOrigin}/`).href } } as typeof layer;
  });
  return changed ? { ...project, layers } : project;
}
