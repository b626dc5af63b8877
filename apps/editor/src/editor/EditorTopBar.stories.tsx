import { EditorTopBar } from './EditorTopBar';

const noop = () => undefined;

export default {
  title: 'Editor/EditorTopBar',
  component: EditorTopBar,
  parameters: { layout: 'fullscreen' },
  args: { name: 'Cathedral facade', projectId: 'proj_1_a', dirty: false, saving: false, lastSavedLabel: 'just now', isPublic: false, publishing: false, live: { text: 'Live', tone: 'live' }, liveEditing: true, peers: [{ peerId: 'p1', name: 'Ada Lovelace', color: '#22d3ee', initials: 'AL', selectedLayerId: null }], history: { undo: 'Rename layer', redo: null }, onUndo: noop, onRedo: noop, onRename: noop, onAddImage: noop, onSave: noop, onTogglePublish: noop },
};

export const Saved = {};
export const Unsaved = { args: { dirty: true, liveEditing: false, peers: [], live: { text: 'Real-time collaboration is not available for this project', tone: 'unavailable' } } };
export const Offline = { args: { live: { text: 'Offline: changes are kept on this device', tone: 'offline' }, peers: [] } };
export const Published = { args: { isPublic: true } };
export const NothingToUndo = { args: { history: { undo: null, redo: null } } };
