import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { LayerId, ProjectId } from '@beamstage/layers';
import { applyHomography, quadToQuad } from '@beamstage/render-core';
import { describe, expect, it } from 'vitest';
import { projectToRenderDescription } from './describe';
import { layerCorners } from './dom-placement';
import { OUTPUT_REFERENCE_QUAD, outputHomography, withOutputWarp } from './output-warp';

const project = () => createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
const image = (id: string) => {
  const layer = createLayer('image', { id: id as LayerId });
  layer.content.src = `/samples/${id}.png`;
  return layer;
};
const close = (a: { x: number; y: number }, b: { x: number; y: number }) => {
  expect(a.x).toBeCloseTo(b.x, 6);
  expect(a.y).toBeCloseTo(b.y, 6);
};

describe('output warp', () => {
  it('is no warp at the default points, with too few points, or on a folded quad', () => {
    const p = project();
    expect(outputHomography(p.warpPoints)).toBeNull();
    expect(outputHomography(undefined)).toBeNull();
    expect(outputHomography(p.warpPoints.slice(0, 3))).toBeNull();
    const folded = [
      { x: 200, y: 150 },
      { x: 200, y: 450 },
      { x: 600, y: 450 },
      { x: 600, y: 150 },
    ].reverse();
    expect(outputHomography([folded[0]!, folded[2]!, folded[1]!, folded[3]!])).toBeNull();
    const same = withOutputWarp(p);
    expect(same).toBe(p);
  });

  it('maps the reference quad onto the warp points (a moved corner moves by the same amount)', () => {
    const to = [
      { x: 210, y: 140 },
      { x: 600, y: 150 },
      { x: 620, y: 470 },
      { x: 200, y: 450 },
    ];
    const h = outputHomography(to)!;
    OUTPUT_REFERENCE_QUAD.forEach((p, i) => close(applyHomography(h, p), to[i]!));
  });

  it('puts every layer through the homography as a corner warp and frames the background', () => {
    const p = project();
    const a = image('a');
    a.x = 300;
    a.warp.enabled = false;
    const b = image('b');
    b.warp = {
      ...b.warp,
      enabled: true,
      points: [
        { x: 10, y: 20 },
        { x: 110, y: 25 },
        { x: 100, y: 130 },
        { x: 5, y: 120 },
      ],
    };
    p.layers.push(a, b);
    p.warpPoints = [
      { x: 220, y: 150 },
      { x: 620, y: 160 },
      { x: 600, y: 450 },
      { x: 190, y: 440 },
    ];
    const h = quadToQuad(OUTPUT_REFERENCE_QUAD, [p.warpPoints[0]!, p.warpPoints[1]!, p.warpPoints[2]!, p.warpPoints[3]!]);
    const warped = withOutputWarp(p);
    expect(warped).not.toBe(p);
    expect(p.layers[0]!.warp.enabled).toBe(false); // the input is never written
    const [wa, wb] = warped.layers;
    layerCorners(a).forEach((c, i) => close(wa!.warp.points[i]!, applyHomography(h, c)));
    b.warp.points.forEach((c, i) => close(wb!.warp.points[i]!, applyHomography(h, c)));
    const d = projectToRenderDescription(warped);
    expect(d.background).toBe('#000000');
    expect(d.items[0]).toMatchObject({ id: '@output-frame', source: { kind: 'color', color: p.canvas.background } });
    const frame = d.items[0]!.warp;
    expect(frame?.kind).toBe('corners');
    if (frame?.kind === 'corners') close(frame.points[2], applyHomography(h, { x: 800, y: 600 }));
  });

  it('moves mesh points through the homography', () => {
    const p = project();
    const m = image('m');
    const pts = [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => ({ x: 100 + c * 50, y: 100 + r * 50 })));
    m.warp = { ...m.warp, enabled: true, meshEnabled: true, meshResolution: 3, meshPoints: pts };
    p.layers.push(m);
    p.warpPoints = [
      { x: 200, y: 150 },
      { x: 610, y: 150 },
      { x: 600, y: 450 },
      { x: 200, y: 450 },
    ];
    const h = outputHomography(p.warpPoints)!;
    const out = withOutputWarp(p).layers[0]!;
    expect(out.warp.meshEnabled).toBe(true);
    pts.forEach((q, i) => close(out.warp.meshPoints[i]!, applyHomography(h, q)));
  });
});
