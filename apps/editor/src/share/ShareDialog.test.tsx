import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShareDialog } from './ShareDialog';
import type { ShareDialogProps } from './ShareDialog';
import { SHARE_NEEDS_SERVER_LOCAL } from './share-model';
import type { ProjectMember } from './share-model';

const members: ProjectMember[] = [
  { userId: 'u-owner', email: 'ada@example.com', name: 'Ada', role: 'owner' },
  { userId: 'u-ed', email: 'bo@example.com', name: 'Bo', role: 'editor' },
  { userId: 'u-vi', email: 'cy@example.com', name: null, role: 'viewer' },
];
const noop = () => undefined;
const render = (props: Partial<ShareDialogProps>) =>
  renderToString(
    <ShareDialog
      view={{ kind: 'ready', members }}
      me={null}
      error={null}
      busy={false}
      onAdd={() => Promise.resolve(true)}
      onRole={noop}
      onRemove={noop}
      onLeave={noop}
      onClose={noop}
      {...props}
    />,
  );

describe('ShareDialog', () => {
  it('gives the owner the add form, role choices and Remove for members, marking the owner as you', () => {
    const html = render({ me: { sub: 'u-owner' } });
    expect(html).toContain('aria-label="Add a member"');
    expect(html).toContain('Ada<span class="share-list__you"> (you)</span>');
    expect(html).toContain('aria-label="Role of Bo"');
    expect(html).toContain('aria-label="Remove cy@example.com"');
    expect(html).not.toContain('Leave project');
    // The owner's own row has no controls.
    expect(html).not.toContain('aria-label="Remove Ada"');
  });
  it('shows a member the list read-only, with Leave project', () => {
    const html = render({ me: { email: 'bo@example.com' } });
    expect(html).not.toContain('aria-label="Add a member"');
    expect(html).not.toContain('<select');
    expect(html).not.toContain('>Remove<');
    expect(html).toContain('Bo<span class="share-list__you"> (you)</span>');
    expect(html).toContain('>Editor</span>');
    expect(html).toContain('Only the owner can add people or change roles.');
    expect(html).toContain('Leave project');
  });
  it('tells a viewer they can view only', () => {
    const html = render({ me: { sub: 'u-vi' } });
    expect(html).not.toContain('<select');
    expect(html).toContain('You can view this project.');
  });
  it("shows the api's error, and says why a local project cannot be shared", () => {
    expect(render({ me: { sub: 'u-owner' }, error: 'User not found' })).toContain('id="share-error" role="alert" data-testid="share-error">User not found</p>');
    const local = render({ view: { kind: 'needs-server', reason: SHARE_NEEDS_SERVER_LOCAL } });
    expect(local).toContain(SHARE_NEEDS_SERVER_LOCAL);
    expect(local).not.toContain('share-list');
    // A list that could not be read says why instead of loading forever.
    const failed = render({ view: { kind: 'loading' }, error: 'Project not found' });
    expect(failed).toContain('Project not found');
    expect(failed).not.toContain('Loading…');
    expect(render({ view: { kind: 'loading' } })).toContain('Loading…');
  });
});
