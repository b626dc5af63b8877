import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_OPACITY_MAX, BACKGROUND_OPACITY_MIN, BRUSH_SIZE_MAX_PX, BRUSH_SIZE_MIN_PX, ZOOM_MAX, ZOOM_MIN } from './constants';
import { MaskDriver } from './driver';
import { MaskModel } from './model';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 200);
const triangle = [
  { x: 100, y: 100 },
  { x: 300, y: 100 },
  { x: 200, y: 300 },
];

describe('mask model defaults', () => {
  it('starts with the spec defaults', () => {
    const s = new MaskModel().getState();
    expect(s).toMatchObject({
      tool: 'pen',
      brushSize: 10,
      backgroundOpacity: 0.5,
      backgroundFitMode: 'cover',
      fillEnabled: true,
      backgroundImage: null,
      hasContent: false,
      canUndo: false,
      canRedo: false,
    });
    expect(s.view).toEqual({ zoom: 1, panX: 0, panY: 0 });
  });
});

describe('pen', () => {
  it('a click adds a corner point', () => {
    const d = new MaskDriver(new MaskModel());
    d.click(10, 20).click(30, 40);
    const path = d.model.getState().currentPath;
    expect(path?.points.map((p) => [p.x, p.y, p.smooth])).toEqual([
      [10, 20, false],
      [30, 40, false],
    ]);
    expect(path?.closed).toBe(false);
  });

  it('a drag of 4 px or less keeps the point a corner; beyond 4 px makes it smooth with symmetric handles', () => {
    const d = new MaskDriver(new MaskModel());
    d.drag([
      { x: 50, y: 50 },
      { x: 54, y: 50 },
    ]);
    expect(d.model.getState().currentPath?.points[0]?.smooth).toBe(false);
    d.drag([
      { x: 100, y: 100 },
      { x: 103, y: 103 },
      { x: 110, y: 96 },
    ]);
    const p = d.model.getState().currentPath?.points[1];
    expect(p?.smooth).toBe(true);
    expect(p?.h2).toEqual({ dx: 10, dy: -4 });
    expect(p?.h1).toEqual({ dx: -10, dy: 4 });
  });

  it('a click within 20 px of the first point with 3+ points closes and finalises the path', () => {
    const d = new MaskDriver(new MaskModel());
    d.click(100, 100).click(300, 100).click(200, 300).click(114, 114); // 19.8 px away
    const s = d.model.getState();
    expect(s.currentPath).toBeNull();
    expect(s.items).toHaveLength(1);
    const item = s.items[0];
    expect(item?.kind === 'path' && item.path.closed && item.path.filled).toBe(true);
    expect(item?.kind === 'path' && item.path.points).toHaveLength(3);
    expect(s.history.commands.map((c) => c.type)).toEqual(['addPath']);
  });

  it('a click near the first point with only 2 points adds a point instead', () => {
    const d = new MaskDriver(new MaskModel());
    d.click(100, 100).click(300, 100).click(105, 105);
    expect(d.model.getState().currentPath?.points).toHaveLength(3);
    expect(d.model.getState().items).toHaveLength(0);
  });

  it('a click 21 px away does not close', () => {
    const d = new MaskDriver(new MaskModel());
    d.polygon(triangle, false).click(121, 100);
    expect(d.model.getState().currentPath?.points).toHaveLength(4);
  });

  it('the close distance is measured on screen, so it holds when zoomed', () => {
    const d = new MaskDriver(new MaskModel());
    d.model.zoomIn();
    d.model.zoomIn(); // zoom 1.44 around the centre
    d.polygon(triangle, false).click(100 + 15, 100);
    expect(d.model.getState().items).toHaveLength(1);
  });

  it('Close Path needs 3 points; Enter does the same', () => {
    const d = new MaskDriver(new MaskModel());
    d.click(1, 1).click(50, 1);
    expect(d.model.closePath()).toBe(false);
    expect(d.key('Enter')).toBe('ignored');
    d.click(20, 60);
    expect(d.key('Enter')).toBe('handled');
    expect(d.model.getState().items).toHaveLength(1);
  });

  it('New Path finalises the current path as open; a lone point is dropped', () => {
    const d = new MaskDriver(new MaskModel());
    d.click(1, 1).click(50, 1);
    d.model.newPath();
    d.click(70, 70);
    d.model.newPath();
    const s = d.model.getState();
    expect(s.items).toHaveLength(1);
    expect(s.items[0]?.kind === 'path' && s.items[0].path.closed).toBe(false);
    expect(s.history.commands.map((c) => c.type)).toEqual(['newPath']);
    expect(s.currentPath).toBeNull();
  });

  it('Fill off makes closed paths unfilled', () => {
    const d = new MaskDriver(new MaskModel());
    d.model.setFillEnabled(false);
    d.polygon(triangle);
    const item = d.model.getState().items[0];
    expect(item?.kind === 'path' && item.path.filled).toBe(false);
  });

  it('switching away from the pen finalises the current path', () => {
    const d = new MaskDriver(new MaskModel());
    d.click(1, 1).click(50, 1);
    d.key('b');
    expect(d.model.getState().currentPath).toBeNull();
    expect(d.model.getState().items).toHaveLength(1);
  });
});

describe('brush and eraser', () => {
  it('collects points while down and commits on release', () => {
    const d = new MaskDriver(new MaskModel());
    d.key('b');
    d.down(10, 10).move(20, 10).move(30, 10);
    expect(d.model.getState().activeStroke?.points).toHaveLength(3);
    expect(d.model.getState().items).toHaveLength(0);
    d.up();
    const item = d.model.getState().items[0];
    expect(item?.kind === 'stroke' && item.stroke).toEqual({
      points: [
        { x: 10, y: 10 },
        { x: 20, y: 10 },
        { x: 30, y: 10 },
      ],
      brushSize: 10,
      isEraser: false,
    });
    expect(d.model.getState().history.commands.map((c) => c.type)).toEqual(['addBrushStroke']);
  });

  it('commits when the pointer leaves', () => {
    const d = new MaskDriver(new MaskModel());
    d.key('e');
    d.down(10, 10).move(20, 20).leave();
    const item = d.model.getState().items[0];
    expect(item?.kind === 'stroke' && item.stroke.isEraser).toBe(true);
    d.move(40, 40); // moving after leave adds nothing
    expect(d.model.getState().activeStroke).toBeNull();
  });

  it('moves without a pressed button do not draw', () => {
    const d = new MaskDriver(new MaskModel());
    d.key('b');
    d.move(10, 10).move(20, 20);
    expect(d.model.getState().items).toHaveLength(0);
  });

  it('strokes are placed in drawing coordinates under zoom and pan', () => {
    const d = new MaskDriver(new MaskModel());
    d.key('b');
    d.drag(
      [
        { x: 400, y: 400 },
        { x: 500, y: 500 },
      ],
      { button: 1 },
    ); // middle-drag pans by 100,100
    d.drag([{ x: 150, y: 150 }]);
    const item = d.model.getState().items[0];
    expect(item?.kind === 'stroke' && item.stroke.points[0]).toEqual({ x: 50, y: 50 });
  });
});

describe('view', () => {
  it('wheel zooms by 0.9 and 1.1 around the pointer, which stays put', () => {
    const m = new MaskModel();
    m.wheel(-100, { x: 200, y: 100 });
    expect(m.getState().view.zoom).toBeCloseTo(1.1);
    const v = m.getState().view;
    expect((200 - v.panX) / v.zoom).toBeCloseTo(200);
    expect((100 - v.panY) / v.zoom).toBeCloseTo(100);
    m.wheel(100, { x: 200, y: 100 });
    expect(m.getState().view.zoom).toBeCloseTo(0.99);
  });

  it('buttons zoom by 1.2 and reset view restores identity; Ctrl+0 too', () => {
    const d = new MaskDriver(new MaskModel());
    d.model.zoomIn();
    expect(d.model.getState().view.zoom).toBeCloseTo(1.2);
    d.model.zoomOut();
    d.model.zoomOut();
    expect(d.model.getState().view.zoom).toBeCloseTo(1 / 1.2);
    d.model.resetView();
    expect(d.model.getState().view).toEqual({ zoom: 1, panX: 0, panY: 0 });
    d.model.zoomIn();
    d.key('0', { ctrlKey: true });
    expect(d.model.getState().view).toEqual({ zoom: 1, panX: 0, panY: 0 });
  });

  it('Ctrl+left drag pans and draws nothing', () => {
    const d = new MaskDriver(new MaskModel());
    d.drag(
      [
        { x: 10, y: 10 },
        { x: 40, y: 30 },
      ],
      { ctrlKey: true },
    );
    expect(d.model.getState().view).toEqual({ zoom: 1, panX: 30, panY: 20 });
    expect(d.model.getState().currentPath).toBeNull();
  });

  it('property: zoom stays within 0.1..5 whatever the wheel and buttons do', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant('in'), fc.constant('out'), fc.integer({ min: -500, max: 500 })), { maxLength: 80 }), (ops) => {
        const m = new MaskModel();
        for (const op of ops) {
          if (op === 'in') m.zoomIn();
          else if (op === 'out') m.zoomOut();
          else m.wheel(op, { x: 123, y: 456 });
          expect(m.getState().view.zoom).toBeGreaterThanOrEqual(ZOOM_MIN);
          expect(m.getState().view.zoom).toBeLessThanOrEqual(ZOOM_MAX);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('settings clamps', () => {
  it('property: brush size stays an integer in 1..50, opacity in 0.1..0.9', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), fc.double(), (size, opacity) => {
        const m = new MaskModel();
        m.setBrushSize(size);
        m.setBackgroundOpacity(opacity);
        const s = m.getState();
        expect(Number.isInteger(s.brushSize)).toBe(true);
        expect(s.brushSize).toBeGreaterThanOrEqual(BRUSH_SIZE_MIN_PX);
        expect(s.brushSize).toBeLessThanOrEqual(BRUSH_SIZE_MAX_PX);
        expect(s.backgroundOpacity).toBeGreaterThanOrEqual(BACKGROUND_OPACITY_MIN);
        expect(s.backgroundOpacity).toBeLessThanOrEqual(BACKGROUND_OPACITY_MAX);
      }),
      { numRuns: RUNS },
    );
  });

  it('[ and ] step by 2 and stop at 1 and 50', () => {
    const d = new MaskDriver(new MaskModel());
    d.key(']');
    expect(d.model.getState().brushSize).toBe(12);
    for (let i = 0; i < 30; i++) d.key(']');
    expect(d.model.getState().brushSize).toBe(50);
    for (let i = 0; i < 30; i++) d.key('[');
    expect(d.model.getState().brushSize).toBe(1);
  });
});
