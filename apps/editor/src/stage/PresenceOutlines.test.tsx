import { createLayer } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import { applyHomography } from '@beamstage/render-core';
import { outputHomography } from '@beamstage/stage';
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

  it('outlines a layer where the stage draws it: its transformed rect, through the output warp', () => {
    const plain = createLayer('image', { id: 'R' as never, name: 'Rect' });
    Object.assign(plain, {
      x: 400,
      y: 300,
      width: 200,
      height: 100,
      warp: {
        ...plain.warp,
        enabled: false,
        points: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 1, y: 1 },
          { x: 0, y: 1 },
        ],
      },
    });
    const rect = renderToStaticMarkup(<PresenceOutlines layers={[plain]} peers={[peer('R')]} width={800} height={600} />);
    // Centred at (400, 300): the rect, not the unused warp points.
    expect(rect).toContain('points="300,250 500,250 500,350 300,350"');
    // The projector got keystoned: the top-right output corner moved 40 px right.
    const output = outputHomography([
      { x: 200, y: 150 },
      { x: 640, y: 150 },
      { x: 600, y: 450 },
      { x: 200, y: 450 },
    ])!;
    const warped = renderToStaticMarkup(<PresenceOutlines layers={[plain]} peers={[peer('R')]} width={800} height={600} output={output} />);
    const want = [
      { x: 300, y: 250 },
      { x: 500, y: 250 },
      { x: 500, y: 350 },
      { x: 300, y: 350 },
    ]
      .map((p) => applyHomography(output, p))
      .map((p) => `${+p.x.toFixed(2)},${+p.y.toFixed(2)}`)
      .join(' ');
    expect(warped).toContain(`points="${want}"`);
    expect(want).not.toBe('300,250 500,250 500,350 300,350');
  });

  it('draws nothing for a selection of a layer that is gone', () => {
    expect(renderToStaticMarkup(<PresenceOutlines layers={layers} peers={[peer('removed')]} width={800} height={600} />)).toBe('');
  });
});
