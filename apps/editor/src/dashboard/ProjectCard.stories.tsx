import { ProjectCard } from './ProjectCard';

const nowMs = Date.parse('2026-11-22T12:00:00Z');
const noop = () => undefined;

export default {
  title: 'Editor/Dashboard/ProjectCard',
  component: ProjectCard,
  args: { nowMs, onRename: noop, onDuplicate: noop, onDelete: noop, onLeave: noop, onTogglePublish: noop, onCopyLink: noop },
};

/** A draft: Publish on, "Copy projector link" off with the reason in its tooltip. */
export const Draft = {
  args: {
    project: {
      id: 'proj_1_a',
      name: 'Cathedral facade',
      description: '',
      modified: '2026-11-22T09:00:00Z',
      created: '2026-11-20T09:00:00Z',
      isPublic: false,
      role: 'owner',
    },
  },
};

/** Published without live mode: the projector shows the published state. */
export const Published = {
  args: {
    project: {
      id: 'proj_2_b',
      name: 'Club night visuals',
      description: '',
      modified: '2026-11-22T11:58:00Z',
      created: '2026-11-01T09:00:00Z',
      isPublic: true,
      realtime: false,
      role: 'owner',
    },
  },
};

/** Published live: projectors follow every edit. */
export const PublishedLive = {
  args: {
    project: {
      id: 'proj_4_d',
      name: 'Festival main stage',
      description: '',
      modified: '2026-11-22T11:30:00Z',
      created: '2026-11-01T09:00:00Z',
      isPublic: true,
      realtime: true,
      role: 'owner',
    },
  },
};

/** While the publish call is under way. */
export const Publishing = { args: { ...Draft.args, publishing: true } };

/** Someone else's project, the user an editor: Rename, Leave instead of Delete, publishing off with the reason in its tooltip. */
export const SharedWithMe = {
  args: {
    project: {
      id: 'proj_3_c',
      name: 'Museum loop',
      description: '',
      modified: '2026-10-02T09:00:00Z',
      created: '2026-10-01T09:00:00Z',
      isPublic: false,
      role: 'editor',
    },
  },
};

/** Shared with the user as a viewer: neither Rename nor Delete (the api refuses both); Duplicate and Leave. */
export const SharedViewOnly = { args: { project: { ...SharedWithMe.args.project, id: 'proj_5_e', name: 'Planetarium dome', role: 'viewer' } } };

/** Made while the server was away: kept in the browser, published once it has moved to the server. */
export const LocalOnly = {
  args: {
    project: {
      id: 'local_1764000000000',
      name: 'Offline sketch',
      description: '',
      modified: '2026-11-22T10:00:00Z',
      created: '2026-11-22T10:00:00Z',
      isPublic: false,
      role: 'owner',
    },
  },
};
