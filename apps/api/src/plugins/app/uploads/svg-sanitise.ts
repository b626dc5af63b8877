// SVG masks are rebuilt from an allowlist, not filtered: every element and attribute that is not
// known to be inert is dropped, so scripts, event handlers, external references, foreignObject,
// entities and CSS never survive. The mask tool exports paths and circles on white.

const ELEMENTS = new Set(['svg', 'g', 'path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon']);
const ATTRIBUTES = new Set([
  'width',
  'height',
  'viewbox',
  'xmlns',
  'version',
  'd',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'points',
  'fill',
  'fill-rule',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'opacity',
  'transform',
  'preserveaspectratio',
]);
// Values: numbers, path data, colours, transforms; nothing that can reference or execute.
const SAFE_VALUE = /^[a-zA-Z0-9#.,\-+\s()%]*$/;
const FORBIDDEN_VALUE = /url\s*\(|javascript|expression|data:/i;

/** Thrown when the input is not an SVG we can rebuild. */
export class SvgRejectedError extends Error {}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Returns a rebuilt SVG holding only allowlisted elements and attributes; throws SvgRejectedError. */
export function sanitiseSvg(input: string): string {
  if (/<!DOCTYPE|<!ENTITY/i.test(input)) throw new SvgRejectedError('SVG with a DOCTYPE or entities is not accepted');
  const body = input
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  const tagPattern = /<\s*(\/?)\s*([a-zA-Z][\w:.-]*)([^<>]*?)(\/?)\s*>/g;
  const out: string[] = [];
  const stack: { name: string; kept: boolean }[] = [];
  let skipping = 0;
  let sawRoot = false;
  for (const match of body.matchAll(tagPattern)) {
    const [, closing, rawName, rawAttrs, selfClosing] = match;
    const name = (rawName as string).toLowerCase();
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new SvgRejectedError('SVG is not well formed');
      if (open.kept) out.push(`</${name}>`);
      else skipping--;
      continue;
    }
    const kept = skipping === 0 && ELEMENTS.has(name) && (sawRoot || name === 'svg');
    if (!sawRoot) {
      if (name !== 'svg') throw new SvgRejectedError('Not an SVG document');
      sawRoot = true;
    }
    if (kept) {
      const attrs: string[] = [];
      for (const a of (rawAttrs as string).matchAll(/([a-zA-Z_:][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
        const attrName = (a[1] as string).toLowerCase();
        const value = a[3] ?? a[4] ?? '';
        if (!ATTRIBUTES.has(attrName) || !SAFE_VALUE.test(value) || FORBIDDEN_VALUE.test(value)) continue;
        if (attrName === 'xmlns' && value !== 'http://www.w3.org/2000/svg') continue;
        attrs.push(` ${attrName === 'viewbox' ? 'viewBox' : attrName === 'preserveaspectratio' ? 'preserveAspectRatio' : attrName}="${escapeAttr(value)}"`);
      }
      if (name === 'svg' && !attrs.some((a) => a.startsWith(' xmlns='))) attrs.unshift(' xmlns="http://www.w3.org/2000/svg"');
      out.push(`<${name}${attrs.join('')}${selfClosing ? '/' : ''}>`);
    }
    if (!selfClosing) {
      stack.push({ name, kept });
      if (!kept) skipping++;
    }
  }
  if (!sawRoot || stack.length > 0) throw new SvgRejectedError('SVG is not well formed');
  return out.join('');
}
