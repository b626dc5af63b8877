// SVG export (spec section 7): paths and circles in black on white, eraser marks in white.
import { MASK_CANVAS_SIZE_PX } from './constants';
import { fmt } from './geometry';
import { maskRenderInstructions } from './render-instructions';
import type { MaskItem } from './types';

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export interface MaskSvgOptions {
  readonly size?: number;
  /** Gaussian feather of the mask edge in px (beyond the spec; 0 or absent: hard edges). */
  readonly featherPx?: number;
}

/** The mask as a standalone SVG document. */
export function exportMaskSvg(items: readonly MaskItem[], options: MaskSvgOptions = {}): string {
  const size = options.size ?? MASK_CANVAS_SIZE_PX;
  const ins = maskRenderInstructions(items, { size, featherPx: options.featherPx ?? 0 });
  const body = ins.ops.map((op) => {
    if (op.kind === 'circle') return `<circle cx="${fmt(op.cx)}" cy="${fmt(op.cy)}" r="${fmt(op.r)}" fill="${op.fill}"/>`;
    if (op.kind === 'image') {
      return `<image href="${attr(op.dataUrl)}" x="${fmt(op.x)}" y="${fmt(op.y)}" width="${fmt(op.width)}" height="${fmt(op.height)}"/>`;
    }
    const cap = op.round ? ' stroke-linecap="round" stroke-linejoin="round"' : '';
    return `<path d="${op.d}" fill="${op.fill ?? 'none'}" stroke="${op.stroke ?? 'none'}" stroke-width="${fmt(op.lineWidth)}"${cap}/>`;
  });
  const feather = ins.featherPx > 0;
  const defs = feather
    ? `<defs><filter id="feather" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="${fmt(ins.featherPx / 2)}"/></filter></defs>`
    : '';
  const open = feather ? '<g filter="url(#feather)">' : '<g>';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    defs,
    `<rect x="0" y="0" width="${size}" height="${size}" fill="${ins.background ?? '#ffffff'}"/>`,
    open,
    ...body,
    '</g>',
    '</svg>',
  ].join('');
}
