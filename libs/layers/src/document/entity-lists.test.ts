import { describe, expect, it } from 'vitest';
import { createDefaultProject } from '../schema/defaults';
import type { ProjectId } from '../schema/ids';
import { toDoc } from './doc';
import { ENTITY_LISTS, ROOT_ENTITY_LISTS, TIMELINE_ENTITY_LISTS } from './entity-lists';

const arrayKeys = (o: object) =>
  Object.entries(o)
    .filter(([, v]) => Array.isArray(v))
    .map(([k]) => k)
    .sort();

describe('ENTITY_LISTS', () => {
  const json = createDefaultProject({ id: 'proj_1_0123456789abcdef01234567' as ProjectId, nowMs: 0 });

  it('names every keyed list of the exchange JSON, at the top level and in the timeline', () => {
    // warpPoints is the project's one list that is a value (four corners), not entities by id; history is not document state.
    expect(arrayKeys(json).filter((k) => k !== 'warpPoints')).toEqual([...ROOT_ENTITY_LISTS].sort());
    expect(arrayKeys(json.timeline)).toEqual([...TIMELINE_ENTITY_LISTS].sort());
  });

  it('finds a list in the JSON and a map keyed by id in the document at the same path', () => {
    const doc = toDoc(json);
    const at = (root: unknown, path: readonly string[]) => path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], root);
    for (const { path } of ENTITY_LISTS) {
      expect(Array.isArray(at(json, path)), path.join('.')).toBe(true);
      const map = at(doc, path);
      expect(typeof map === 'object' && map !== null && !Array.isArray(map), path.join('.')).toBe(true);
    }
  });

  it('gives each kind one name and one path', () => {
    expect(new Set(ENTITY_LISTS.map((e) => e.kind)).size).toBe(ENTITY_LISTS.length);
    expect(new Set(ENTITY_LISTS.map((e) => e.path.join('.'))).size).toBe(ENTITY_LISTS.length);
  });
});
