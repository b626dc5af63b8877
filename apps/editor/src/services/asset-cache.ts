// The offline copy of a project's media (design.md section 2: the `assets` store holds Blobs, not
// data URLs). An opened project's assets are copied into the browser database in the background;
// when the api cannot be reached the stage draws them from there, so media keeps showing (and a
// layer made from an asset while offline still shows its picture). Pure over the store and a
// fetch, so the rules are tested in Node.
import type { Asset, Layer, ProjectJson } from '@beamstage/layers';
import type { LocalAsset, LocalDb } from './local-db';

/** Assets larger than this stay online only: the browser's quota is better spent on many files than one film. */
export const MAX_CACHED_ASSET_BYTES = 200 * 1024 * 1024;

export interface AssetCacheDeps {
  readonly db: Pick<LocalDb, 'putAsset' | 'listAssets'>;
  /** The asset's bytes from the server (throws when it cannot be had). */
  readonly fetchBlob: (url: string) => Promise<Blob>;
}

/** What a cache pass did: ids stored now, ids already stored, ids that could not be had (tried again next pass). */
export interface CachePass {
  readonly stored: string[];
  readonly kept: string[];
  readonly failed: string[];
}

const urlOf = (asset: Asset) => (typeof asset.url === 'string' && asset.url ? asset.url : null);

/**
 * Copies every asset of the project that has a URL and is not yet in the browser database, one at a
 * time (they share the connection with the editor's own traffic). A failure is kept for the next
 * pass, never thrown: the cache is a convenience, and the editor works without it.
 */
export async function cacheProjectAssets(projectId: string, assets: readonly Asset[], deps: AssetCacheDeps): Promise<CachePass> {
  const have = new Set((await deps.db.listAssets(projectId)).map((a) => a.id));
  const pass: CachePass = { stored: [], kept: [], failed: [] };
  for (const asset of assets) {
    const url = urlOf(asset);
    if (!url) continue;
    if (have.has(asset.id)) {
      pass.kept.push(asset.id);
      continue;
    }
    if (typeof asset.size === 'number' && asset.size > MAX_CACHED_ASSET_BYTES) continue;
    try {
      const data = await deps.fetchBlob(url);
      if (data.size > MAX_CACHED_ASSET_BYTES) continue;
      const local: LocalAsset = {
        id: asset.id,
        projectId,
        data,
        type: asset.type || data.type,
        size: data.size,
        name: asset.name,
        created: asset.created ?? new Date(0).toISOString(),
        ...(asset.layerId ? { layerId: asset.layerId } : {}),
        ...(asset.key ? { key: asset.key } : {}),
      };
      await deps.db.putAsset(local);
      pass.stored.push(asset.id);
    } catch {
      pass.failed.push(asset.id);
    }
  }
  return pass;
}

/** The cached Blob of each of the project's assets, by the asset's URL (an asset without a copy is absent). */
export async function cachedBlobsByUrl(projectId: string, assets: readonly Asset[], db: Pick<LocalDb, 'listAssets'>): Promise<Map<string, Blob>> {
  const byId = new Map((await db.listAssets(projectId)).map((a) => [a.id, a.data] as const));
  const out = new Map<string, Blob>();
  for (const asset of assets) {
    const url = urlOf(asset);
    const blob = byId.get(asset.id);
    if (url && blob) out.set(url, blob);
  }
  return out;
}

const srcOf = (layer: Layer): string | null => {
  const content = layer.content as { src?: unknown };
  return typeof content.src === 'string' ? content.src : null;
};

/**
 * The project as the stage should draw it from the local copies: every layer whose media source
 * has a local address (an object URL of its cached Blob) shows that instead. The document is not
 * changed; the same project comes back when nothing is replaced.
 */
export function withLocalMedia(project: ProjectJson, local: ReadonlyMap<string, string>): ProjectJson {
  if (local.size === 0) return project;
  let changed = false;
  const layers = project.layers.map((layer) => {
    const src = srcOf(layer);
    const replacement = src ? local.get(src) : undefined;
    if (!replacement) return layer;
    changed = true;
    return { ...layer, content: { ...layer.content, src: replacement } } as Layer;
  });
  return changed ? { ...project, layers } : project;
}
