import type { ProjectDoc } from './doc';
import { orderedLayers } from './doc';
import { isMaskType, layerGroup } from '../schema/groups';
import { maskTypeAt } from './normalize';
import { isOrderKey } from './order-key';

/** Every broken invariant of a document, as readable strings (empty when all hold). */
export function checkInvariants(doc: ProjectDoc): string[] {
  const problems: string[] = [];
  const list = orderedLayers(doc);
  let seenCanvas = false;
  list.forEach((l, i) => {
    if (l.id !== Object.keys(doc.layers).find((k) => doc.layers[k] === l)) problems.push(`layer ${l.id} key mismatch`);
    if (!isOrderKey(l.order)) problems.push(`layer ${l.id} bad order key`);
    if (!Array.isArray(l.warp.points) || l.warp.points.length !== 4) problems.push(`layer ${l.id} warp points`);
    const g = layerGroup(l);
    if (g === 'canvas') seenCanvas = true;
    if (g === 'dom' && seenCanvas) problems.push(`DOM layer ${l.id} below a canvas layer`);
    if (isMaskType(l.type)) {
      if (l.blendMode !== 'subtract') problems.push(`mask ${l.id} blend ${l.blendMode}`);
      const t = maskTypeAt(list, i);
      if (t && t !== l.type) problems.push(`mask ${l.id} is ${l.type}, nearest group says ${t}`);
    }
  });
  if (doc.warpPoints.length !== 4) problems.push('project warp points');
  return problems;
}
