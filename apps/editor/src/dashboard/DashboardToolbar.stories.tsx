import { DashboardToolbar } from './DashboardToolbar';

const noop = () => undefined;

export default {
  title: 'Editor/Dashboard/DashboardToolbar',
  component: DashboardToolbar,
  args: { onChange: noop },
};

export const NewestFirst = {
  args: { view: { sort: 'modified', filter: '' }, shown: 3, total: 3 },
};
export const ByNameFiltered = {
  args: { view: { sort: 'name', filter: 'stage' }, shown: 1, total: 3 },
};
