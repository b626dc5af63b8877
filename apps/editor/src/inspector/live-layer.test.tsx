import type { Layer } from '@beamstage/layers';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fixedSource } from '../state/source';
import { Inspector } from './Inspector';
import { sameLayerOutsideLive } from './live-layer';
import { storyProject } from './story-harness';

const imageLayer = (): Layer => storyProject('image').project.layers[0]!;

const inspect = (layer: Layer, shown?: Layer[]) =>
  renderToString(
    <Inspector
      layer={layer}
      layers={[layer]}
      canvas={storyProject(null).project.canvas}
      onUpdateLayer={() => undefined}
      onRename={() => undefined}
      onUpdateCanvas={() => undefined}
      onOpenCode={() => undefined}
      warpHandleSize={36}
      onWarpHandleSize={() => undefined}
      shown={shown ? fixedSource({ layers: shown }) : undefined}
    />,
  );

describe('the live fields of the inspector', () => {
  it('treats a layer that only moved, turned, faded or had a corner dragged as unchanged', () => {
    const a = imageLayer();
    const moved = { ...a, x: a.x + 10, y: 3, rotation: 45, opacity: 0.2, visible: false, scale: { x: 2, y: 2 } } as Layer;
    expect(sameLayerOutsideLive(a, moved)).toBe(true);
    const cornered = { ...a, warp: { ...a.warp, points: a.warp.points.map((p) => ({ x: p.x + 1, y: p.y })) } } as Layer;
    expect(sameLayerOutsideLive(a, cornered)).toBe(true);
  });

  it('re-renders for anything else: a name, the blend mode, the warp switched on, content, another layer, none', () => {
    const a = imageLayer();
    expect(sameLayerOutsideLive(a, { ...a, name: 'Other' })).toBe(false);
    expect(sameLayerOutsideLive(a, { ...a, blendMode: 'multiply' } as Layer)).toBe(false);
    expect(sameLayerOutsideLive(a, { ...a, warp: { ...a.warp, enabled: !a.warp.enabled } } as Layer)).toBe(false);
    expect(sameLayerOutsideLive(a, { ...a, content: { ...a.content } } as Layer)).toBe(false);
    expect(sameLayerOutsideLive(a, { ...a, id: 'layer_other' } as Layer)).toBe(false);
    expect(sameLayerOutsideLive(a, null)).toBe(false);
    expect(sameLayerOutsideLive(null, null)).toBe(true);
  });

  it('shows the values of the layer as drawn now, the rest from the layer it was given', () => {
    const a = imageLayer();
    const drawn = {
      ...a,
      name: 'Not shown',
      x: 1234,
      opacity: 0.37,
      warp: { ...a.warp, points: [{ x: 777, y: 5 }, ...a.warp.points.slice(1)] },
    } as Layer;
    const out = inspect(a, [drawn]);
    expect(out).toContain('value="1234"');
    expect(out).toContain('value="0.37"');
    expect(out).toContain('value="777"');
    expect(out).toContain(`value="${a.name}"`);
    expect(out).not.toContain('Not shown');
    // Without a drawn copy of this layer (or without a source at all) the fields show the layer given.
    expect(inspect(a, [{ ...drawn, id: 'layer_other' } as Layer])).not.toContain('value="1234"');
    expect(inspect(a)).toContain(`value="${a.x}"`);
  });
});
