import { createLayer } from '@beamstage/layers';
import type { LayerId } from '@beamstage/layers';
import { LayerList } from './LayerList';

const noop = () => undefined;
const layers = [createLayer('html', { id: 'l1' as LayerId }), createLayer('image', { id: 'l2' as LayerId }), createLayer('fragment-shader', { id: 'l3' as LayerId })];
const hidden = layers[2];
if (hidden) hidden.visible = false;

export default { title: 'Editor/LayerList', component: LayerList, args: { onSelect: noop, onToggleVisible: noop, onRemove: noop } };

export const Empty = { args: { layers: [], selectedId: null } };
export const WithLayers = { args: { layers, selectedId: 'l2' } };
