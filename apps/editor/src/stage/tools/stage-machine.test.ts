import type { Layer, Point } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { createStageDriver } from './driver';
import { handlesFor } from './handles';
import { meshToggleEdit } from './mesh';
import { SNAP_DISTANCE_SCREEN_PX } from './snapping';
import { createTestStageHost } from './testing';
import { toolTestProject } from './test-project';
import { fitViewport, screenToStage } from './viewport';
import type { Viewport } from './viewport';

const layerOf = (host: { document: { layers: Layer[] } }, id: string) => host.document.layers.find((l) => l.id === id)!;
const setup = (view: Viewport | null = { zoom: 1, x: 0, y: 0 }) => {
  const host = createTestStageHost(toolTestProject(), { width: 1000, height: 800 }, view);
  return { host, driver: createStageDriver(host) };
};
const SHIFT = { shift: true, alt: false, mod: false };

describe('select and move', () => {
  it('a click selects the front-most layer under the pointer, and the empty stage clears the selection', () => {
    const { host, driver } = setup();
    driver.click(driver.toScreen({ x: 350, y: 350 })); // inside both 'front' and 'back'
    expect(host.selected).toBe('front');
    driver.click(driver.toScreen({ x: 450, y: 420 })); // only 'back'
    expect(host.selected).toBe('back');
    driver.click(driver.toScreen({ x: 50, y: 550 }));
    expect(host.selected).toBeNull();
    expect(host.edits).toEqual([]);
  });

  it('a hidden layer is not hit: the one behind it is', () => {
    const { host, driver } = setup();
    host.document = { ...host.document, layers: host.document.layers.map((l) => (l.id === 'front' ? { ...l, visible: false } : l)) };
    driver.click(driver.toScreen({ x: 350, y: 350 }));
    expect(host.selected).toBe('back');
  });

  it('dragging a layer moves it and its warp points by the same offset, live then committed once', () => {
    const { host, driver } = setup();
    const before = layerOf(host, 'front').warp.points;
    driver.dragStage({ x: 250, y: 250 }, { x: 280, y: 290 });
    expect(host.selected).toBe('front');
    expect(host.edits).toEqual([{ kind: 'move-layer', id: 'front', x: 330, y: 340 }]);
    expect(layerOf(host, 'front').warp.points).toEqual(before.map((p) => ({ x: p.x + 30, y: p.y + 40 })));
    expect(host.frames.length).toBeGreaterThan(1); // frames went out during the drag
    expect(host.frames.at(-1)).toEqual({ target: 'front', values: { x: 330, y: 340, points: before.map((p) => ({ x: p.x + 30, y: p.y + 40 })) } });
    expect(layerOf(host, 'back').x).toBe(400); // the other layer did not move
  });

  it('a press that moves less than the threshold is a click: nothing moves', () => {
    const { host, driver } = setup();
    driver.drag(driver.toScreen({ x: 250, y: 250 }), driver.toScreen({ x: 251, y: 251 }));
    expect(host.selected).toBe('front');
    expect(host.edits).toEqual([]);
  });

  it('a locked layer is selected but never moved', () => {
    const { host, driver } = setup();
    host.document = { ...host.document, layers: host.document.layers.map((l) => (l.id === 'front' ? { ...l, locked: true } : l)) };
    driver.dragStage({ x: 250, y: 250 }, { x: 300, y: 300 });
    expect(host.selected).toBe('front');
    expect(host.edits).toEqual([]);
    expect(host.frames).toEqual([]);
  });

  it('a viewer selects but cannot drag', () => {
    const { host, driver } = setup();
    host.readOnly = true;
    driver.dragStage({ x: 250, y: 250 }, { x: 300, y: 300 });
    expect(host.selected).toBe('front');
    expect(host.edits).toEqual([]);
  });

  it('a mesh moves with its layer (previewed locally, committed with the move)', () => {
    const { host, driver } = setup();
    host.edit(meshToggleEdit(layerOf(host, 'far')));
    const mesh = layerOf(host, 'far').warp.meshPoints;
    driver.machine.pointerDown(driver.toScreen({ x: 600, y: 100 }));
    driver.machine.pointerMove(driver.toScreen({ x: 610, y: 120 }));
    expect(host.meshPreview?.points[0]).toEqual({ x: mesh[0]!.x + 10, y: mesh[0]!.y + 20 });
    driver.machine.pointerUp(driver.toScreen({ x: 610, y: 120 }));
    expect(host.meshPreview).toBeNull();
    expect(layerOf(host, 'far').warp.meshPoints).toEqual(mesh.map((p) => ({ x: p.x + 10, y: p.y + 20 })));
    expect(layerOf(host, 'far')).toMatchObject({ x: 660, y: 170 });
  });
});

describe('corner pin', () => {
  const dragCorner = (view: Viewport, to: Point, shift = false) => {
    const { host, driver } = setup(view);
    host.selected = 'front';
    // front's top-right corner is (400, 200); far's top-left corner is (550, 50).
    driver.dragStage({ x: 400, y: 200 }, to, shift ? { modifiers: SHIFT } : {});
    return { host, corner: layerOf(host, 'front').warp.points[1]! };
  };

  it('drags one corner, committed as the four points, the warp switched on', () => {
    const { host, corner } = dragCorner({ zoom: 1, x: 0, y: 0 }, { x: 420, y: 180 });
    expect(corner).toEqual({ x: 420, y: 180 });
    expect(layerOf(host, 'front').warp.enabled).toBe(true);
    expect(layerOf(host, 'front').warp.points[0]).toEqual({ x: 200, y: 200 });
    expect(host.edits.map((e) => e.kind)).toEqual(['set-warp-points']);
  });

  it(`snaps to another layer's corner within ${SNAP_DISTANCE_SCREEN_PX} screen px at zoom 1, not beyond`, () => {
    expect(dragCorner({ zoom: 1, x: 0, y: 0 }, { x: 545, y: 55 }).corner).toEqual({ x: 550, y: 50 }); // 7.1 px away
    expect(dragCorner({ zoom: 1, x: 0, y: 0 }, { x: 541, y: 59 }).corner).toEqual({ x: 541, y: 59 }); // 12.7 px: free
  });

  it('at zoom 4 the same screen distance is a quarter of the canvas distance', () => {
    const zoom4 = { zoom: 4, x: -1600, y: 0 };
    expect(dragCorner(zoom4, { x: 548.5, y: 51 }).corner).toEqual({ x: 550, y: 50 }); // 1.8 canvas px = 7.2 screen px
    expect(dragCorner(zoom4, { x: 545, y: 55 }).corner).toEqual({ x: 545, y: 55 }); // 7.1 canvas px = 28 screen px: free
  });

  it("snaps to another layer's edge when no corner is near", () => {
    expect(dragCorner({ zoom: 1, x: 0, y: 0 }, { x: 544, y: 150 }).corner).toEqual({ x: 550, y: 150 });
  });

  it('Shift bypasses snapping', () => {
    expect(dragCorner({ zoom: 1, x: 0, y: 0 }, { x: 545, y: 55 }, true).corner).toEqual({ x: 545, y: 55 });
  });

  it('feeds the loupe with the dragged point while dragging, and clears it on release', () => {
    const { host, driver } = setup();
    host.selected = 'front';
    driver.pointerDown(driver.toScreen({ x: 400, y: 200 }));
    driver.pointerMove(driver.toScreen({ x: 546, y: 54 }));
    expect(driver.machine.view()).toMatchObject({ state: 'dragging', tool: 'corner', loupe: { x: 550, y: 50 }, snap: 'corner' });
    expect(host.frames.at(-1)?.values.points?.[1]).toEqual({ x: 550, y: 50 });
    driver.pointerUp(driver.toScreen({ x: 546, y: 54 }));
    expect(driver.machine.view()).toMatchObject({ state: 'idle', loupe: null });
  });
});

describe('mesh', () => {
  it('drags one inner mesh point: the whole grid is one edit, the others unchanged', () => {
    const { host, driver } = setup();
    host.edit(meshToggleEdit(layerOf(host, 'front')));
    host.selected = 'front';
    const before = layerOf(host, 'front').warp.meshPoints;
    expect(before).toHaveLength(16);
    const inner = before[5]!; // row 1, column 1
    expect(inner.x).toBeCloseTo(266.667, 2);
    driver.pointerDown(driver.toScreen(inner));
    driver.pointerMove(driver.toScreen({ x: 280, y: 250 }));
    expect(host.meshPreview?.points[5]).toEqual({ x: 280, y: 250 });
    expect(host.edits).toHaveLength(1); // only the toggle so far
    driver.pointerUp(driver.toScreen({ x: 290, y: 255 }));
    const after = layerOf(host, 'front').warp.meshPoints;
    expect(after[5]).toEqual({ x: 290, y: 255 });
    expect(after.filter((_, i) => i !== 5)).toEqual(before.filter((_, i) => i !== 5));
    expect(host.edits.at(-1)).toMatchObject({ kind: 'update-layer', id: 'front' });
    expect(host.meshPreview).toBeNull();
    expect(driver.machine.view().loupe).toBeNull();
  });

  it('a mesh grid starts on the corners, and shows mesh handles instead of corner handles', () => {
    const { host } = setup();
    host.edit(meshToggleEdit(layerOf(host, 'front')));
    const layer = layerOf(host, 'front');
    expect(layer.warp).toMatchObject({ enabled: true, meshEnabled: true, meshResolution: 4 });
    expect(layer.warp.meshPoints[0]).toEqual({ x: 200, y: 200 });
    expect(layer.warp.meshPoints[15]).toEqual({ x: 400, y: 400 });
    const kinds = handlesFor(layer, { zoom: 1, x: 0, y: 0 }).map((h) => h.kind);
    expect(kinds.filter((k) => k === 'mesh')).toHaveLength(16);
    expect(kinds).not.toContain('corner');
  });
});

describe('rotate and scale', () => {
  it('the rotation handle turns the warp points about their centroid', () => {
    const { host, driver } = setup();
    host.selected = 'front';
    const rotate = handlesFor(layerOf(host, 'front'), host.viewport()).find((h) => h.kind === 'rotate')!;
    expect(rotate.screen).toEqual({ x: 300, y: 168 });
    // From straight above the centre (300, 300) to straight right of it: +90 degrees.
    driver.drag(rotate.screen, { x: 432, y: 300 });
    const layer = layerOf(host, 'front');
    expect(layer.rotation).toBe(90);
    const pts = layer.warp.points.map((p) => ({ x: Math.round(p.x * 1000) / 1000, y: Math.round(p.y * 1000) / 1000 }));
    expect(pts).toEqual([
      { x: 400, y: 200 },
      { x: 400, y: 400 },
      { x: 200, y: 400 },
      { x: 200, y: 200 },
    ]);
    expect(host.edits).toEqual([{ kind: 'update-layer', id: 'front', patch: { rotation: 90 } }]);
    // The live frames carried the same corners the commit produced.
    expect(host.frames.at(-1)?.values.points).toEqual(layer.warp.points);
  });

  it('Shift snaps the rotation to 15 degrees', () => {
    const { host, driver } = setup();
    host.selected = 'front';
    driver.drag({ x: 300, y: 168 }, { x: 432, y: 290 }, { modifiers: SHIFT }); // about 85.7 degrees
    expect(layerOf(host, 'front').rotation).toBe(90);
  });

  it('a corner scale handle scales both axes about the centroid', () => {
    const { host, driver } = setup();
    host.selected = 'front';
    const handle = handlesFor(layerOf(host, 'front'), host.viewport()).find((h) => h.kind === 'scale' && h.axis === 'xy')!;
    // Twice as far from the centre (300, 300) along the same diagonal.
    driver.drag(handle.screen, { x: 300 + (handle.screen.x - 300) * 2, y: 300 + (handle.screen.y - 300) * 2 });
    const layer = layerOf(host, 'front');
    expect(layer.scale).toEqual({ x: 2, y: 2 });
    expect(layer.warp.points).toEqual([
      { x: 100, y: 100 },
      { x: 500, y: 100 },
      { x: 500, y: 500 },
      { x: 100, y: 500 },
    ]);
  });

  it('a mesh turns with its layer: the local preview is what the commit stores', () => {
    const { host, driver } = setup();
    host.edit(meshToggleEdit(layerOf(host, 'front')));
    host.selected = 'front';
    driver.pointerDown({ x: 300, y: 168 });
    driver.pointerMove({ x: 432, y: 300 });
    const preview = host.meshPreview!.points;
    driver.pointerUp({ x: 432, y: 300 });
    const mesh = layerOf(host, 'front').warp.meshPoints;
    expect(mesh).toEqual(preview);
    expect(mesh[0]!.x).toBeCloseTo(400, 9); // the top-left point turned 90 degrees to the top-right
    expect(mesh[0]!.y).toBeCloseTo(200, 9);
    expect(host.edits.at(-1)).toEqual({ kind: 'update-layer', id: 'front', patch: { rotation: 90 } });
  });

  it('an edge scale handle scales one axis', () => {
    const { host, driver } = setup();
    host.selected = 'front';
    // The right edge's midpoint (400, 300) dragged to 350: half as far from the centre.
    driver.drag({ x: 400, y: 300 }, { x: 350, y: 300 });
    const layer = layerOf(host, 'front');
    expect(layer.scale).toEqual({ x: 0.5, y: 1 });
    expect(layer.warp.points).toEqual([
      { x: 250, y: 200 },
      { x: 350, y: 200 },
      { x: 350, y: 400 },
      { x: 250, y: 400 },
    ]);
  });
});

describe('pan and zoom', () => {
  it('the wheel zooms about the pointer: the canvas point under it stays under it', () => {
    const { host, driver } = setup({ zoom: 1, x: 100, y: 50 });
    const pointer = { x: 420, y: 330 };
    const under = screenToStage(host.viewport(), pointer);
    driver.wheel(pointer, -300);
    expect(host.viewport().zoom).toBeGreaterThan(1.5);
    const after = screenToStage(host.viewport(), pointer);
    expect(after.x).toBeCloseTo(under.x, 9);
    expect(after.y).toBeCloseTo(under.y, 9);
    driver.wheel(pointer, 600);
    expect(host.viewport().zoom).toBeLessThan(1);
    expect(screenToStage(host.viewport(), pointer).x).toBeCloseTo(under.x, 9);
    expect(host.edits).toEqual([]);
  });

  it('Space-drag pans, selects nothing and writes nothing; without Space the same drag moves a layer', () => {
    const { host, driver } = setup({ zoom: 2, x: 10, y: 20 });
    const on = driver.toScreen({ x: 250, y: 250 });
    driver.keyDown(' ');
    expect(driver.machine.view().panReady).toBe(true);
    driver.drag(on, { x: on.x + 50, y: on.y + 30 });
    expect(host.viewport()).toEqual({ zoom: 2, x: 60, y: 50 });
    expect(host.selected).toBeNull();
    expect(host.edits).toEqual([]);
    driver.keyUp(' ');
    driver.drag(driver.toScreen({ x: 250, y: 250 }), driver.toScreen({ x: 260, y: 250 }));
    expect(host.edits.map((e) => e.kind)).toEqual(['move-layer']);
  });

  it('the middle button pans too', () => {
    const { host, driver } = setup();
    driver.drag({ x: 250, y: 250 }, { x: 200, y: 260 }, { button: 1 });
    expect(host.viewport()).toEqual({ zoom: 1, x: -50, y: 10 });
    expect(host.edits).toEqual([]);
  });

  it('fit centres the whole canvas in the stage area with a margin', () => {
    const fit = fitViewport({ width: 1000, height: 800 }, { width: 800, height: 600 });
    expect(fit.zoom).toBeCloseTo(952 / 800, 9);
    expect(fit.x).toBeCloseTo(24, 9);
    expect(fit.y + (600 * fit.zoom) / 2).toBeCloseTo(400, 9); // centred vertically
    const tall = fitViewport({ width: 1000, height: 400 }, { width: 800, height: 600 });
    expect(tall.zoom).toBeCloseTo(352 / 600, 9);
    expect(tall.x + (800 * tall.zoom) / 2).toBeCloseTo(500, 9);
  });
});
