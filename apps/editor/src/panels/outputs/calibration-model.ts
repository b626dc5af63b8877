import type { Point } from '@beamstage/layers';
import type { ProjectEdit } from '../../live/project-edits';
import { withCorner } from '../../live/project-edits';
import { validOutputQuad } from '../../stage/tools/output-warp';

/** The output warp's corners as the panel names them (TL, TR, BR, BL). */
export const CORNER_LABELS = ['1 Top left', '2 Top right', '3 Bottom right', '4 Bottom left'] as const;

/** The largest output coordinate a typed corner may take (canvas px, either side). */
export const MAX_OUTPUT_COORD_PX = 100_000;

/** The edit for a typed corner, or why it is refused (a fold or an absurd value loses nothing). */
export function cornerEdit(points: readonly Point[], index: number, to: Point): { ok: true; edit: ProjectEdit } | { ok: false; message: string } {
  if (![to.x, to.y].every((v) => Number.isFinite(v) && Math.abs(v) <= MAX_OUTPUT_COORD_PX))
    return { ok: false, message: `A corner must lie within ±${MAX_OUTPUT_COORD_PX} px` };
  const next = withCorner(points, index, { x: Math.round(to.x * 1000) / 1000, y: Math.round(to.y * 1000) / 1000 });
  if (!validOutputQuad(next)) return { ok: false, message: 'That corner would fold the output: corners must stay in order' };
  return { ok: true, edit: { kind: 'set-project-warp-points', points: next } };
}
