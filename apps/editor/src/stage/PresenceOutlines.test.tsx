import { buildProjectJson } from '@beamstage/layers';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PresenceOutlines } from './PresenceOutlines';

describe('PresenceOutlines', () => {
  const { layers } = buildProjectJson(['image', 'image']);
  const peer = (selectedLayerId: string | null, name = 'Grace') => ({ peerId: `p-${name}`, name, color: '#ff2e97', initials: 'G', selectedLayerId });

  it("outlines each person's selected layer in their colour, with the name as text", () => {
    const html = renderToStaticMarkup(<PresenceOutlines layers={layers} peers={[peer('L1', '<b>x</b>'), peer(null, 'Idle')]} width={800} height={600} />);
    expect(html.match(/data-peer-outline="L1"/g)).toHaveLength(1);
    expect(html).toContain('stroke="#ff2e97"');
    const pts = layers[1]!.warp.points.map((p) => `${p.x},${p.y}`).join(' ');
    expect(html).toContain(`points="${pts}"`);
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('Idle');
  });

  it('draws nothing for a selection of a layer that is gone', () => {
    expect(renderToStaticMarkup(<PresenceOutlines layers={layers} peers={[peer('removed')]} width={800} height={600} />)).toBe('');
  });
});
