import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_SAVED, SERVER_SAVING } from '../live/server-save';
import { EditorTopBar, type EditorTopBarProps } from './EditorTopBar';

const base: EditorTopBarProps = {
  name: 'P',
  projectId: 'proj_1',
  dirty: false,
  saving: false,
  lastSavedLabel: null,
  isPublic: false,
  publishing: false,
  live: { text: 'Live', tone: 'live' },
  liveEditing: true,
  peers: [],
  onRename: () => undefined,
  onTogglePublish: () => undefined,
};
const status = (props: Partial<EditorTopBarProps>) =>
  /data-testid="save-status">([^<]*)</.exec(renderToStaticMarkup(<EditorTopBar {...base} {...props} />))?.[1];

describe('EditorTopBar save line', () => {
  // The embed button reads the page's origin while rendering; this file renders in Node.
  beforeAll(() => vi.stubGlobal('window', { location: { origin: 'http://localhost:3000' } }));
  afterAll(() => vi.unstubAllGlobals());

  it('shows the server save state for live work', () => {
    expect(status({ serverSave: SERVER_SAVING })).toBe('Saving…');
    expect(status({ serverSave: SERVER_SAVED })).toBe('Saved');
  });

  it('keeps its own line when the server state is unknown or the work is not live', () => {
    expect(status({ serverSave: null })).toBe('Edits are live');
    expect(status({ serverSave: SERVER_SAVED, liveEditing: false, dirty: true })).toBe('Unsaved changes');
  });
});

describe('EditorTopBar for a view-only user', () => {
  beforeAll(() => vi.stubGlobal('window', { location: { origin: 'http://localhost:3000' } }));
  afterAll(() => vi.unstubAllGlobals());
  const fields = (props: Partial<EditorTopBarProps>) => {
    const html = renderToStaticMarkup(<EditorTopBar {...base} {...props} />);
    return { name: /<input[^>]*aria-label="Project name"[^>]*>/.exec(html)?.[0] ?? '', publish: /<input[^>]*aria-label="Publish"[^>]*>/.exec(html)?.[0] ?? '' };
  };

  it('disables the project name and the publish switch and says why', () => {
    const { name, publish } = fields({ readOnlyTitle: 'View only: ask the owner for edit access' });
    expect(name).toContain('disabled=""');
    expect(name).toContain('title="View only: ask the owner for edit access"');
    expect(publish).toContain('disabled=""');
  });

  it('leaves them enabled for an editor', () => {
    const { name, publish } = fields({ readOnlyTitle: null });
    expect(name).not.toContain('disabled');
    expect(publish).not.toContain('disabled');
  });
});
