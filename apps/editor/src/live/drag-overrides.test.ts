import { buildProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { withDrags } from './drag-overrides';

describe('withDrags', () => {
  const project = buildProjectJson(['image', 'image']);
  const pts = [
    { x: 1, y: 2 },
    { x: 3, y: 4 },
    { x: 5, y: 6 },
    { x: 7, y: 8 },
  ];

  it('returns the project itself when nothing is dragged', () => {
    expect(withDrags(project, {}, null)).toBe(project);
  });

  it('shows a corner drag warped, a move at its position, and never changes the document', () => {
    const before = JSON.stringify(project);
    const out = withDrags(project, { L1: { x: 9, y: 10, points: pts } }, { target: 'L0', values: { points: pts } });
    expect(out.layers[0]?.warp).toMatchObject({ enabled: true, points: pts });
    expect(out.layers[1]).toMatchObject({ x: 9, y: 10 });
    // A move keeps the layer's warp switch as it is.
    expect(out.layers[1]?.warp.enabled).toBe(project.layers[1]?.warp.enabled);
    expect(JSON.stringify(project)).toBe(before);
  });

  it('our own drag wins over a remote one on the same layer', () => {
    const out = withDrags(project, { L0: { x: 1, y: 1 } }, { target: 'L0', values: { x: 50, y: 60 } });
    expect(out.layers[0]).toMatchObject({ x: 50, y: 60 });
  });
});
