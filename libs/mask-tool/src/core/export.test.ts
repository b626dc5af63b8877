import { describe, expect, it } from 'vitest';
import { MaskDriver } from './driver';
import { exportMaskSvg } from './export-svg';
import { flattenPath, pathData } from './geometry';
import { MaskModel } from './model';
import { maskRenderInstructions } from './render-instructions';
import { deserializeMask, serializeMask } from './serialize';
import { toVectorMask } from './vector-mask';

function drawn(): MaskModel {
  const d = new MaskDriver(new MaskModel());
  d.polygon([
    { x: 100, y: 100 },
    { x: 300, y: 100 },
    { x: 200, y: 300 },
  ]);
  d.drag([
    { x: 500, y: 500 },
    { x: 520, y: 510 },
    { x: 600, y: 480 },
  ]); // a smooth point
  d.click(700, 700);
  d.key('b');
  d.drag([
    { x: 400, y: 600 },
    { x: 450, y: 650 },
  ]);
  d.key('e');
  d.click(420, 620);
  return d.model;
}

describe('serialisation', () => {
  it('round-trips items and bounds exactly', () => {
    const s = drawn().getState();
    const data = JSON.parse(JSON.stringify(serializeMask(s.items, s.currentPath)));
    expect(data.instructions.map((i: { type: string }) => i.type)).toEqual(['path', 'path', 'stroke', 'stroke']);
    const back = deserializeMask(data);
    expect(back.items).toEqual(s.items);
    expect(back.skipped).toBe(0);
    expect(serializeMask(back.items, back.currentPath)).toEqual(data);
    expect(data.bounds).toEqual({ x: 99, y: 99, width: 601 + 1, height: 601 + 1 });
  });

  it('keeps the path in progress as currentPath', () => {
    const d = new MaskDriver(new MaskModel());
    d.click(10, 10).click(20, 10);
    const s = d.model.getState();
    const data = serializeMask(s.items, s.currentPath);
    expect(data.instructions.map((i) => i.type)).toEqual(['currentPath']);
    expect(deserializeMask(data).currentPath).toEqual(s.currentPath);
  });

  it('accepts a maskGraphics raster and skips unknown instructions; empty has null bounds', () => {
    const back = deserializeMask({
      instructions: [{ type: 'maskGraphics', dataUrl: 'data:image/png;base64,AA', width: 800, height: 800 }, { type: 'bogus' }, null],
    });
    expect(back.items).toEqual([{ kind: 'image', image: { dataUrl: 'data:image/png;base64,AA', width: 800, height: 800 } }]);
    expect(back.skipped).toBe(2);
    expect(serializeMask([], null).bounds).toBeNull();
    expect(deserializeMask('nonsense').items).toEqual([]);
    // Anything but a raster data URL is refused, so nothing scriptable reaches an exported SVG.
    for (const dataUrl of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'https://evil.test/a.png']) {
      expect(deserializeMask({ instructions: [{ type: 'maskGraphics', dataUrl, width: 1, height: 1 }] }).items).toEqual([]);
    }
  });
});

describe('path geometry', () => {
  it('corner points give straight segments, smooth ones cubic segments', () => {
    const s = drawn().getState();
    const [closed, open] = s.items;
    expect(closed?.kind === 'path' && pathData(closed.path)).toBe('M100 100 L300 100 L200 300 Z');
    expect(open?.kind === 'path' && pathData(open.path)).toBe('M500 500 C600 480 700 700 700 700');
  });

  it('flattening passes through every anchor', () => {
    const s = drawn().getState();
    const open = s.items[1];
    if (open?.kind !== 'path') throw new Error('expected a path');
    const flat = flattenPath(open.path, 2);
    expect(flat[0]).toEqual({ x: 500, y: 500 });
    expect(flat[flat.length - 1]?.x).toBeCloseTo(700);
    for (let i = 1; i < flat.length; i++) {
      const a = flat[i - 1],
        b = flat[i];
      if (a && b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThanOrEqual(2 + 1e-9);
    }
  });
});

describe('exports', () => {
  it('SVG: white background, black filled path, black stroke, white eraser circle', () => {
    const svg = exportMaskSvg(drawn().getState().items);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"')).toBe(true);
    expect(svg).toContain('<rect x="0" y="0" width="800" height="800" fill="#ffffff"/>');
    expect(svg).toContain('<path d="M100 100 L300 100 L200 300 Z" fill="#000000" stroke="#000000" stroke-width="2"');
    expect(svg).toContain('<path d="M400 600 L450 650" fill="none" stroke="#000000" stroke-width="10"');
    expect(svg).toContain('<circle cx="420" cy="620" r="5" fill="#ffffff"/>');
    expect(svg).not.toContain('filter=');
  });

  it('SVG feather adds a Gaussian blur filter', () => {
    const svg = exportMaskSvg(drawn().getState().items, { featherPx: 8 });
    expect(svg).toContain('<feGaussianBlur stdDeviation="4"/>');
    expect(svg).toContain('<g filter="url(#feather)">');
  });

  it('PNG instructions: 800x800, white background, ops in paint order', () => {
    const ins = maskRenderInstructions(drawn().getState().items, { featherPx: 3 });
    expect(ins).toMatchObject({ width: 800, height: 800, background: '#ffffff', featherPx: 3 });
    expect(ins.ops.map((o) => o.kind)).toEqual(['path', 'path', 'path', 'circle']);
    expect(ins.ops[0]).toMatchObject({ fill: '#000000', stroke: '#000000' });
    expect(ins.ops[3]).toMatchObject({ fill: '#ffffff' });
  });

  it('vector mask: normalised rings and lines, eraser marked erase', () => {
    const v = toVectorMask(drawn().getState().items, { featherPx: 8 });
    expect(v.feather).toBeCloseTo(0.01);
    expect(v.shapes.map((s) => `${s.kind}:${s.mode}`)).toEqual(['fill:draw', 'line:draw', 'line:draw', 'line:draw', 'line:erase']);
    const ring = v.shapes[0];
    expect(ring?.kind === 'fill' && ring.ring).toEqual([0.125, 0.125, 0.375, 0.125, 0.25, 0.375]);
    expect(v.rasterItems).toBe(0);
  });
});
