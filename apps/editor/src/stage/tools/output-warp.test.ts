import type { Point } from '@beamstage/layers';
import { applyHomography } from '@beamstage/render-core';
import { outputHomography } from '@beamstage/stage';
import { describe, expect, it } from 'vitest';
import { applyToJson, burstGroupOf, operationFor } from '../../live/project-edits';
import { createStageDriver } from './driver';
import { nudgedOutputPoints, outputTargetAt } from './output-warp';
import { createTestStageHost } from './testing';
import { toolTestProject } from './test-project';
import { screenToStage, stageToScreen } from './viewport';

const DEFAULT = [
  { x: 200, y: 150 },
  { x: 600, y: 150 },
  { x: 600, y: 450 },
  { x: 200, y: 450 },
];

/** The tools' host in calibration mode at zoom 2, offset (10, 20): screen = output * 2 + (10, 20). */
const calibrating = () => {
  const host = createTestStageHost(toolTestProject(), { width: 2000, height: 1400 }, { zoom: 2, x: 10, y: 20 });
  let corner: number | null = -1;
  const h = Object.assign(host, {
    calibrating: () => true,
    selectOutputCorner: (i: number | null) => void (corner = i),
  });
  return { host: h, driver: createStageDriver(h), corner: () => corner };
};
const screenOf = (p: Point) => ({ x: p.x * 2 + 10, y: p.y * 2 + 20 });

describe('output calibration on the stage', () => {
  it('dragging an output corner sends @project frames live and commits one set-project-warp-points edit', () => {
    const { host, driver, corner } = calibrating();
    driver.drag(screenOf({ x: 600, y: 150 }), screenOf({ x: 640, y: 130 }), { steps: 5 });
    expect(corner()).toBe(1);
    expect(host.frames.length).toBe(7); // 5 moves, the move at release, the final frame
    expect(host.frames.every((f) => f.target === '@project')).toBe(true);
    expect(host.edits).toEqual([{ kind: 'set-project-warp-points', points: [DEFAULT[0], { x: 640, y: 130 }, DEFAULT[2], DEFAULT[3]] }]);
    expect(host.document.warpPoints[1]).toEqual({ x: 640, y: 130 });
    // Layers are neither selected nor moved in calibration mode.
    expect(host.selected).toBeNull();
    expect(host.document.layers.map((l) => [l.x, l.y])).toEqual(toolTestProject().layers.map((l) => [l.x, l.y]));
  });

  it('a drag inside the quad moves all four corners; a press outside picks no corner and changes nothing', () => {
    const { host, driver, corner } = calibrating();
    driver.drag(screenOf({ x: 400, y: 300 }), screenOf({ x: 412, y: 295 }));
    expect(corner()).toBeNull();
    expect(host.document.warpPoints).toEqual(DEFAULT.map((p) => ({ x: p.x + 12, y: p.y - 5 })));
    const edits = host.edits.length;
    driver.drag(screenOf({ x: 50, y: 50 }), screenOf({ x: 90, y: 90 }));
    expect(host.edits.length).toBe(edits);
  });

  it('a corner dragged across the quad (folding it) stays at its last valid place', () => {
    const { host, driver } = calibrating();
    driver.drag(screenOf({ x: 200, y: 150 }), screenOf({ x: 700, y: 500 }), { steps: 1 });
    expect(host.edits).toEqual([]);
    expect(host.document.warpPoints).toEqual(DEFAULT);
  });

  it('under an output warp, layers are hit and handled where the stage draws them', () => {
    const project = toolTestProject();
    project.warpPoints = [
      { x: 240, y: 150 },
      { x: 600, y: 170 },
      { x: 620, y: 450 },
      { x: 200, y: 430 },
    ];
    const output = outputHomography(project.warpPoints)!;
    const host = createTestStageHost(project, { width: 1000, height: 800 }, { zoom: 1, x: 0, y: 0, output });
    const driver = createStageDriver(host);
    const drawnAt = applyHomography(output, { x: 650, y: 150 }); // the middle of 'far', as the wall shows it
    expect(stageToScreen(host.viewport(), { x: 650, y: 150 })).toEqual(drawnAt);
    const back = screenToStage(host.viewport(), drawnAt);
    expect(back.x).toBeCloseTo(650, 6);
    expect(back.y).toBeCloseTo(150, 6);
    driver.click(drawnAt);
    expect(host.selected).toBe('far');
  });

  it('outputTargetAt finds corners first, then the inside', () => {
    const v = { zoom: 1, x: 0, y: 0 };
    expect(outputTargetAt(DEFAULT, v, { x: 205, y: 455 })).toEqual({ kind: 'corner', index: 3 });
    expect(outputTargetAt(DEFAULT, v, { x: 300, y: 300 })).toEqual({ kind: 'all' });
    expect(outputTargetAt(DEFAULT, v, { x: 10, y: 10 })).toBeNull();
  });
});

describe('output nudges and nudge-all', () => {
  it('nudges one corner or all four, and refuses a fold', () => {
    expect(nudgedOutputPoints(DEFAULT, 2, 0.1, -10)).toEqual([DEFAULT[0], DEFAULT[1], { x: 600.1, y: 440 }, DEFAULT[3]]);
    expect(nudgedOutputPoints(DEFAULT, null, 1, 1)).toEqual(DEFAULT.map((p) => ({ x: p.x + 1, y: p.y + 1 })));
    expect(nudgedOutputPoints(DEFAULT, 0, 500, 400)).toBeNull();
  });

  it('held arrows on an output corner are one undo burst; drags are each their own step', () => {
    expect(burstGroupOf({ kind: 'set-project-warp-points', points: DEFAULT, field: 'nudge' })).toBe('project-warp:nudge');
    expect(burstGroupOf({ kind: 'set-project-warp-points', points: DEFAULT })).toBeNull();
  });

  it('nudge-layers moves every layer and its warp points together', () => {
    const project = toolTestProject();
    const ids = project.layers.map((l) => l.id);
    const out = applyToJson(project, operationFor({ kind: 'nudge-layers', ids, dx: 10, dy: -1 }));
    out.layers.forEach((l) => {
      const was = project.layers.find((p) => p.id === l.id)!;
      expect([l.x, l.y]).toEqual([was.x + 10, was.y - 1]);
      expect(l.warp.points).toEqual(was.warp.points.map((p) => ({ x: p.x + 10, y: p.y - 1 })));
    });
  });
});
