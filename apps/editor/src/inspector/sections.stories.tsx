import type { Layer, LayerPatch } from '@beamstage/layers';
import { useState } from 'react';
import { applyToJson, operationFor } from '../live/project-edits';
import { AppearanceSection } from './AppearanceSection';
import { CanvasSection } from './CanvasSection';
import { LayerContent } from './LayerContent';
import { MaskSection } from './MaskSection';
import { basicAddressCheck } from './address-check';
import { NumberField } from './NumberField';
import { storyProject } from './story-harness';
import { TransformSection } from './TransformSection';
import { WarpSection } from './WarpSection';
import './inspector.css';

type SectionName = 'transform' | 'appearance' | 'warp' | 'mask' | 'content';

/** One section on its own, over a local layer. */
function SectionHarness({ section, type }: { section: SectionName; type: Layer['type'] }) {
  const [project, setProject] = useState(() => storyProject(type).project);
  const layer = project.layers[0]!;
  const update = (patch: LayerPatch, field: string) => setProject((p) => applyToJson(p, operationFor({ kind: 'update-layer', id: layer.id, patch, field })));
  const props = { layer, update };
  return (
    <div className="inspector" style={{ width: 320, background: 'var(--bs-surface)' }}>
      {section === 'transform' ? <TransformSection {...props} /> : null}
      {section === 'appearance' ? <AppearanceSection {...props} /> : null}
      {section === 'warp' ? <WarpSection {...props} /> : null}
      {section === 'mask' ? <MaskSection {...props} /> : null}
      {section === 'content' ? <LayerContent {...props} checkAddress={basicAddressCheck} onOpenCode={() => undefined} /> : null}
    </div>
  );
}

export default { title: 'Editor/Inspector sections', component: SectionHarness };

export const Transform = { args: { section: 'transform', type: 'image' } };
export const Appearance = { args: { section: 'appearance', type: 'image' } };
export const AppearanceOfDomLayer = { args: { section: 'appearance', type: 'html' } };
export const Warp = { args: { section: 'warp', type: 'image' } };
export const MaskOfMaskLayer = { args: { section: 'mask', type: 'mask' } };
export const MediaContent = { args: { section: 'content', type: 'video' } };
export const UrlContent = { args: { section: 'content', type: 'url' } };
export const HtmlContent = { args: { section: 'content', type: 'html' } };
export const ShaderUniforms = { args: { section: 'content', type: 'fragment-shader' } };
export const P5Content = { args: { section: 'content', type: 'p5js' } };
export const StreamContent = { args: { section: 'content', type: 'rtmp' } };

function CanvasHarness() {
  const [canvas, setCanvas] = useState(() => storyProject(null).project.canvas);
  const [handle, setHandle] = useState(36);
  return (
    <div className="inspector" style={{ width: 320, background: 'var(--bs-surface)' }}>
      <CanvasSection canvas={canvas} onChange={(patch) => setCanvas((c) => ({ ...c, ...patch }))} warpHandleSize={handle} onWarpHandleSize={setHandle} />
    </div>
  );
}
export const Canvas = { render: () => <CanvasHarness /> };

function NumberFieldHarness() {
  const [v, setV] = useState(400);
  return (
    <div className="inspector" style={{ width: 220, background: 'var(--bs-surface)' }}>
      <NumberField label="X" unit="px" value={v} min={0} max={1000} onCommit={setV} />
      <p className="inspector-hint">Drag the label (Shift ×10, Alt ×0.1), type 400+20 and Enter, Esc reverts.</p>
    </div>
  );
}
export const NumberFieldScrubAndArithmetic = { render: () => <NumberFieldHarness /> };
