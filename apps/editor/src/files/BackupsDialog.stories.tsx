import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { Layer, LayerId, ProjectId } from '@beamstage/layers';
import type { LocalBackup } from '../services/local-db';
import { BackupsDialog } from './BackupsDialog';

const base = Date.parse('2026-11-22T12:00:00Z');
const backup = (minutesAgo: number, layers: number): LocalBackup => {
  const project = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
  project.layers = Array.from({ length: layers }, (_, i) => ({
    ...(createLayer('image', { id: `l${i}` as LayerId, nowMs: 0 }) as Layer),
    x: 60 + i * 160,
    y: 80 + i * 60,
  }));
  const timestamp = base - minutesAgo * 60_000;
  return { projectId: 'proj_1_a', timestamp, date: new Date(timestamp).toISOString(), projectData: project };
};
const noop = () => undefined;
const formatTime = (t: number) => new Date(t).toISOString().replace('T', ' ').slice(0, 16);

export default { title: 'Editor/Files/BackupsDialog', component: BackupsDialog, args: { onRestore: noop, onClose: noop, formatTime, error: null } };

export const Several = { args: { backups: [backup(1, 3), backup(6, 2), backup(11, 1)] } };
export const Empty = { args: { backups: [] } };
export const Loading = { args: { backups: null } };
export const RestoreRefused = { args: { backups: [backup(1, 1)], error: 'Backup data is missing a project id' } };
