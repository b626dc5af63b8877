import { createLayerId, defaultRandomBytes } from '@beamstage/layers';
import type { Action } from './action';
import { isCalibrating, nudgeOutputWarp } from './calibration-actions';
import { canEdit, selectedLayer, selectedLayers } from './context';
import type { EditorContext } from './context';

/** Arrow nudges of users.md: 1 px, Shift 10 px, Alt 0.1 px. */
const NUDGE_STEPS = [
  { prefix: '', px: 1, label: '1 px' },
  { prefix: 'Shift+', px: 10, label: '10 px' },
  { prefix: 'Alt+', px: 0.1, label: '0.1 px' },
] as const;

const DIRECTIONS = [
  { key: 'ArrowLeft', name: 'left', dx: -1, dy: 0 },
  { key: 'ArrowRight', name: 'right', dx: 1, dy: 0 },
  { key: 'ArrowUp', name: 'up', dx: 0, dy: -1 },
  { key: 'ArrowDown', name: 'down', dx: 0, dy: 1 },
] as const;

const hasSelection = (ctx: EditorContext) => canEdit(ctx) && selectedLayers(ctx).length > 0;

/** Rounds away float noise of 0.1 steps (0.1 + 0.2) so typed values stay what people expect. */
const round3 = (v: number) => Math.round(v * 1000) / 1000;

const nudgeActions: Action<EditorContext>[] = NUDGE_STEPS.flatMap((step) =>
  DIRECTIONS.map((dir): Action<EditorContext> => ({
    id: `layer.nudge-${dir.name}${step.px === 1 ? '' : `-${String(step.px).replace('.', '_')}`}`,
    label: `Nudge ${dir.name} ${step.label}`,
    group: 'layer',
    shortcuts: [`${step.prefix}${dir.key}`],
    hiddenInPalette: true,
    // In output calibration the arrows nudge the output warp's selected corner.
    enabled: (ctx) => isCalibrating(ctx) || hasSelection(ctx),
    perform: (ctx) => {
      if (isCalibrating(ctx)) return nudgeOutputWarp(ctx, round3(dir.dx * step.px), round3(dir.dy * step.px));
      for (const layer of selectedLayers(ctx)) {
        if (layer.locked) continue;
        const dx = round3(dir.dx * step.px);
        const dy = round3(dir.dy * step.px);
        ctx.live.edit({ kind: 'nudge-layer', id: layer.id, dx, dy });
      }
    },
  })),
);

export const layerActions: readonly Action<EditorContext>[] = [
  {
    id: 'layer.duplicate',
    label: 'Duplicate',
    group: 'layer',
    icon: '⧉',
    shortcuts: ['Mod+D'],
    keywords: ['copy', 'clone'],
    enabled: hasSelection,
    perform: (ctx) => {
      const now = ctx.now();
      const pairs = selectedLayers(ctx).map((l) => ({ id: l.id, newId: createLayerId(now, defaultRandomBytes) as string }));
      ctx.live.edit({ kind: 'duplicate-layers', pairs });
      // The copies are selected (spec section 4); the last one is the primary.
      const last = pairs.at(-1);
      ctx.live.select(last ? last.newId : null);
      ctx.store.selectedLayerIds = pairs.map((p) => p.newId);
    },
  },
  {
    id: 'layer.delete',
    label: 'Delete layer',
    group: 'layer',
    icon: '✕',
    shortcuts: ['Delete'],
    keywords: ['remove'],
    enabled: hasSelection,
    perform: (ctx) => {
      const ids = selectedLayers(ctx).map((l) => l.id);
      ctx.live.edit(ids.length === 1 ? { kind: 'remove-layer', id: ids[0] as string } : { kind: 'remove-layers', ids });
      ctx.live.select(null);
    },
  },
  {
    id: 'layer.toggle-warp',
    label: 'Toggle warp',
    group: 'layer',
    icon: '⌗',
    shortcuts: ['E'],
    keywords: ['corner pin', 'perspective'],
    enabled: (ctx) => canEdit(ctx) && selectedLayer(ctx) !== null,
    perform: (ctx) => {
      const layer = selectedLayer(ctx);
      if (layer) ctx.live.edit({ kind: 'toggle-warp', id: layer.id });
    },
  },
  {
    id: 'layer.toggle-visible',
    label: 'Show or hide',
    group: 'layer',
    icon: '◉',
    shortcuts: ['H'],
    keywords: ['visibility', 'hide', 'show'],
    enabled: hasSelection,
    perform: (ctx) => {
      const layers = selectedLayers(ctx);
      // Several layers: all follow the first one's new state (as in every layer panel).
      const visible = !(layers[0]?.visible ?? true);
      ctx.live.edit({ kind: 'update-layers', ids: layers.map((l) => l.id), patch: { visible } });
    },
  },
  {
    id: 'layer.toggle-lock',
    label: 'Lock or unlock',
    group: 'layer',
    icon: '⊡',
    keywords: ['lock'],
    enabled: hasSelection,
    perform: (ctx) => {
      const layers = selectedLayers(ctx);
      const locked = !(layers[0]?.locked ?? false);
      ctx.live.edit({ kind: 'update-layers', ids: layers.map((l) => l.id), patch: { locked } });
    },
  },
  {
    id: 'layer.select-none',
    viewer: true,
    label: 'Select none',
    group: 'layer',
    shortcuts: ['Escape'],
    enabled: (ctx) => ctx.store.selectedLayerId !== null,
    perform: (ctx) => ctx.live.select(null),
  },
  ...nudgeActions,
];
