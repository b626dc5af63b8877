import type { LayerIssue } from '@beamstage/stage';
import type { EditorContext } from '../actions/context';

/**
 * A layer the stage could not show tells the user (spec section 8: "Layer {id} failed to load",
 * "Layer {id} loading timeout"; a hung user-code frame; a video the browser cannot decode): a badge
 * on the layer (store.layerIssues) and a toast. The same issue again on the same layer is not
 * toasted twice in a row.
 */
export function reportLayerIssue(ctx: Pick<EditorContext, 'store' | 'toast'>, issue: LayerIssue): void {
  const previous = ctx.store.layerIssues[issue.layerId];
  const entry = { kind: issue.kind, message: issue.message, ...(issue.detail ? { detail: issue.detail } : {}) };
  ctx.store.layerIssues[issue.layerId] = entry;
  if (previous && previous.kind === entry.kind && previous.message === entry.message) return;
  const name = ctx.store.project?.layers.find((l) => l.id === issue.layerId)?.name;
  const text = issue.detail ? `${issue.message}: ${issue.detail}` : issue.message;
  ctx.toast(name ? `${name}: ${text}` : text, 'error');
}

/** The restart action clears the badge; the stage reports again if it fails again. */
export function clearLayerIssue(ctx: Pick<EditorContext, 'store'>, layerId: string): void {
  delete ctx.store.layerIssues[layerId];
}

/**
 * A stage view made again (the sandbox origin became known) shows the project afresh and reports
 * again what fails in it: the badges of the view it replaces are stale (e.g. "HTML layers run in
 * the sandbox origin, which this page was not given" on a layer that now runs).
 */
export function clearLayerIssues(ctx: Pick<EditorContext, 'store'>): void {
  ctx.store.layerIssues = {};
}
