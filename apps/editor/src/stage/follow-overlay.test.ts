import { describe, expect, it } from 'vitest';
import { followOverlay } from './follow-overlay';
import { overlayShapes } from './overlay-shapes';
import type { OverlayShape } from './overlay-shapes';
import { toolTestProject } from './tools/test-project';

/** An element as the overlay's svg holds it: attributes, and a count of the writes. */
class FakeElement {
  attrs = new Map<string, string>();
  writes = 0;
  getAttribute(name: string) {
    return this.attrs.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attrs.set(name, value);
    this.writes++;
  }
}

/** An svg with the elements React draws for `shapes` (data-shape and every attribute). */
function drawn(shapes: readonly OverlayShape[]) {
  const children = shapes.map((s) => {
    const el = new FakeElement();
    el.attrs.set('data-shape', s.key);
    for (const [k, v] of Object.entries(s.attrs)) el.attrs.set(k, String(v));
    return el;
  });
  return { svg: { children } as unknown as SVGSVGElement, children };
}

const input = { editable: true, viewport: { zoom: 2, x: 10, y: 0 }, view: { loupe: null, snap: null, tool: null } } as const;

describe('followOverlay', () => {
  it('moves the drawn handles to a dragged corner, writing only the attributes that changed', () => {
    const layer = toolTestProject().layers[0]!;
    const { svg, children } = drawn(overlayShapes({ ...input, layer }));
    const points = layer.warp.points.map((p, i) => (i === 0 ? { x: p.x - 20, y: p.y - 10 } : p));
    const moved = { ...layer, warp: { ...layer.warp, points } };
    expect(followOverlay(svg, overlayShapes({ ...input, layer: moved }))).toBe(true);
    const corner = children.find((el) => el.getAttribute('data-corner') === '0')!;
    expect([corner.getAttribute('data-x'), corner.getAttribute('data-y')]).toEqual(['370', '380']); // (180, 190) * 2 + (10, 0)
    expect(corner.writes).toBe(4); // x, y, data-x, data-y
    const untouched = children.find((el) => el.getAttribute('data-corner') === '2')!;
    expect(untouched.writes).toBe(0);
  });

  it('writes nothing when other elements are asked for (a snap shown, a mesh switched on): React draws those', () => {
    const layer = toolTestProject().layers[0]!;
    const { svg, children } = drawn(overlayShapes({ ...input, layer }));
    const snapping = overlayShapes({ ...input, layer, view: { loupe: { x: 1, y: 1 }, snap: 'corner', tool: 'corner' } });
    expect(followOverlay(svg, snapping)).toBe(false);
    expect(followOverlay(svg, overlayShapes({ ...input, layer, editable: false }))).toBe(false);
    expect(children.every((el) => el.writes === 0)).toBe(true);
  });
});
