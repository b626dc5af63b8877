import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PresenceAvatars } from './PresenceAvatars';

describe('PresenceAvatars', () => {
  it('renders names as text, never as HTML', () => {
    const html = renderToStaticMarkup(
      <PresenceAvatars peers={[{ peerId: 'p', name: '<img src=x onerror=alert(1)>', color: '#ff2e97', initials: 'IX', selectedLayerId: null }]} />,
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('background:#ff2e97');
  });

  it('folds people beyond three into +N and renders nothing when alone', () => {
    const peers = Array.from({ length: 5 }, (_, i) => ({ peerId: `p${i}`, name: `Person ${i}`, color: '#22d3ee', initials: `P${i}`, selectedLayerId: null }));
    const html = renderToStaticMarkup(<PresenceAvatars peers={peers} />);
    expect(html.match(/presence__peer"/g)).toHaveLength(3);
    expect(html).toContain('+2');
    expect(renderToStaticMarkup(<PresenceAvatars peers={[]} />)).toBe('');
  });
});
