// Executes the model's paint instructions with Canvas 2D: the on-screen view and the PNG export.
import type { MaskItem, MaskPaintOp, MaskPath, MaskRenderInstructions, ViewTransform } from '../index';
import { HANDLE_COLOR, HANDLE_RADIUS_PX, MASK_CANVAS_SIZE_PX, PNG_QUALITY, itemOps, maskRenderInstructions, pathData, pathOps } from '../index';

/** Ink value that erases (destination-out) instead of painting; used for the transparent overlay. */
export const ERASE_INK = 'erase';

const imageCache = new Map<string, HTMLImageElement>();

function cachedImage(dataUrl: string): HTMLImageElement {
  let img = imageCache.get(dataUrl);
  if (!img) {
    img = new Image();
    img.src = dataUrl;
    imageCache.set(dataUrl, img);
  }
  return img;
}

/** Paints ops onto ctx in its current transform. */
export function paintOps(ctx: CanvasRenderingContext2D, ops: readonly MaskPaintOp[]): void {
  for (const op of ops) {
    ctx.save();
    const colour = op.kind === 'path' ? (op.fill ?? op.stroke) : op.kind === 'circle' ? op.fill : null;
    if (colour === ERASE_INK) ctx.globalCompositeOperation = 'destination-out';
    const ink = (c: string) => (c === ERASE_INK ? '#000000' : c);
    if (op.kind === 'circle') {
      ctx.fillStyle = ink(op.fill);
      ctx.beginPath();
      ctx.arc(op.cx, op.cy, op.r, 0, Math.PI * 2);
      ctx.fill();
    } else if (op.kind === 'image') {
      const img = cachedImage(op.dataUrl);
      if (img.complete && img.naturalWidth > 0) ctx.drawImage(img, op.x, op.y, op.width, op.height);
    } else {
      const path = new Path2D(op.d);
      if (op.fill) {
        ctx.fillStyle = ink(op.fill);
        ctx.fill(path);
      }
      if (op.stroke) {
        ctx.strokeStyle = ink(op.stroke);
        ctx.lineWidth = op.lineWidth;
        ctx.lineCap = op.round ? 'round' : 'butt';
        ctx.lineJoin = op.round ? 'round' : 'miter';
        ctx.stroke(path);
      }
    }
    ctx.restore();
  }
}

/** Renders instructions into a new canvas: mask ink on a transparent layer, feathered onto the background. */
export function renderInstructions(ins: MaskRenderInstructions, erase = ERASE_INK): HTMLCanvasElement {
  const layer = document.createElement('canvas');
  layer.width = ins.width;
  layer.height = ins.height;
  const lctx = layer.getContext('2d');
  if (!lctx) throw new Error('2D canvas is not available');
  lctx.scale(ins.width / MASK_CANVAS_SIZE_PX, ins.height / MASK_CANVAS_SIZE_PX);
  // Eraser ops carry the background colour in the instructions; on the ink layer they cut instead,
  // so a feather blurs the cut edge the same way as the ink edge.
  paintOps(
    lctx,
    ins.ops.map((op) => recolour(op, ins.background, erase)),
  );
  const out = document.createElement('canvas');
  out.width = ins.width;
  out.height = ins.height;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('2D canvas is not available');
  if (ins.background) {
    ctx.fillStyle = ins.background;
    ctx.fillRect(0, 0, ins.width, ins.height);
  }
  if (ins.featherPx > 0) ctx.filter = `blur(${ins.featherPx / 2}px)`;
  ctx.drawImage(layer, 0, 0);
  return out;
}

function recolour(op: MaskPaintOp, background: string | null, erase: string): MaskPaintOp {
  if (!background || op.kind === 'image') return op;
  if (op.kind === 'circle') return op.fill === background ? { ...op, fill: erase } : op;
  return {
    ...op,
    fill: op.fill === background ? erase : op.fill,
    stroke: op.stroke === background ? erase : op.stroke,
  };
}

/** The mask as a PNG blob: white background, black mask, 800x800 (null if encoding fails). */
export function renderMaskPng(items: readonly MaskItem[], featherPx = 0): Promise<Blob | null> {
  const canvas = renderInstructions(maskRenderInstructions(items, { featherPx }));
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png', PNG_QUALITY));
}

const PREVIEW_INK = 'rgba(0, 0, 0, 1)';
const PATH_ACCENT = '#3da5ff';

/**
 * Draws the editing view. Finalised items are kept in an offscreen canvas that is redrawn only
 * when the items or the view change, so a pointer move during a long session repaints just the
 * stroke or path in progress.
 */
export class ViewPainter {
  private cache: HTMLCanvasElement | null = null;
  private cachedItems: readonly MaskItem[] | null = null;
  private cachedView: ViewTransform | null = null;
  /** How many times the finalised items were painted (tests check the cache is used). */
  itemPaints = 0;

  paint(ctx: CanvasRenderingContext2D, view: ViewTransform, items: readonly MaskItem[], active: MaskItem | null, currentPath: MaskPath | null): void {
    const { width, height } = ctx.canvas;
    if (!this.cache || this.cache.width !== width || this.cache.height !== height) {
      this.cache = document.createElement('canvas');
      this.cache.width = width;
      this.cache.height = height;
      this.cachedItems = null;
    }
    if (this.cachedItems !== items || this.cachedView !== view) {
      const cctx = this.cache.getContext('2d');
      if (!cctx) return;
      cctx.setTransform(1, 0, 0, 1, 0, 0);
      cctx.clearRect(0, 0, width, height);
      cctx.setTransform(view.zoom, 0, 0, view.zoom, view.panX, view.panY);
      // Outline of the 800x800 mask area, visible when zoomed out or panned.
      cctx.strokeStyle = 'rgba(61,165,255,0.6)';
      cctx.lineWidth = 1 / view.zoom;
      cctx.strokeRect(0, 0, MASK_CANVAS_SIZE_PX, MASK_CANVAS_SIZE_PX);
      paintOps(cctx, itemOps(items, PREVIEW_INK, ERASE_INK));
      this.cachedItems = items;
      this.cachedView = view;
      this.itemPaints++;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(this.cache, 0, 0);
    ctx.setTransform(view.zoom, 0, 0, view.zoom, view.panX, view.panY);
    if (active) paintOps(ctx, itemOps([active], PREVIEW_INK, ERASE_INK));
    if (currentPath) paintCurrentPath(ctx, view, currentPath);
  }
}

/** The pen path being drawn: accent outline, a light fill preview, anchors and handles. */
function paintCurrentPath(ctx: CanvasRenderingContext2D, view: ViewTransform, currentPath: MaskPath): void {
  const ops = pathOps(currentPath, PREVIEW_INK, ERASE_INK);
  if (currentPath.points.length >= 3 && currentPath.filled) {
    ctx.save();
    ctx.globalAlpha = 0.25;
    ctx.fillStyle = PREVIEW_INK;
    ctx.fill(new Path2D(`${pathData(currentPath)} Z`));
    ctx.restore();
  }
  paintOps(
    ctx,
    ops.map((op) => (op.kind === 'path' ? { ...op, fill: null, stroke: PATH_ACCENT, lineWidth: 2 / view.zoom } : op)),
  );
  const r = HANDLE_RADIUS_PX / view.zoom;
  currentPath.points.forEach((p, i) => {
    if (p.smooth) {
      ctx.strokeStyle = HANDLE_COLOR;
      ctx.lineWidth = 1 / view.zoom;
      ctx.beginPath();
      ctx.moveTo(p.x + p.h1.dx, p.y + p.h1.dy);
      ctx.lineTo(p.x + p.h2.dx, p.y + p.h2.dy);
      ctx.stroke();
      for (const h of [p.h1, p.h2]) {
        ctx.beginPath();
        ctx.arc(p.x + h.dx, p.y + h.dy, r * 0.75, 0, Math.PI * 2);
        ctx.fillStyle = HANDLE_COLOR;
        ctx.fill();
      }
    }
    ctx.beginPath();
    ctx.arc(p.x, p.y, i === 0 ? r * 1.5 : r, 0, Math.PI * 2);
    ctx.fillStyle = i === 0 ? '#ffffff' : HANDLE_COLOR;
    ctx.fill();
    ctx.strokeStyle = HANDLE_COLOR;
    ctx.lineWidth = 1.5 / view.zoom;
    ctx.stroke();
  });
}
