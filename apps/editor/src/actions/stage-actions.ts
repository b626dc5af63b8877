import { meshToggleEdit } from '../stage/tools/mesh';
import { zoomByStep } from '../stage/tools/pan-zoom';
import { sessionViewport, storeViewport } from '../stage/tools/session-viewport';
import { ZOOM_STEP } from '../stage/tools/viewport';
import type { Action } from './action';
import { canEdit, selectedLayer } from './context';
import type { EditorContext } from './context';

/** The stage's zoom host for the actions: the measured stage area and the session's view. */
const zoomHost = (ctx: EditorContext) => {
  const box = ctx.store.stageBox ?? { width: 1, height: 1 };
  const canvas = ctx.store.project?.canvas ?? { width: 1, height: 1 };
  return {
    box: () => box,
    viewport: () => sessionViewport(ctx.session, box, canvas),
    setViewport: (v: Parameters<typeof storeViewport>[1]) => storeViewport(ctx.session, v),
  };
};

const hasStage = (ctx: EditorContext) => ctx.store.project !== null && ctx.store.stageBox !== null;

export const stageActions: readonly Action<EditorContext>[] = [
  {
    id: 'view.fit',
    viewer: true,
    label: 'Fit the canvas in the stage',
    group: 'view',
    icon: '⤢',
    shortcuts: ['Mod+0'],
    keywords: ['zoom', 'reset', 'view'],
    enabled: (ctx) => ctx.store.project !== null,
    perform: (ctx) => storeViewport(ctx.session, null),
  },
  {
    id: 'view.zoom-in',
    viewer: true,
    label: 'Zoom in',
    group: 'view',
    icon: '+',
    shortcuts: ['Mod+=', 'Mod++'],
    keywords: ['magnify', 'stage'],
    enabled: hasStage,
    perform: (ctx) => zoomByStep(zoomHost(ctx), ZOOM_STEP),
  },
  {
    id: 'view.zoom-out',
    viewer: true,
    label: 'Zoom out',
    group: 'view',
    icon: '−',
    shortcuts: ['Mod+-'],
    keywords: ['stage'],
    enabled: hasStage,
    perform: (ctx) => zoomByStep(zoomHost(ctx), 1 / ZOOM_STEP),
  },
  {
    id: 'layer.toggle-mesh',
    label: 'Mesh warp on or off',
    group: 'layer',
    icon: '▦',
    keywords: ['warp', 'grid', 'mesh', 'deform'],
    enabled: (ctx) => {
      const layer = selectedLayer(ctx);
      return canEdit(ctx) && layer !== null && !layer.locked;
    },
    perform: (ctx) => {
      const layer = selectedLayer(ctx);
      if (layer) ctx.live.edit(meshToggleEdit(layer));
    },
  },
];
