// What a generation becomes: a new layer (type, name and code from the answer) or the open
// layer's code, each ONE edit. The code is data here; the stage runs it where it belongs.
import { createLayer } from '@beamstage/layers';
import type { Layer, LayerType, ProjectJson } from '@beamstage/layers';
import { codeSourceOf } from '../code/code-source';
import type { ProjectEdit } from '../live/project-edits';
import type { AiAnswer, AiCodeType } from './ai-api';

/** The layer type each generated kind of code lives in. */
export const AI_LAYER_TYPES: Readonly<Record<AiCodeType, LayerType>> = { shader: 'fragment-shader', p5js: 'p5js', html: 'html' };

/** The api's kind for a layer's code, or null when the layer holds none. */
export function aiTypeOfLayer(layer: Pick<Layer, 'type'>): AiCodeType | null {
  switch (layer.type) {
    case 'fragment-shader':
      return 'shader';
    case 'p5js':
      return 'p5js';
    case 'html':
      return 'html';
    default:
      return null;
  }
}

/** Where a generation goes: a new layer, or the code of an existing one. */
export type AiTarget = { readonly mode: 'new' } | { readonly mode: 'replace'; readonly layerId: string };

/** A new layer holding the answer's code, named by the answer, placed as any new layer of its type. */
export function layerFromAiAnswer(project: Pick<ProjectJson, 'layers' | 'canvas'>, answer: AiAnswer, nowMs: number): Layer {
  const layer = createLayer(AI_LAYER_TYPES[answer.type], { existing: project.layers, canvas: project.canvas, nowMs, name: answer.name });
  switch (layer.type) {
    case 'fragment-shader':
      layer.content.fragmentSrc = answer.code;
      break;
    case 'p5js':
      layer.content.code = answer.code;
      break;
    case 'html':
      layer.content.html = answer.code;
      break;
    default:
      break;
  }
  return layer;
}

/** The one edit a generation makes, or why it makes none (the layer went away or holds other code). */
export function aiEdit(
  project: Pick<ProjectJson, 'layers' | 'canvas'>,
  answer: AiAnswer,
  target: AiTarget,
  nowMs: number,
): { edit: ProjectEdit; layerId: string } | { error: string } {
  if (target.mode === 'new') {
    const layer = layerFromAiAnswer(project, answer, nowMs);
    return { edit: { kind: 'add-layer', layer }, layerId: layer.id };
  }
  const layer = project.layers.find((l) => l.id === target.layerId);
  if (!layer) return { error: 'The layer was deleted: the generated code was not applied' };
  const source = codeSourceOf(layer);
  if (!source || aiTypeOfLayer(layer) !== answer.type) return { error: `The generated code is not ${layer.type} code: it was not applied` };
  // No burst field: a replacement is its own undo step.
  return { edit: { kind: 'update-layer', id: layer.id, patch: source.patch(answer.code) }, layerId: layer.id };
}
