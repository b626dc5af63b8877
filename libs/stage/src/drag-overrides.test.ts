import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { ProjectId, ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { applyDragOverrides, documentDragValues } from './drag-overrides';

const quad = (o: number) => [
  { x: o, y: o },
  { x: o + 10, y: o },
  { x: o + 10, y: o + 10 },
  { x: o, y: o + 10 },
];

function project(): ProjectJson {
  const p = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
  const a = createLayer('image');
  const b = createLayer('image');
  a.x = 100;
  a.y = 50;
  a.warp.points = quad(0);
  p.layers.push(a, b);
  return p;
}

describe('applyDragOverrides', () => {
  it('puts a layer drag and its warp corners on top, leaving the input and other layers untouched', () => {
    const p = project();
    const before = structuredClone(p);
    const [a, b] = p.layers;
    const out = applyDragOverrides(p, [[a!.id, { x: 300, points: quad(50) }]]);
    expect(out.layers[0]).toMatchObject({ id: a!.id, x: 300, y: 50 });
    expect(out.layers[0]!.warp.points).toEqual(quad(50));
    expect(out.layers[0]!.warp.enabled).toBe(a!.warp.enabled);
    expect(out.layers[1]).toBe(b); // untouched layers are shared, not copied
    expect(p).toEqual(before);
  });

  it('shows corners dragged without a position as a corner pin in progress (warp on)', () => {
    const p = project();
    const a = p.layers[0]!;
    a.warp.enabled = false;
    const out = applyDragOverrides(p, [[a.id, { points: quad(5) }]]);
    expect(out.layers[0]!.warp).toMatchObject({ enabled: true, points: quad(5) });
    expect(a.warp.enabled).toBe(false);
    // A move (position and corners together) keeps the layer's warp switch as it is.
    expect(applyDragOverrides(p, [[a.id, { x: 1, y: 2, points: quad(5) }]]).layers[0]!.warp.enabled).toBe(false);
  });

  it('moves the project warp for the @project target', () => {
    const p = project();
    const out = applyDragOverrides(p, [['@project', { points: quad(7) }]]);
    expect(out.warpPoints).toEqual(quad(7));
    expect(out.layers).toBe(p.layers);
  });

  it('returns the same project when nothing applies (no overrides, unknown layer, not four points)', () => {
    const p = project();
    expect(applyDragOverrides(p, [])).toBe(p);
    expect(applyDragOverrides(p, [['gone', { x: 1 }]])).toBe(p);
    expect(applyDragOverrides(p, [['@project', { points: quad(1).slice(0, 3) }]])).toBe(p);
  });

  it('applies several overrides, the later one winning for the same layer', () => {
    const p = project();
    const [a, b] = p.layers;
    const out = applyDragOverrides(p, [
      [a!.id, { x: 1 }],
      [b!.id, { y: 2 }],
      [a!.id, { y: 3 }],
    ]);
    expect(out.layers[0]).toMatchObject({ x: 1, y: 3 });
    expect(out.layers[1]).toMatchObject({ y: 2 });
  });
});

describe('documentDragValues', () => {
  it('reads what a final drag frame is compared with', () => {
    const p = project();
    const a = p.layers[0]!;
    expect(documentDragValues(p, a.id)).toEqual({ x: 100, y: 50, points: quad(0) });
    expect(documentDragValues(p, '@project')).toEqual({ points: p.warpPoints });
    expect(documentDragValues(p, 'missing')).toBeUndefined();
  });
});
