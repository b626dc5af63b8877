// The structural layer type read here must accept the real layers from @beamstage/layers.
import { createLayer } from '@beamstage/layers';
import type { Layer } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import type { MaskEditorLayer } from './background';
import { decideLayerBackground } from './background';

describe('@beamstage/layers compatibility', () => {
  it('a default mask layer and an image layer are mask editor layers', () => {
    const mask: MaskEditorLayer = createLayer('mask');
    expect(decideLayerBackground(mask, 0, null).kind).toBe('set');
    const image: Layer = createLayer('image');
    const asEditor: MaskEditorLayer = image;
    // A default image layer has no source yet, so it is not offered as a background.
    expect(decideLayerBackground(asEditor, 0, null).kind).toBe(typeof image.content.src === 'string' && image.content.src ? 'set' : 'unsupported');
    const html: MaskEditorLayer = createLayer('html');
    expect(decideLayerBackground(html, 0, null).kind).toBe('unsupported');
  });
});
