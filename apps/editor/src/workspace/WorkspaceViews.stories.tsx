import { createDefaultProject } from '@beamstage/layers';
import type { ProjectId } from '@beamstage/layers';
import type { EditorContext } from '../actions/context';
import { editorRegistry } from '../actions/editor-actions';
import { createEditorStore } from '../state/editor-store';
import { createSessionStore } from '../state/session-store';
import type { LiveSession } from '../live/live-session';
import { AddMenu } from './AddMenu';
import { CommandPalette } from './CommandPalette';
import { LeftDock } from './LeftDock';
import { ShortcutPanel } from './ShortcutPanel';

// Views of the action registry, with a context whose live session records nothing (stories only look).
const store = createEditorStore();
store.project = createDefaultProject({ id: 'proj_1_story' as ProjectId, nowMs: 0 });
const ctx: EditorContext = {
  projectId: 'proj_1_story',
  store,
  session: createSessionStore(null),
  live: { edit: () => undefined, select: () => undefined, undo: () => undefined, redo: () => undefined } as unknown as LiveSession,
  save: async () => undefined,
  togglePublish: async () => undefined,
  toast: () => undefined,
  now: () => 0,
};
const noop = () => undefined;

export default { title: 'Editor/Workspace/Registry views', parameters: { layout: 'fullscreen' } };

export const Palette = { render: () => <CommandPalette registry={editorRegistry} ctx={ctx} mac={false} onClose={noop} /> };
export const Shortcuts = { render: () => <ShortcutPanel actions={editorRegistry.actions} mac={false} onClose={noop} /> };
export const ShortcutsOnMac = { render: () => <ShortcutPanel actions={editorRegistry.actions} mac onClose={noop} /> };
export const AddMenuClosed = {
  render: () => (
    <div style={{ padding: 24 }}>
      <AddMenu actions={editorRegistry.actions.filter((a) => a.group === 'add')} ctx={ctx} />
    </div>
  ),
};
export const Dock = {
  render: () => (
    <div style={{ height: 320, width: 260, display: 'flex' }}>
      <LeftDock
        active="layers"
        onSelect={noop}
        tabs={[
          { id: 'layers', label: 'Layers', content: <p style={{ padding: 8 }}>Layers panel</p> },
          { id: 'scenes', label: 'Scenes', content: null },
        ]}
      />
    </div>
  ),
};
