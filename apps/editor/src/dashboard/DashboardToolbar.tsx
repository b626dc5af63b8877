import type { DashboardView, ProjectSort } from './project-view';

/** Sort and filter above the project grid; the page keeps the choice for the session. */
export function DashboardToolbar({
  view,
  shown,
  total,
  onChange,
}: {
  view: DashboardView;
  shown: number;
  total: number;
  onChange: (view: DashboardView) => void;
}) {
  return (
    <div className="dashboard-toolbar" role="search">
      <input
        className="dashboard-toolbar__filter"
        type="search"
        placeholder="Filter by name"
        aria-label="Filter projects by name"
        value={view.filter}
        maxLength={200}
        onChange={(e) => onChange({ ...view, filter: e.target.value })}
      />
      <label className="dashboard-toolbar__sort">
        Sort by
        <select aria-label="Sort projects" value={view.sort} onChange={(e) => onChange({ ...view, sort: e.target.value as ProjectSort })}>
          <option value="modified">Last modified</option>
          <option value="name">Name</option>
        </select>
      </label>
      <span className="dashboard-toolbar__count" aria-live="polite" data-testid="project-count">
        {shown === total ? `${total} project${total === 1 ? '' : 's'}` : `${shown} of ${total} projects`}
      </span>
    </div>
  );
}
