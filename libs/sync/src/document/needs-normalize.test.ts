import { next as A } from '@automerge/automerge';
import { normalizeDoc, toDoc, type ProjectDoc } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { buildSyncProjectJson } from '../testing';
import { needsNormalize } from './project-document';

describe('needsNormalize', () => {
  it('is false for a healthy document, true for a broken one, and never writes the snapshot', () => {
    let doc = A.from(toDoc(buildSyncProjectJson({ layers: 3 })) as unknown as Record<string, unknown>) as unknown as A.Doc<ProjectDoc>;
    doc = A.change(doc, (d) => void normalizeDoc(d));
    expect(needsNormalize(doc)).toBe(false);
    const broken = A.change(doc, (d) => {
      d.warpPoints.splice(0, 2);
    });
    expect(needsNormalize(broken)).toBe(true);
    expect(broken.warpPoints).toHaveLength(2);
  });
});
