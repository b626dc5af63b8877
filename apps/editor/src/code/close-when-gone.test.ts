import { describe, expect, it } from 'vitest';
import { codeLayerGone } from './close-when-gone';

const project = (...ids: string[]) => ({ layers: ids.map((id) => ({ id })) }) as unknown as Parameters<typeof codeLayerGone>[1];

describe('codeLayerGone', () => {
  it('is true only when an open code editor names a layer the document no longer has', () => {
    expect(codeLayerGone('shader', project('shader', 'image'))).toBe(false);
    expect(codeLayerGone('shader', project('image'))).toBe(true);
    expect(codeLayerGone(null, project('image'))).toBe(false);
    // Before the project is read there is nothing to compare with: the editor stays as it is.
    expect(codeLayerGone('shader', null)).toBe(false);
  });
});
