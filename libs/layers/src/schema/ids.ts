import type { Brand } from './json';

export type ProjectId = Brand<string, 'ProjectId'>;
export type LayerId = Brand<string, 'LayerId'>;
export type SceneId = Brand<string, 'SceneId'>;
export type AssetId = Brand<string, 'AssetId'>;

/** Source of random bytes; apps and tests may inject one, the default is Web Crypto. */
export type RandomBytes = (count: number) => Uint8Array;

/** Random bits in every project id (spec asks for proj_{timestamp}_{random}; 96 is the floor). */
export const PROJECT_ID_RANDOM_BITS = 128;

/** Web Crypto is a global in Node 20 and in browsers; it is not one of the banned effect globals. */
export const defaultRandomBytes: RandomBytes = (count) => {
  const bytes = new Uint8Array(count);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
};

function randomToken(bits: number, random: RandomBytes): string {
  const bytes = random(Math.ceil(bits / 8));
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** A server or imported project id: proj_{timestamp}_{128 random bits in hex}. */
export function createProjectId(timestampMs: number, random: RandomBytes = defaultRandomBytes): ProjectId {
  return `proj_${Math.floor(timestampMs)}_${randomToken(PROJECT_ID_RANDOM_BITS, random)}` as ProjectId;
}

/** A local-only project id (server creation failed): local_{timestamp}. */
export function createLocalProjectId(timestampMs: number): ProjectId {
  return `local_${Math.floor(timestampMs)}` as ProjectId;
}

/** True for ids made by createProjectId with at least 96 random bits. */
export function isProjectId(value: string): boolean {
  return /^proj_\d+_[0-9a-f]{24,}$/.test(value);
}

/** A layer id: layer_{timestamp}_{64 random bits}. */
export function createLayerId(timestampMs: number, random: RandomBytes = defaultRandomBytes): LayerId {
  return `layer_${Math.floor(timestampMs)}_${randomToken(64, random)}` as LayerId;
}

/** A scene id: scene_{timestamp}_{64 random bits}. */
export function createSceneId(timestampMs: number, random: RandomBytes = defaultRandomBytes): SceneId {
  return `scene_${Math.floor(timestampMs)}_${randomToken(64, random)}` as SceneId;
}

/** An asset id: asset_{timestamp}_{64 random bits}. */
export function createAssetId(timestampMs: number, random: RandomBytes = defaultRandomBytes): AssetId {
  return `asset_${Math.floor(timestampMs)}_${randomToken(64, random)}` as AssetId;
}

/** A generic entity id with a prefix, for keyframes, markers and the like. */
export function createEntityId(prefix: string, timestampMs: number, random: RandomBytes = defaultRandomBytes): string {
  return `${prefix}_${Math.floor(timestampMs)}_${randomToken(64, random)}`;
}
