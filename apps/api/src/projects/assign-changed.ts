import { cloneJson, isRecord } from '@beamstage/layers';
import { sameJson } from './entities';

type Obj = Record<string, unknown>;

/**
 * Makes `draft` (an Automerge change proxy whose state is `current`) deep-equal to `target`,
 * comparing on the plain snapshot `current` and touching the proxy only where something differs.
 * Reading through the change proxy costs far more than reading the plain snapshot (a whole-project
 * assignDeep through the proxy took 17-80 ms on a two-layer project), so a REST save that changes
 * one field writes, and reads, one field.
 */
export function assignChanged(draft: Obj, current: Obj, target: Obj): void {
  for (const key of Object.keys(current)) if (!(key in target) || target[key] === undefined) delete draft[key];
  for (const key of Object.keys(target)) {
    const s = target[key];
    if (s === undefined) continue;
    const c = current[key];
    if (sameJson(c, s)) continue;
    if (isRecord(s) && isRecord(c)) assignChanged(draft[key] as Obj, c, s);
    else draft[key] = typeof s === 'object' && s !== null ? cloneJson(s) : s;
  }
}
