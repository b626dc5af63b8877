// The serialised drawing (spec section 3): an instructions list and bounds. Brush strokes are kept
// as vectors ('stroke' instructions) so a round trip is exact; a 'maskGraphics' raster from an older
// file is accepted and kept as an image item.
import { itemsBounds } from './geometry';
import type { BrushStroke, MaskItem, MaskPath, MaskPathId, MaskPointId, Rect } from './types';

export type MaskInstruction =
  | { readonly type: 'path'; readonly path: MaskPath }
  | { readonly type: 'currentPath'; readonly path: MaskPath }
  | { readonly type: 'stroke'; readonly stroke: BrushStroke }
  | { readonly type: 'maskGraphics'; readonly dataUrl: string; readonly width: number; readonly height: number };

export interface SerializedMask {
  readonly instructions: readonly MaskInstruction[];
  readonly bounds: Rect | null;
}

/** Serialises finalised items and the path in progress. */
export function serializeMask(items: readonly MaskItem[], currentPath: MaskPath | null): SerializedMask {
  const instructions: MaskInstruction[] = items.map((item) =>
    item.kind === 'path'
      ? { type: 'path', path: item.path }
      : item.kind === 'stroke'
        ? { type: 'stroke', stroke: item.stroke }
        : { type: 'maskGraphics', ...item.image },
  );
  if (currentPath) instructions.push({ type: 'currentPath', path: currentPath });
  const all = currentPath ? [...items, { kind: 'path' as const, path: currentPath }] : items;
  return { instructions, bounds: itemsBounds(all) };
}

const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

function readHandle(v: unknown): { dx: number; dy: number } {
  const o = obj(v);
  return { dx: num(o['dx']), dy: num(o['dy']) };
}

function readPath(v: unknown, fallbackId: string): MaskPath {
  const o = obj(v);
  const points = Array.isArray(o['points']) ? o['points'] : [];
  return {
    id: (typeof o['id'] === 'string' ? o['id'] : fallbackId) as MaskPathId,
    closed: o['closed'] === true,
    filled: o['filled'] !== false,
    strokeWidth: num(o['strokeWidth'], 2),
    color: typeof o['color'] === 'string' ? o['color'] : '#000000',
    isEraser: o['isEraser'] === true,
    points: points.map((p, i) => {
      const q = obj(p);
      return {
        id: (typeof q['id'] === 'string' ? q['id'] : `${fallbackId}-pt-${i}`) as MaskPointId,
        x: num(q['x']),
        y: num(q['y']),
        smooth: q['smooth'] === true,
        // The spec names the handles both h1/h2 and in/out; accept either.
        h1: readHandle(q['h1'] ?? q['handleIn']),
        h2: readHandle(q['h2'] ?? q['handleOut']),
        selected: false,
      };
    }),
  };
}

function readStroke(v: unknown): BrushStroke {
  const o = obj(v);
  const points = Array.isArray(o['points']) ? o['points'] : [];
  return {
    brushSize: num(o['brushSize'], 10),
    isEraser: o['isEraser'] === true,
    points: points.map((p) => ({ x: num(obj(p)['x']), y: num(obj(p)['y']) })),
  };
}

/** Rebuilds items and the current path from serialised data; unknown instructions are skipped. */
export function deserializeMask(data: unknown): { items: MaskItem[]; currentPath: MaskPath | null; skipped: number } {
  const list = Array.isArray(obj(data)['instructions']) ? (obj(data)['instructions'] as unknown[]) : [];
  const items: MaskItem[] = [];
  let currentPath: MaskPath | null = null;
  let skipped = 0;
  list.forEach((raw, i) => {
    const ins = obj(raw);
    if (ins['type'] === 'path') items.push({ kind: 'path', path: readPath(ins['path'], `path-loaded-${i}`) });
    else if (ins['type'] === 'currentPath') currentPath = readPath(ins['path'], `path-loaded-${i}`);
    else if (ins['type'] === 'stroke') items.push({ kind: 'stroke', stroke: readStroke(ins['stroke']) });
    // Only raster data URLs: the value ends up in an exported SVG's <image href>, which is served to others.
    else if (ins['type'] === 'maskGraphics' && typeof ins['dataUrl'] === 'string' && /^data:image\/(png|jpeg|webp|gif);/.test(ins['dataUrl'])) {
      items.push({ kind: 'image', image: { dataUrl: ins['dataUrl'], width: num(ins['width'], 800), height: num(ins['height'], 800) } });
    } else skipped++;
  });
  return { items, currentPath, skipped };
}
