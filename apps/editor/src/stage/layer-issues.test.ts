import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { LayerId, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../state/editor-store';
import { clearLayerIssue, clearLayerIssues, reportLayerIssue } from './layer-issues';

describe('layer issues from the stage', () => {
  it('badges the layer and toasts once per new issue, with the layer name and the reason', () => {
    const store = createEditorStore();
    const project = createDefaultProject({ id: 'proj_1_x' as ProjectId, nowMs: 0 });
    project.layers.push(createLayer('video', { id: 'lay_v' as LayerId }));
    store.project = project;
    const toasts: string[] = [];
    const ctx = { store, toast: (t: string) => void toasts.push(t) };
    const issue = { layerId: 'lay_v', kind: 'error' as const, message: 'Layer lay_v failed to load', detail: 'the browser cannot decode this video' };
    reportLayerIssue(ctx, issue);
    reportLayerIssue(ctx, issue);
    expect(toasts).toEqual(['Video 1: Layer lay_v failed to load: the browser cannot decode this video']);
    expect(store.layerIssues['lay_v']?.kind).toBe('error');
    reportLayerIssue(ctx, { layerId: 'lay_v', kind: 'timeout', message: 'Layer lay_v loading timeout' });
    expect(toasts).toHaveLength(2);
    clearLayerIssue(ctx, 'lay_v');
    expect(store.layerIssues['lay_v']).toBeUndefined();
  });

  it('forgets every badge when the stage view is made again (it reports afresh)', () => {
    const store = createEditorStore();
    const ctx = { store, toast: () => undefined };
    reportLayerIssue(ctx, {
      layerId: 'lay_h',
      kind: 'error',
      message: 'Layer lay_h failed to load',
      detail: 'HTML layers run in the sandbox origin, which this page was not given',
    });
    reportLayerIssue(ctx, { layerId: 'lay_v', kind: 'timeout', message: 'Layer lay_v loading timeout' });
    clearLayerIssues(ctx);
    expect(store.layerIssues).toEqual({});
  });
});
