import { ShareDialog } from './ShareDialog';
import { SHARE_NEEDS_SERVER_LOCAL } from './share-model';
import type { ProjectMember } from './share-model';

const members: ProjectMember[] = [
  { userId: 'u-owner', email: 'ada@example.com', name: 'Ada Lovelace', role: 'owner' },
  { userId: 'u-ed', email: 'bo@example.com', name: 'Bo Chen', role: 'editor' },
  { userId: 'u-vi', email: 'cy@example.com', name: null, role: 'viewer' },
];
const noop = () => undefined;

export default {
  title: 'Editor/Share/ShareDialog',
  component: ShareDialog,
  args: {
    view: { kind: 'ready', members },
    error: null,
    busy: false,
    onAdd: () => Promise.resolve(true),
    onRole: noop,
    onRemove: noop,
    onLeave: noop,
    onClose: noop,
  },
};

export const Owner = { args: { me: { sub: 'u-owner' } } };
export const OwnerWithError = {
  args: { me: { sub: 'u-owner' }, error: 'User not found: No Beamstage user has this e-mail yet; they need to sign in once first' },
};
export const Member = { args: { me: { sub: 'u-ed' } } };
export const Viewer = { args: { me: { sub: 'u-vi' } } };
export const Loading = { args: { me: { sub: 'u-owner' }, view: { kind: 'loading' } } };
export const LocalOnly = { args: { me: { sub: 'u-owner' }, view: { kind: 'needs-server', reason: SHARE_NEEDS_SERVER_LOCAL } } };
