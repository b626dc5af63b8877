// Builders for tests in this lib and its users.
import { createDefaultProject, createLayer } from './schema/defaults';
import type { ProjectDoc } from './document/doc';
import { toDoc } from './document/doc';
import { normalizeDoc } from './document/normalize';
import type { LayerId, ProjectId } from './schema/ids';
import type { LayerType, ProjectJson } from './schema/types';

/** Deterministic random bytes from a seed (xorshift32), for reproducible ids in tests. */
export function seededRandomBytes(seed = 1): (count: number) => Uint8Array {
  let s = seed >>> 0 || 1;
  return (count) => {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      s ^= s << 13;
      s >>>= 0;
      s ^= s >>> 17;
      s ^= s << 5;
      s >>>= 0;
      out[i] = s & 0xff;
    }
    return out;
  };
}

/** A project in the exchange format with one layer per given type, ids L0, L1, ... */
export function buildProjectJson(types: readonly LayerType[], id = 'proj_1_0123456789abcdef01234567'): ProjectJson {
  const p = createDefaultProject({ id: id as ProjectId, nowMs: 1_700_000_000_000 });
  p.layers = types.map((t, i) => createLayer(t, { id: `L${i}` as LayerId, existing: types.slice(0, i).map((type) => ({ type })) }));
  return p;
}

/** The same as a normalised document. */
export function buildProjectDoc(types: readonly LayerType[]): ProjectDoc {
  const doc = toDoc(buildProjectJson(types));
  normalizeDoc(doc);
  return doc;
}
