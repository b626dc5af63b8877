// Files dropped anywhere on the editor: which become uploads and layers, of which
// type, where each lands, and why the others are refused. Pure, so the rules are tested in Node;
// media/EditorDropTarget.tsx reads the bytes and runs the uploads.
import { DUPLICATE_OFFSET_PX } from '@beamstage/layers';
import { detectMediaType } from './sniff';

const MB = 1024 * 1024;

/**
 * The largest file of each type the api accepts as an asset (apps/api uploads/media-types.ts): a
 * file over it is refused here, before its bytes are sent, with the api's own words. The api checks
 * again; this is for the message and the bandwidth, not for security.
 */
export const MAX_ASSET_BYTES: Readonly<Record<string, number>> = {
  'image/png': 25 * MB,
  'image/jpeg': 25 * MB,
  'image/gif': 25 * MB,
  'image/webp': 25 * MB,
  'video/mp4': 500 * MB,
  'video/webm': 500 * MB,
};

/** The layer a dropped file makes: a GIF plays as the animated-image layer, other pictures as image layers. */
export type DroppedLayerType = 'image' | 'video' | 'giphy';

export interface DroppedFile {
  readonly name: string;
  readonly size: number;
  /** The file's first bytes (media/sniff.ts SNIFF_HEAD_BYTES). */
  readonly head: Uint8Array;
}

export type DropDecision =
  | {
      readonly ok: true;
      readonly name: string;
      readonly type: string;
      readonly kind: 'image' | 'video';
      readonly layerType: DroppedLayerType;
      readonly at: { x: number; y: number } | null;
    }
  | { readonly ok: false; readonly name: string; readonly reason: string };

const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** The api's "File too large" refusal (413) in the words it uses, said before the upload. */
export function tooLargeReason(name: string, type: string, size: number): string | null {
  const max = MAX_ASSET_BYTES[type];
  if (max === undefined || size <= max) return null;
  return `File too large: "${name}" is ${megabytes(size)}; at most ${megabytes(max)} for ${type}`;
}

/** Why a dropped file is no picture or video the studio takes (the same words as the Add dialogs). */
function refusal(file: DroppedFile): string {
  if (file.size === 0 || file.head.length === 0) return `"${file.name}" is empty.`;
  return `"${file.name}" is not an image or a video the studio can use: drop a PNG, JPEG, GIF, WebP, MP4 or WebM file.`;
}

/**
 * Decides each dropped file by its bytes (not its name): accepted ones in drop order, each placed
 * at the drop point moved on by the duplicate offset per accepted file before it (so several
 * files fan out instead of hiding each other); `at` null means the canvas centre.
 */
export function planDrop(files: readonly DroppedFile[], at: { x: number; y: number } | null): DropDecision[] {
  let placed = 0;
  return files.map((file): DropDecision => {
    const found = detectMediaType(file.head);
    if (!found || file.size === 0) return { ok: false, name: file.name, reason: refusal(file) };
    const tooLarge = tooLargeReason(file.name, found.type, file.size);
    if (tooLarge) return { ok: false, name: file.name, reason: tooLarge };
    const offset = placed * DUPLICATE_OFFSET_PX;
    placed += 1;
    const layerType: DroppedLayerType = found.type === 'image/gif' ? 'giphy' : found.kind;
    return {
      ok: true,
      name: file.name,
      type: found.type,
      kind: found.kind,
      layerType,
      at: at ? { x: at.x + offset, y: at.y + offset } : null,
    };
  });
}

/** The canvas point of a drop; a drop outside the canvas (on a panel) lands at the canvas centre. */
export function dropPoint(point: { x: number; y: number } | null, canvas: { width: number; height: number }): { x: number; y: number } {
  const inside = point && point.x >= 0 && point.y >= 0 && point.x <= canvas.width && point.y <= canvas.height;
  return inside ? point : { x: canvas.width / 2, y: canvas.height / 2 };
}
