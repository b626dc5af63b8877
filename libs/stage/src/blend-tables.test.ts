// One blend-mode table in effect: libs/layers owns the model's names and fallbacks (it
// validates documents in Node); libs/render-core, a package installable on its own, keeps the GPU's
// copy. They must never drift: this test, where both may be imported, proves they agree.
import * as layers from '@beamstage/layers';
import * as renderCore from '@beamstage/render-core';
import { describe, expect, it } from 'vitest';

describe('blend-mode tables', () => {
  it('have the same 27 modes in the same order', () => {
    expect([...renderCore.BLEND_MODES]).toEqual([...layers.BLEND_MODES]);
    expect(layers.BLEND_MODES).toHaveLength(27);
  });

  it('have the same fallbacks for layers with filters, and agree on every effective mode', () => {
    expect(renderCore.FILTER_BLEND_FALLBACK).toEqual(layers.FILTER_BLEND_FALLBACK);
    for (const mode of [...layers.BLEND_MODES, 'unknown', undefined]) {
      for (const filters of [false, true]) expect(renderCore.effectiveBlendMode(mode, filters)).toBe(layers.effectiveBlendMode(mode, filters));
    }
  });

  it('draw every mode: a GL blend or shader compositing for each', () => {
    for (const mode of renderCore.BLEND_MODES) {
      const drawn = renderCore.GL_BLENDS[mode] !== undefined || renderCore.needsShaderCompositing(mode);
      expect(drawn, mode).toBe(true);
    }
  });
});
