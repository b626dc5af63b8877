// Moves the overlay's drawn elements to new places without a React render: a drag changes where
// the handles are, not which handles there are.
import type { OverlayShape } from './overlay-shapes';

/**
 * Writes each shape's attributes into the element drawn for it (the svg's children, in order) and
 * answers true; answers false, writing nothing, when the elements drawn are not these shapes' (a
 * React render has to draw them).
 */
export function followOverlay(svg: SVGSVGElement, shapes: readonly OverlayShape[]): boolean {
  const drawn = svg.children;
  if (drawn.length !== shapes.length) return false;
  for (let i = 0; i < shapes.length; i++) if (drawn[i]!.getAttribute('data-shape') !== shapes[i]!.key) return false;
  for (let i = 0; i < shapes.length; i++) {
    const el = drawn[i]!;
    for (const [name, value] of Object.entries(shapes[i]!.attrs)) {
      const text = String(value);
      // Unchanged attributes are not written: each write restyles the element.
      if (el.getAttribute(name) !== text) el.setAttribute(name, text);
    }
  }
  return true;
}
