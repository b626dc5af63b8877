import { LAYER_TYPES, isDomLayerType } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import { describe, expect, it } from 'vitest';
import { needsStageMedia } from './media-types';

describe('needsStageMedia', () => {
  it('is true exactly for video, p5.js and the DOM layer types', () => {
    for (const type of LAYER_TYPES) {
      const project = buildProjectJson([type]);
      expect(needsStageMedia(project.layers), type).toBe(type === 'video' || type === 'p5js' || isDomLayerType(type));
    }
    expect(needsStageMedia(buildProjectJson(['image', 'fragment-shader', 'mask']).layers)).toBe(false);
    expect(needsStageMedia(buildProjectJson(['image', 'url']).layers)).toBe(true);
  });
});
