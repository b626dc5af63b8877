import { describe, expect, it } from 'vitest';
import type { ProjectDoc } from '@beamstage/layers';
import { withAdditions } from './additions';

describe('withAdditions', () => {
  const base = { layers: { a: { id: 'a' } }, timeline: { keyframes: { k: { id: 'k' } } } } as unknown as ProjectDoc;
  const target = {
    layers: { a: { id: 'a' }, b: { id: 'b', x: 1 }, c: { id: 'c' }, d: { id: 'd' } },
    timeline: { keyframes: { k: { id: 'k' }, k2: { id: 'k2' } } },
  } as unknown as ProjectDoc;
  const batches = [
    { path: ['layers'], entries: { b: {} } },
    { path: ['layers'], entries: { c: {} } },
    { path: ['timeline', 'keyframes'], entries: { k2: {} } },
    { path: ['layers'], entries: { d: {} } },
  ];

  it("is the base with the applied batches' entities, as the target holds them", () => {
    const after = withAdditions(base, target, batches, 3) as unknown as { layers: object; timeline: { keyframes: object } };
    expect(after.layers).toEqual({ a: { id: 'a' }, b: { id: 'b', x: 1 }, c: { id: 'c' } });
    expect(after.timeline.keyframes).toEqual({ k: { id: 'k' }, k2: { id: 'k2' } });
  });

  it('leaves the base untouched, and is the base itself when no batch was applied', () => {
    withAdditions(base, target, batches, 4);
    expect(base).toEqual({ layers: { a: { id: 'a' } }, timeline: { keyframes: { k: { id: 'k' } } } });
    expect(withAdditions(base, target, batches, 0)).toBe(base);
  });
});
