import type { ReactElement } from 'react';
import { createLayer, LAYER_TYPES } from '@beamstage/layers';
import type { Layer, LayerId } from '@beamstage/layers';
import { SAMPLE_IMAGE_PATH } from '../../media/samples';
import { LayerListView } from './LayerListView';

const noop = () => undefined;

/** One layer of every type in a legal order (DOM types first), plus a few more images. */
function manyLayers(): Layer[] {
  const dom = LAYER_TYPES.filter((t) => ['url', 'html', 'giphy', 'dom_mask', 'rtmp'].includes(t));
  const canvas = LAYER_TYPES.filter((t) => !dom.includes(t));
  const layers: Layer[] = [];
  // Named as the editor names them: the count of that type so far ("Image 2").
  [...dom, ...canvas, 'image', 'image', 'video'].forEach((type, i) =>
    layers.push(createLayer(type as Layer['type'], { id: `l${i}` as LayerId, existing: layers })),
  );
  for (const l of layers) if (l.type === 'image') l.content.src = `/${SAMPLE_IMAGE_PATH}`;
  const hidden = layers[7];
  if (hidden) hidden.visible = false;
  const locked = layers[1];
  if (locked) locked.locked = true;
  return layers;
}

const layers = manyLayers();

export default {
  title: 'Editor/Panels/Layers',
  component: LayerListView,
  decorators: [(Story: () => ReactElement) => <div style={{ width: 300, padding: 8, background: 'var(--bs-bg-soft)' }}>{Story()}</div>],
  args: {
    layers,
    selectedIds: [],
    primaryId: null,
    renamingId: null,
    onRowClick: noop,
    onToggleVisible: noop,
    onToggleLock: noop,
    onRenameStart: noop,
    onRenameEnd: noop,
    onReorder: noop,
    onContextMenu: noop,
  },
};

export const Empty = { args: { layers: [] } };
export const ManyLayers = { args: { selectedIds: ['l6'], primaryId: 'l6' } };
export const MultiSelect = { args: { selectedIds: ['l6', 'l7', 'l9'], primaryId: 'l9' } };
export const Renaming = { args: { selectedIds: ['l5'], primaryId: 'l5', renamingId: 'l5' } };
/** A shader dragged to the very top: the marker snaps (amber) below the last DOM layer. */
export const DragMarkerConstrained = { args: { selectedIds: ['l7'], primaryId: 'l7', demoDrag: { ids: ['l7'], gap: 0 } } };
/** An image dragged between canvas layers: a free (accent) marker. */
export const DragMarker = { args: { selectedIds: ['l10'], primaryId: 'l10', demoDrag: { ids: ['l10'], gap: 6 } } };
/** 100 layers in a 420 px panel: the list scrolls and renders only the rows in view. */
export const HundredLayersScrolling = {
  args: {
    layers: Array.from({ length: 100 }, (_, i) => ({ ...layers[layers.length - 3]!, id: `h${i}` as LayerId, name: `Image ${i + 1}` })),
    selectedIds: ['h2'],
    primaryId: 'h2',
  },
  decorators: [
    (Story: () => ReactElement) => (
      <div className="layers-panel" style={{ height: 420 }}>
        {Story()}
      </div>
    ),
  ],
};
