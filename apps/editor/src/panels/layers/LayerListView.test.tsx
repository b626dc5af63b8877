import { createLayer } from '@beamstage/layers';
import type { Layer, LayerId, LayerType } from '@beamstage/layers';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LAYER_ROW_PX, LayerListView } from './LayerListView';
import type { LayerListViewProps } from './LayerListView';

const noop = () => undefined;
const make = (types: LayerType[]): Layer[] => {
  const layers: Layer[] = [];
  types.forEach((t, i) => layers.push(createLayer(t, { id: `l${i}` as LayerId, existing: layers })));
  return layers;
};
const render = (props: Partial<LayerListViewProps> & { layers: Layer[] }) =>
  renderToStaticMarkup(
    <LayerListView
      selectedIds={[]}
      primaryId={null}
      renamingId={null}
      onRowClick={noop}
      onToggleVisible={noop}
      onToggleLock={noop}
      onRenameStart={noop}
      onRenameEnd={noop}
      onReorder={noop}
      onContextMenu={noop}
      {...props}
    />,
  );
/** The row ids and markers in document order: 'M' (free) / 'M!' (constrained) for markers. */
const sequence = (html: string) =>
  [...html.matchAll(/data-layer-id="([^"]+)"|data-constrained="(true|false)"/g)].map((m) => m[1] ?? (m[2] === 'true' ? 'M!' : 'M'));

describe('LayerListView', () => {
  it('says how to start when empty', () => {
    expect(render({ layers: [] })).toContain('No layers yet.');
  });

  it('lists front first with thumbnails for pictures and icons for the rest, names as text', () => {
    const layers = make(['url', 'image', 'fragment-shader']);
    const image = layers[1] as Layer & { content: { src: string } };
    image.content.src = 'https://cdn.test/a.png';
    const url = layers[0]!;
    url.name = '<b>x</b>';
    const html = render({ layers, selectedIds: ['l1', 'l2'], primaryId: 'l2' });
    expect(sequence(html)).toEqual(['l0', 'l1', 'l2']);
    expect(html.match(/aria-selected="true"/g)).toHaveLength(2);
    expect(html).toContain('src="https://cdn.test/a.png"');
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).toContain('layer-row--primary');
  });

  it('draws the drop marker at the legal index, marked when the rule moved it', () => {
    const layers = make(['url', 'html', 'image', 'video']);
    expect(sequence(render({ layers, demoDrag: { ids: ['l3'], gap: 0 } }))).toEqual(['l0', 'l1', 'M!', 'l2', 'l3']);
    expect(sequence(render({ layers, demoDrag: { ids: ['l2'], gap: 4 } }))).toEqual(['l0', 'l1', 'l2', 'l3', 'M']);
  });

  it('shows the rename field for the layer being renamed', () => {
    const html = render({ layers: make(['image']), renamingId: 'l0' });
    expect(html).toContain('aria-label="Layer name"');
    expect(html).toContain('value="Image 1"');
  });

  it('renders only the rows in view of a long list; spacers keep the list its full height', () => {
    const layers = make(Array.from({ length: 100 }, () => 'image' as LayerType));
    const html = render({ layers });
    const rows = sequence(html);
    // Server-side there is no scroller yet: the first screenful (an 800 px guess) plus the overscan.
    expect(rows[0]).toBe('l0');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(30);
    const spacers = [...html.matchAll(/layer-list__spacer" style="height:(\d+)(?:px)?"/g)].map((m) => Number(m[1]));
    expect(spacers).toEqual([0, (100 - rows.length) * LAYER_ROW_PX]);
    expect(html).toContain('aria-setsize="100"');
    expect(html).toContain('aria-posinset="1"');
  });
});
