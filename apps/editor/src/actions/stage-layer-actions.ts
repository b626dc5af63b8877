import { clearLayerIssue } from '../stage/layer-issues';
import { restartStageLayer } from '../stage/active-stage';
import type { Action } from './action';
import { selectedLayer } from './context';
import type { EditorContext } from './context';

/** Acting on what the stage runs for a layer (not on the document). */
export const stageLayerActions: readonly Action<EditorContext>[] = [
  {
    id: 'layer.restart',
    viewer: true,
    label: 'Restart layer',
    group: 'layer',
    icon: '⟳',
    keywords: ['hung', 'frozen', 'reload', 'quarantine', 'sketch', 'shader'],
    // A hung HTML/p5 frame or a quarantined shader: the user decides when it runs again.
    enabled: (ctx) => {
      const layer = selectedLayer(ctx);
      const issue = layer ? ctx.store.layerIssues[layer.id] : undefined;
      return issue !== undefined && issue.kind !== 'refused';
    },
    perform: (ctx) => {
      const layer = selectedLayer(ctx);
      if (!layer) return;
      clearLayerIssue(ctx, layer.id);
      if (!restartStageLayer(layer.id)) ctx.toast('The stage is not open', 'error');
    },
  },
];
