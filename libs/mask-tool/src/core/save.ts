// The mask save sequence (spec section 7) over an injected masks client, so it runs and is tested
// without a network. The editor wires the client to POST /api/masks/create-upload-url and
// /api/masks/set-public-acl, and put to fetch.

/** Answer of POST /api/masks/create-upload-url. */
export interface MaskUploadTarget {
  readonly uploadUrl: string;
  readonly publicUrl: string;
  readonly maskId: string;
  readonly key: string;
}

/** The body of an upload: a Blob in browsers (and in Node 18+). */
export interface MaskUploadBody {
  readonly type: string;
  readonly size: number;
}

export interface MasksClient {
  createUploadUrl(request: { fileName: string; fileType: string; projectId: string; fileSize: number }): Promise<MaskUploadTarget>;
  setPublicAcl(request: { key: string }): Promise<unknown>;
  /** A fetch-like PUT of the body to the signed address. */
  put(url: string, init: { body: MaskUploadBody; headers: Record<string, string> }): Promise<{ ok: boolean; status: number }>;
}

/** A saved mask as it enters the project's assets (spec: id, name, type 'image', url, key). */
export interface SavedMaskAsset {
  readonly id: string;
  readonly name: string;
  readonly type: 'image';
  readonly url: string;
  readonly key: string;
}

export type MaskFormat = 'png' | 'svg';

/** hand-drawn-mask-{ISO timestamp with colons replaced by dashes}.{ext} */
export function maskFileName(isoTimestamp: string, format: MaskFormat): string {
  return `hand-drawn-mask-${isoTimestamp.replace(/:/g, '-')}.${format}`;
}

export interface SaveMaskInput {
  readonly client: MasksClient;
  readonly body: MaskUploadBody;
  readonly fileName: string;
  readonly projectId: string | null | undefined;
  /** Adds the asset to the active project's assets. */
  readonly addAsset: (asset: SavedMaskAsset) => void | Promise<void>;
}

/** Runs steps 1-4 (upload address, PUT, public ACL, add asset); throws with the spec's messages. */
export async function saveMask(input: SaveMaskInput): Promise<SavedMaskAsset> {
  if (!input.projectId) throw new Error('No active project');
  const target = await input.client.createUploadUrl({
    fileName: input.fileName,
    fileType: input.body.type,
    projectId: input.projectId,
    fileSize: input.body.size,
  });
  const reply = await input.client.put(target.uploadUrl, { body: input.body, headers: { 'Content-Type': input.body.type } });
  if (!reply.ok) throw new Error(`Upload failed with status ${reply.status}`);
  await input.client.setPublicAcl({ key: target.key });
  const asset: SavedMaskAsset = { id: target.maskId, name: input.fileName, type: 'image', url: target.publicUrl, key: target.key };
  await input.addAsset(asset);
  return asset;
}

/** Toast texts of the mask tool (spec section 8). */
export const MASK_TOASTS = {
  exportEmpty: 'Failed to generate export data',
  exportFailed: (message: string) => `Export failed: ${message}`,
  invalidImage: 'Please select a valid image file',
  backgroundFailed: 'Failed to load background image',
  readFailed: 'Failed to read image file',
  backgroundLoaded: (fileName: string) => `Background image loaded: ${fileName}`,
  saved: (fileName: string) => `Mask saved: ${fileName}`,
  confirmClearAll: 'Are you sure you want to clear all drawing? This cannot be undone.',
} as const;
