import type { Layer } from '@beamstage/layers';

/**
 * Whether two layer lists show the same rows in the layers panel (order, name, type, visibility,
 * lock): a moving or animated layer does not re-render the panel.
 */
export function sameLayerRows(a: readonly Layer[], b: readonly Layer[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((l, i) => {
    const o = b[i]!;
    return l === o || (l.id === o.id && l.name === o.name && l.type === o.type && l.visible === o.visible && l.locked === o.locked);
  });
}
