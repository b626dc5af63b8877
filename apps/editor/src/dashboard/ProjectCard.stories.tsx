import { ProjectCard } from './ProjectCard';

const nowMs = Date.parse('2026-11-22T12:00:00Z');
const noop = () => undefined;

export default { title: 'Editor/Dashboard/ProjectCard', component: ProjectCard, args: { nowMs, onRename: noop, onDuplicate: noop, onDelete: noop } };

export const Draft = {
  args: { project: { id: 'proj_1_a', name: 'Cathedral facade', description: '', modified: '2026-11-22T09:00:00Z', created: '2026-11-20T09:00:00Z', isPublic: false, role: 'owner' } },
};

export const Published = {
  args: { project: { id: 'proj_2_b', name: 'Club night visuals', description: '', modified: '2026-11-22T11:58:00Z', created: '2026-11-01T09:00:00Z', isPublic: true, role: 'owner' } },
};

export const SharedWithMe = {
  args: { project: { id: 'proj_3_c', name: 'Museum loop', description: '', modified: '2026-10-02T09:00:00Z', created: '2026-10-01T09:00:00Z', isPublic: false, role: 'editor' } },
};
