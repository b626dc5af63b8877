import type { Asset, AssetId, ImportedAssetFile, ProjectJson } from '@beamstage/layers';
import type { AssetFileForExport } from '@beamstage/layers';

/**
 * URL rewriting for project zips (spec section 4: the zip carries the project's assets). On export
 * every media URL the project uses becomes the zip path `assets/{assetId}/{name}`; on import each
 * file is uploaded to the user's storage and the path becomes its new public URL.
 */

const MEDIA_LAYER_TYPES = new Set(['image', 'video', 'mask', 'dom_mask', 'giphy']);

/** A URL worth carrying: not inline data, not a zip path already. */
const isRemote = (src: unknown): src is string =>
  typeof src === 'string' && src.length > 0 && !src.startsWith('data:') && !src.startsWith('blob:') && !src.startsWith('assets/');

function fileNameOf(url: string, fallback: string): string {
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const clean = decodeURIComponent(last)
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(0, 100);
  return clean && clean !== '.' && clean !== '..' ? clean : fallback;
}

/** Replaces every string in `value` that `map` names (layer content, asset urls), deeply. */
function replaceStrings<T>(value: T, map: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') return (map.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, map)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = replaceStrings(v, map);
    return out as T;
  }
  return value;
}

export interface ZipPlan {
  /** The project as project.json: media URLs replaced by zip paths; every carried file listed as an asset. */
  project: ProjectJson;
  /** What to fetch: the original URL and where it goes in the zip. */
  files: { url: string; assetId: string; name: string; path: string }[];
}

/** Decides which URLs go in the zip and rewrites the project to point at them. */
export function planZipExport(project: ProjectJson): ZipPlan {
  const byUrl = new Map<string, { url: string; assetId: string; name: string; path: string }>();
  const usedIds = new Set<string>();
  const add = (url: string, assetId: string, name: string) => {
    if (byUrl.has(url)) return;
    let id = assetId.replace(/[^A-Za-z0-9_-]/g, '_') || `asset_${byUrl.size + 1}`;
    while (usedIds.has(id)) id = `${id}_`;
    usedIds.add(id);
    byUrl.set(url, { url, assetId: id, name, path: `assets/${id}/${name}` });
  };
  for (const asset of project.assets) if (isRemote(asset.url)) add(asset.url, asset.id, fileNameOf(asset.url, asset.name || 'file'));
  project.layers.forEach((layer, index) => {
    const src = (layer.content as { src?: unknown }).src;
    if (MEDIA_LAYER_TYPES.has(layer.type) && isRemote(src)) add(src, `layer_${index + 1}`, fileNameOf(src, `layer-${index + 1}`));
  });
  const pathOf = new Map([...byUrl.values()].map((f) => [f.url, f.path]));
  const assets: Asset[] = project.assets.map((a) =>
    isRemote(a.url) ? { ...a, id: byUrl.get(a.url)!.assetId as AssetId, url: pathOf.get(a.url)!, key: undefined } : a,
  );
  const listed = new Set(assets.map((a) => a.url));
  for (const f of byUrl.values()) if (!listed.has(f.path)) assets.push({ id: f.assetId as AssetId, name: f.name, type: 'image', url: f.path });
  const rewritten = { ...project, layers: project.layers.map((l) => ({ ...l, content: replaceStrings(l.content, pathOf) })), assets } as ProjectJson;
  return { project: JSON.parse(JSON.stringify(rewritten)) as ProjectJson, files: [...byUrl.values()] };
}

/** Fetches the planned files; a file that cannot be fetched keeps its original URL (and is reported). */
export async function collectZipFiles(
  plan: ZipPlan,
  fetchBytes: (url: string) => Promise<Uint8Array>,
): Promise<{ project: ProjectJson; files: AssetFileForExport[]; missing: string[] }> {
  const files: AssetFileForExport[] = [];
  const back = new Map<string, string>();
  const missing: string[] = [];
  for (const f of plan.files) {
    try {
      files.push({ assetId: f.assetId, name: f.name, bytes: await fetchBytes(f.url) });
    } catch {
      back.set(f.path, f.url);
      missing.push(f.name);
    }
  }
  const project = back.size
    ? {
        ...plan.project,
        layers: plan.project.layers.map((l) => ({ ...l, content: replaceStrings(l.content, back) })),
        assets: replaceStrings(plan.project.assets, back),
      }
    : plan.project;
  return { project: project as ProjectJson, files, missing };
}

export interface UploadedFile {
  publicUrl: string;
  key: string;
}

/**
 * The imported project with each zip file uploaded and its path replaced by the new URL. Files the
 * project does not list are not uploaded (nothing in a zip is trusted to be wanted).
 */
export async function uploadZipAssets(
  project: ProjectJson,
  files: readonly ImportedAssetFile[],
  upload: (file: ImportedAssetFile) => Promise<UploadedFile>,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<ProjectJson> {
  const wanted = new Set<string>();
  for (const a of project.assets) if (typeof a.url === 'string') wanted.add(a.url);
  const targets = files.filter((f) => f.assetId && wanted.has(f.path));
  const urlOf = new Map<string, string>();
  const keyOf = new Map<string, string>();
  let done = 0;
  onProgress(done, targets.length);
  for (const f of targets) {
    const uploaded = await upload(f);
    urlOf.set(f.path, uploaded.publicUrl);
    keyOf.set(uploaded.publicUrl, uploaded.key);
    onProgress(++done, targets.length);
  }
  const assets = project.assets.map((a) => {
    const url = a.url && urlOf.get(a.url);
    return url ? { ...a, url, key: keyOf.get(url), projectId: project.id } : a;
  });
  return { ...project, layers: project.layers.map((l) => ({ ...l, content: replaceStrings(l.content, urlOf) })), assets } as ProjectJson;
}
