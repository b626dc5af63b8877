import { EditorTopBar } from './EditorTopBar';

const noop = () => undefined;

export default {
  title: 'Editor/EditorTopBar',
  component: EditorTopBar,
  parameters: { layout: 'fullscreen' },
  args: { name: 'Cathedral facade', projectId: 'proj_1_a', dirty: false, saving: false, lastSavedLabel: 'just now', isPublic: false, publishing: false, onRename: noop, onAddImage: noop, onSave: noop, onTogglePublish: noop },
};

export const Saved = {};
export const Unsaved = { args: { dirty: true } };
export const Published = { args: { isPublic: true } };
