import type { Layer, LayerPatch } from '@beamstage/layers';

/**
 * Writes a patch on the inspected layer. `field` names the burst: consecutive edits of one field
 * (a scrub, a slider) are one undo step (live/project-edits.ts).
 */
export type UpdateLayer = (patch: LayerPatch, field: string) => void;

/** What every per-layer section receives. */
export interface LayerSectionProps<L extends Layer = Layer> {
  layer: L;
  update: UpdateLayer;
  /** A viewer sees the values but cannot change them. */
  disabled?: boolean;
}
