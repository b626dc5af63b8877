import { describe, expect, it } from 'vitest';
import {
  arrangeProjects,
  DASHBOARD_VIEW_KEY,
  DEFAULT_DASHBOARD_VIEW,
  filterProjects,
  noMatchText,
  readDashboardView,
  sortProjects,
  writeDashboardView,
} from './project-view';

const p = (id: string, name: string, modified: string) => ({ id, name, modified });
const projects = [
  p('a', 'zebra wall', '2026-11-20T10:00:00Z'),
  p('b', 'Apse', '2026-11-22T10:00:00Z'),
  p('c', 'Stage 10', '2026-11-21T10:00:00Z'),
  p('d', 'stage 9', '2026-11-19T10:00:00Z'),
];
const ids = (list: readonly { id: string }[]) => list.map((x) => x.id);

/** A Storage over a Map: sessionStorage's two calls. */
function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('dashboard view', () => {
  it('sorts newest edit first, or by name ignoring case with numbers in order', () => {
    expect(ids(sortProjects(projects, 'modified'))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(sortProjects(projects, 'name'))).toEqual(['b', 'd', 'c', 'a']);
    // The input is not reordered in place.
    expect(ids(projects)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('keeps a stable order for equal keys and puts unreadable dates last', () => {
    const same = [p('y', 'Same', '2026-11-20T10:00:00Z'), p('x', 'same', '2026-11-20T10:00:00Z'), p('w', 'Old', 'not a date')];
    expect(ids(sortProjects(same, 'modified'))).toEqual(['x', 'y', 'w']);
    expect(ids(sortProjects(same, 'name'))).toEqual(['w', 'x', 'y']);
  });
  it('filters on the name, case-insensitive, trimming the box', () => {
    expect(ids(filterProjects(projects, 'STAGE'))).toEqual(['c', 'd']);
    expect(ids(filterProjects(projects, '  wall '))).toEqual(['a']);
    expect(ids(filterProjects(projects, ''))).toEqual(['a', 'b', 'c', 'd']);
    expect(filterProjects(projects, 'cathedral')).toEqual([]);
    expect(ids(arrangeProjects(projects, { sort: 'name', filter: 'stage' }))).toEqual(['d', 'c']);
    expect(noMatchText(' cathedral ')).toBe('No project matches "cathedral".');
  });
  it('remembers the view in the session storage and survives garbage', () => {
    const storage = memoryStorage();
    expect(readDashboardView(storage)).toEqual(DEFAULT_DASHBOARD_VIEW);
    writeDashboardView(storage, { sort: 'name', filter: 'apse' });
    expect(readDashboardView(storage)).toEqual({ sort: 'name', filter: 'apse' });
    storage.map.set(DASHBOARD_VIEW_KEY, '{not json');
    expect(readDashboardView(storage)).toEqual(DEFAULT_DASHBOARD_VIEW);
    storage.map.set(DASHBOARD_VIEW_KEY, JSON.stringify({ sort: 'size', filter: 42 }));
    expect(readDashboardView(storage)).toEqual(DEFAULT_DASHBOARD_VIEW);
    expect(readDashboardView(null)).toEqual(DEFAULT_DASHBOARD_VIEW);
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeDashboardView(full, { sort: 'name', filter: '' })).not.toThrow();
  });
});
