import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ACCESS_LOST_UNSENT } from '../live/access-lost';
import { AccessLostDialog, AccessLostNotice } from './AccessLostDialog';

const noop = () => undefined;

describe('the notice when access to the open project ends', () => {
  it('says the member was removed, with the way back to the dashboard and a way to stay', () => {
    const html = renderToString(<AccessLostDialog reason="removed" unsent={false} onStay={noop} />);
    expect(html).toContain('role="alertdialog"');
    expect(html).toContain('<h2 id="access-lost-title">You no longer have access to this project</h2>');
    expect(html).toContain('The owner removed you from this project.');
    expect(html).toMatch(/<a class="bs-btn bs-btn--primary"[^>]*href="\/dashboard"[^>]*>Back to your projects<\/a>/);
    expect(html).toContain('>Stay on this page</button>');
    expect(html).not.toContain(ACCESS_LOST_UNSENT);
    // No save and no retry are offered.
    expect(html).not.toMatch(/Retry|Save/);
  });
  it('names changes that had not reached the server, and a deleted project as deleted', () => {
    expect(renderToString(<AccessLostDialog reason="removed" unsent onStay={noop} />)).toContain(ACCESS_LOST_UNSENT);
    expect(renderToString(<AccessLostDialog reason="deleted" unsent={false} onStay={noop} />)).toContain('This project was deleted');
  });
  it('shows nothing while access lasts', () => {
    expect(renderToString(<AccessLostNotice lost={null} />)).toBe('');
    expect(renderToString(<AccessLostNotice lost={{ reason: 'removed', unsent: false }} />)).toContain('data-testid="access-lost"');
  });
});
