import { isRecord } from './json';

export const MSG_MISSING_VERSION = 'Missing project version';
export const MSG_MISSING_ID = 'Missing project ID';
export const MSG_INVALID_CANVAS = 'Invalid canvas dimensions';
export const MSG_LAYERS_NOT_ARRAY = 'Layers must be an array';

/** "Layer at index {n} is missing required properties" (spec section 8). */
export function msgLayerMissingProperties(index: number): string {
  return `Layer at index ${index} is missing required properties`;
}

export interface ValidationResult {
  valid: boolean;
  errors: string[];
}

function positive(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v) && v > 0;
}

function nonEmpty(v: unknown): boolean {
  return (typeof v === 'string' && v.length > 0) || (typeof v === 'number' && Number.isFinite(v));
}

/** Checks a parsed project file against spec section 5 and returns every problem with the spec's text. */
export function validateProject(data: unknown): ValidationResult {
  const errors: string[] = [];
  const p = isRecord(data) ? data : {};
  if (!nonEmpty(p.version)) errors.push(MSG_MISSING_VERSION);
  const meta = isRecord(p.metadata) ? p.metadata : {};
  if (!nonEmpty(p.id) && !nonEmpty(meta.id)) errors.push(MSG_MISSING_ID);
  const canvas = isRecord(p.canvas) ? p.canvas : null;
  if (!canvas || !positive(canvas.width) || !positive(canvas.height)) errors.push(MSG_INVALID_CANVAS);
  if (!Array.isArray(p.layers)) {
    errors.push(MSG_LAYERS_NOT_ARRAY);
  } else {
    p.layers.forEach((layer: unknown, index: number) => {
      if (!isRecord(layer) || !nonEmpty(layer.id) || !nonEmpty(layer.type)) errors.push(msgLayerMissingProperties(index));
    });
  }
  return { valid: errors.length === 0, errors };
}
