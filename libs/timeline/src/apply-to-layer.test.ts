import { describe, expect, it } from 'vitest';
import { applyAnimatedProperty, applyAnimatedValues, type AnimatableLayerFields } from './apply-to-layer';
import { recordingLogger } from './testing';

const square = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];

const layer = (): AnimatableLayerFields & { id: string } => ({
  id: 'l',
  x: 400,
  y: 300,
  scale: { x: 1, y: 1 },
  rotation: 0,
  opacity: 1,
  visible: true,
  warp: { enabled: false, points: square },
});

describe('applying animated values to a layer', () => {
  it('maps each animatable property onto the layer fields, without changing the input', () => {
    const l = layer();
    expect(applyAnimatedProperty(l, 'position', { x: 1, y: 2 })).toMatchObject({ x: 1, y: 2 });
    expect(applyAnimatedProperty(l, 'x', 5).x).toBe(5);
    expect(applyAnimatedProperty(l, 'y', 6).y).toBe(6);
    expect(applyAnimatedProperty(l, 'scale', { x: 2, y: 3 }).scale).toEqual({ x: 2, y: 3 });
    expect(applyAnimatedProperty(l, 'scaleX', 2).scale).toEqual({ x: 2, y: 1 });
    expect(applyAnimatedProperty(l, 'scaleY', 2).scale).toEqual({ x: 1, y: 2 });
    expect(applyAnimatedProperty(l, 'rotation', 90).rotation).toBe(90);
    expect(applyAnimatedProperty(l, 'opacity', 0.5).opacity).toBe(0.5);
    expect(applyAnimatedProperty(l, 'visible', false).visible).toBe(false);
    const moved = square.map((p) => ({ x: p.x + 1, y: p.y }));
    expect(applyAnimatedProperty(l, 'warp', { enabled: true, points: moved }).warp).toEqual({ enabled: true, points: moved });
    expect(l).toEqual(layer());
  });

  it('logs and ignores values of the wrong shape', () => {
    const logger = recordingLogger();
    const l = layer();
    expect(applyAnimatedProperty(l, 'x', 'left', logger)).toBe(l);
    expect(applyAnimatedProperty(l, 'warp', { enabled: true, points: square.slice(0, 3) }, logger)).toBe(l);
    expect(applyAnimatedProperty(l, 'visible', 1, logger)).toBe(l);
    expect(logger.warnings).toHaveLength(3);
  });

  it('applies a frame of values and skips unknown names', () => {
    const out = applyAnimatedValues(
      layer(),
      new Map<string, unknown>([
        ['x', 10],
        ['opacity', 0.2],
        ['hue', 3],
      ]),
    );
    expect(out).toMatchObject({ x: 10, opacity: 0.2 });
    expect(out).not.toHaveProperty('hue');
  });

  it('copies the layer once for a frame: the input is left as it was, a wrong value after a change is still ignored', () => {
    const logger = recordingLogger();
    const l = layer();
    const before = structuredClone(l);
    const values = new Map<string, unknown>([
      ['x', 10],
      ['y', 'up'],
      ['scale', { x: 2, y: 3 }],
      ['rotation', 45],
      ['visible', false],
      ['opacity', Number.NaN],
      ['warp', { enabled: true, points: square }],
    ]);
    const out = applyAnimatedValues(l, values, logger);
    expect(l).toEqual(before);
    expect(out).not.toBe(l);
    // The same result as applying each value in turn.
    let oneByOne = l;
    for (const [property, value] of values) oneByOne = applyAnimatedProperty(oneByOne, property as never, value);
    expect(out).toEqual(oneByOne);
    expect(out).toMatchObject({ x: 10, y: l.y, rotation: 45, visible: false, opacity: l.opacity, scale: { x: 2, y: 3 } });
    expect(logger.warnings).toHaveLength(2);
  });
});
