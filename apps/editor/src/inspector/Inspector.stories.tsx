import type { Layer } from '@beamstage/layers';
import { InspectorHarness } from './story-harness';

export default { title: 'Editor/Inspector', component: InspectorHarness };

export const CanvasSettings = { args: { type: null } };
export const Image = { args: { type: 'image' } };
export const ImageWithFilters = {
  args: { type: 'image', tweak: (l: Layer) => Object.assign(l, { filters: [{ type: 'blur', amount: 2 }], blendMode: 'overlay' }) },
};
export const Video = { args: { type: 'video' } };
export const Gif = { args: { type: 'giphy' } };
export const WebPage = { args: { type: 'url', tweak: (l: Layer) => Object.assign(l, { blendMode: 'subtract' }) } };
export const Html = { args: { type: 'html' } };
export const FragmentShader = { args: { type: 'fragment-shader' } };
export const P5Sketch = { args: { type: 'p5js' } };
export const Mask = { args: { type: 'mask' } };
export const DomMask = { args: { type: 'dom_mask' } };
export const LiveStream = { args: { type: 'rtmp' } };
export const MeshWarp = {
  args: { type: 'image', tweak: (l: Layer) => Object.assign(l.warp, { enabled: true, meshEnabled: true, meshResolution: 3, meshPoints: [] }) },
};
export const ReadOnlyViewer = { args: { type: 'image', readOnly: true } };
