import type { ProjectSummary } from '../api/client';

/** How the dashboard orders its cards: last edit first (the default) or by name. */
export type ProjectSort = 'modified' | 'name';

/** The dashboard's view choice, kept for the browser session (never in a document). */
export interface DashboardView {
  readonly sort: ProjectSort;
  readonly filter: string;
}

export const DEFAULT_DASHBOARD_VIEW: DashboardView = { sort: 'modified', filter: '' };
/** sessionStorage key: the choice lasts while the tab does, like the scroll position would. */
export const DASHBOARD_VIEW_KEY = 'beamstage.dashboard.view';

type Listed = Pick<ProjectSummary, 'id' | 'name' | 'modified'>;

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Newest edit first, or A to Z (case- and accent-insensitive, numbers in number order); ties by id so the order is stable. */
export function sortProjects<T extends Listed>(projects: readonly T[], sort: ProjectSort): T[] {
  const time = (p: T) => {
    const ms = Date.parse(p.modified);
    return Number.isNaN(ms) ? -Infinity : ms;
  };
  return [...projects].sort((a, b) => (sort === 'name' ? byName.compare(a.name, b.name) : time(b) - time(a)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Projects whose name contains the filter, ignoring case and the spaces around it. */
export function filterProjects<T extends Listed>(projects: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLocaleLowerCase('en');
  if (!needle) return [...projects];
  return projects.filter((p) => p.name.toLocaleLowerCase('en').includes(needle));
}

/** What the grid shows for a view. */
export function arrangeProjects<T extends Listed>(projects: readonly T[], view: DashboardView): T[] {
  return sortProjects(filterProjects(projects, view.filter), view.sort);
}

/** The empty result's text, naming the filter. */
export function noMatchText(filter: string): string {
  return `No project matches "${filter.trim()}".`;
}

/** The stored view, or the default when none or garbage is stored. */
export function readDashboardView(storage: Pick<Storage, 'getItem'> | null): DashboardView {
  try {
    const raw = storage?.getItem(DASHBOARD_VIEW_KEY);
    if (!raw) return DEFAULT_DASHBOARD_VIEW;
    const parsed = JSON.parse(raw) as { sort?: unknown; filter?: unknown };
    return {
      sort: parsed.sort === 'name' ? 'name' : 'modified',
      filter: typeof parsed.filter === 'string' ? parsed.filter.slice(0, 200) : '',
    };
  } catch {
    return DEFAULT_DASHBOARD_VIEW;
  }
}

/** Keeps the view for the session; a full or blocked storage only loses the memory, never the page. */
export function writeDashboardView(storage: Pick<Storage, 'setItem'> | null, view: DashboardView): void {
  try {
    storage?.setItem(DASHBOARD_VIEW_KEY, JSON.stringify(view));
  } catch {
    // Private mode or a full quota: the choice is simply not remembered.
  }
}
