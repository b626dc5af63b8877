import { describe, expect, it } from 'vitest';
import { keptChangesToast, keptLabel } from './kept-changes';

describe('kept changes', () => {
  it("names fields and entities in the user's words", () => {
    expect(keptLabel({ path: 'metadata.name', reason: 'newer' })).toBe('the project name');
    expect(keptLabel({ path: 'layers', id: 'layer_a', name: 'Logo', reason: 'newer' })).toBe('layer "Logo"');
    expect(keptLabel({ path: 'timeline.keyframes', id: 'kf_1', reason: 'newer' })).toBe('keyframe "kf_1"');
    expect(keptLabel({ path: 'timeline.fps', reason: 'newer' })).toBe("the timeline's fps");
    expect(keptLabel({ path: 'metadata.author', reason: 'newer' })).toBe("the project's author");
  });

  it('says nothing when everything applied, and names each part once otherwise', () => {
    expect(keptChangesToast(undefined)).toBeNull();
    expect(keptChangesToast([])).toBeNull();
    expect(keptChangesToast([{ path: 'metadata.name', reason: 'newer' }])).toBe(
      'Saved, but someone else changed the project name after you opened the project: your changes to it did not apply',
    );
    expect(
      keptChangesToast([
        { path: 'canvas', reason: 'newer' },
        { path: 'layers', id: 'layer_a', name: 'Logo', reason: 'newer' },
        { path: 'canvas', reason: 'newer' },
      ]),
    ).toBe('Saved, but someone else changed the canvas and layer "Logo" after you opened the project: your changes to them did not apply');
  });
});
