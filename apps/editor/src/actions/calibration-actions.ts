import { defaultWarpPoints } from '@beamstage/layers';
import { nudgedOutputPoints } from '../stage/tools/output-warp';
import type { Action } from './action';
import { canEdit } from './context';
import type { EditorContext } from './context';

const ARROWS = [
  { key: 'ArrowLeft', name: 'left', dx: -1, dy: 0 },
  { key: 'ArrowRight', name: 'right', dx: 1, dy: 0 },
  { key: 'ArrowUp', name: 'up', dx: 0, dy: -1 },
  { key: 'ArrowDown', name: 'down', dx: 0, dy: 1 },
] as const;

/** Nudge-all steps (users.md: "a nudge all moves every layer when the projector gets bumped"). */
const NUDGE_ALL_STEPS = [
  { prefix: 'Mod+', px: 1, label: '1 px', suffix: '' },
  { prefix: 'Mod+Shift+', px: 10, label: '10 px', suffix: '-10' },
] as const;

/** True while the arrows nudge the output warp instead of the selected layers. */
export const isCalibrating = (ctx: EditorContext): boolean => ctx.store.calibrating && canEdit(ctx);

/**
 * The arrows in calibration mode: the selected output corner (or all four) by dx, dy. One undo
 * step for a run of nudges (burst 'nudge'); a nudge that would fold the quad is refused.
 */
export function nudgeOutputWarp(ctx: EditorContext, dx: number, dy: number): void {
  const project = ctx.store.project;
  if (!project) return;
  const next = nudgedOutputPoints(project.warpPoints, ctx.store.calibrationCorner, dx, dy);
  if (!next) {
    ctx.toast('That nudge would fold the output: corners must stay in order', 'error');
    return;
  }
  ctx.live.edit({ kind: 'set-project-warp-points', points: next, field: 'nudge' });
}

const isDefaultWarp = (ctx: EditorContext) => {
  const points = ctx.store.project?.warpPoints ?? [];
  return defaultWarpPoints().every((p, i) => points[i]?.x === p.x && points[i]?.y === p.y);
};

/** Output calibration: the project's output warp and moving everything together. */
export const calibrationActions: readonly Action<EditorContext>[] = [
  {
    id: 'output.calibrate',
    label: 'Calibrate output warp',
    group: 'output',
    icon: '⌗',
    shortcuts: ['Shift+W'],
    keywords: ['keystone', 'corner pin', 'projector', 'warp', 'calibration'],
    enabled: canEdit,
    perform: (ctx) => {
      ctx.store.calibrating = !ctx.store.calibrating;
      ctx.store.calibrationCorner = null;
    },
  },
  {
    id: 'output.reset-warp',
    label: 'Reset output warp',
    group: 'output',
    keywords: ['keystone', 'calibration', 'default'],
    enabled: (ctx) => canEdit(ctx) && !isDefaultWarp(ctx),
    perform: (ctx) => ctx.live.edit({ kind: 'set-project-warp-points', points: defaultWarpPoints() }),
  },
  ...NUDGE_ALL_STEPS.flatMap((step) =>
    ARROWS.map((dir): Action<EditorContext> => ({
      id: `output.nudge-all-${dir.name}${step.suffix}`,
      label: `Nudge all layers ${dir.name} ${step.label}`,
      group: 'output',
      icon: { left: '←', right: '→', up: '↑', down: '↓' }[dir.name],
      shortcuts: [`${step.prefix}${dir.key}`],
      keywords: ['bumped', 'projector', 'move everything'],
      // Like the layer nudges: keys and the outputs panel's buttons, not palette entries.
      hiddenInPalette: true,
      enabled: (ctx) => canEdit(ctx) && (ctx.store.project?.layers.length ?? 0) > 0,
      perform: (ctx) => {
        const ids = ctx.store.project?.layers.map((l) => l.id) ?? [];
        // Locked layers move too: the projector moved, not the content relative to the surface.
        if (ids.length) ctx.live.edit({ kind: 'nudge-layers', ids, dx: dir.dx * step.px, dy: dir.dy * step.px });
      },
    })),
  ),
];
