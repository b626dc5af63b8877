import { VIEW_ONLY_TITLE } from '../actions/view-only';
import { SERVER_SAVED, SERVER_SAVING } from '../live/server-save';
import { EditorTopBar } from './EditorTopBar';

const noop = () => undefined;

export default {
  title: 'Editor/Workspace/EditorTopBar',
  component: EditorTopBar,
  parameters: { layout: 'fullscreen' },
  args: {
    name: 'Cathedral facade',
    projectId: 'proj_1_a',
    dirty: false,
    saving: false,
    lastSavedLabel: 'just now',
    isPublic: false,
    publishing: false,
    live: { text: 'Live', tone: 'live' },
    liveEditing: true,
    peers: [{ peerId: 'p1', name: 'Ada Lovelace', color: '#22d3ee', initials: 'AL', selectedLayerId: null }],
    onRename: noop,
    onTogglePublish: noop,
  },
};

export const Saved = {};
export const Unsaved = {
  args: { dirty: true, liveEditing: false, peers: [], live: { text: 'Real-time collaboration is not available for this project', tone: 'unavailable' } },
};
export const Offline = { args: { live: { text: 'Offline: changes are kept on this device', tone: 'offline' }, peers: [] } };
export const ConnectionLost = { args: { live: { text: 'Offline — connection lost, retrying…', tone: 'error', retrying: true }, peers: [] } };
export const Published = { args: { isPublic: true } };
/** Live edits waiting for the server's store. */
export const LiveSaving = { args: { serverSave: SERVER_SAVING } };
/** Every live edit stored on the server. */
export const LiveSavedOnServer = { args: { serverSave: SERVER_SAVED } };
/** A viewer: the name and the publish switch are disabled and say why. */
export const ViewOnly = { args: { live: { text: 'Live · view only', tone: 'live' }, readOnlyTitle: VIEW_ONLY_TITLE } };
