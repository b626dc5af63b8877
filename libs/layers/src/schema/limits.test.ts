import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDoc } from '../document/doc';
import { copyPlain, sameJson } from './json';
import { DEFAULT_DOCUMENT_LIMITS, checkDocumentLimits, jsonNestingDepth } from './limits';
import { publicProjectDoc } from '../io/public-project';
import { buildProjectJson } from '../testing';

const limits = {
  ...DEFAULT_DOCUMENT_LIMITS,
  maxLayers: 3,
  maxKeyframes: 2,
  maxScenes: 1,
  maxDocumentBytes: 64 * 1024,
  maxDepth: 8,
  maxDescriptionChars: 20,
  maxCodeChars: 300,
};

describe('checkDocumentLimits', () => {
  it('passes a project within its limits, as exchange JSON and as a document', () => {
    const p = buildProjectJson(['image', 'html']);
    expect(checkDocumentLimits(p, limits)).toBeNull();
    expect(checkDocumentLimits(toDoc(p), limits)).toBeNull();
  });

  it('names the limit each breach breaks', () => {
    const p = buildProjectJson(['image', 'image', 'image', 'image']);
    expect(checkDocumentLimits(p, limits)).toEqual({ limit: 'maxLayers', status: 413, message: 'A project may have at most 3 layers (this one has 4)' });
    expect(checkDocumentLimits(toDoc(p), limits)?.limit).toBe('maxLayers');

    const big = buildProjectJson([]);
    big.layers = Array.from({ length: 2001 }, (_, i) => ({ id: `L${i}` })) as never;
    expect(checkDocumentLimits(big, { ...DEFAULT_DOCUMENT_LIMITS, maxLayers: 2000 })?.message).toBe(
      'A project may have at most 2,000 layers (this one has 2,001)',
    );

    const kf = buildProjectJson([]);
    kf.timeline.keyframes = [{ id: 'a' }, { id: 'b' }, { id: 'c' }] as never;
    expect(checkDocumentLimits(kf, limits)?.message).toBe('A project may have at most 2 keyframes (this one has 3)');

    const desc = buildProjectJson([]);
    desc.metadata.description = 'x'.repeat(21);
    expect(checkDocumentLimits(desc, limits)).toEqual({
      limit: 'maxDescriptionChars',
      status: 413,
      message: 'metadata.description may be at most 20 characters (this one has 21)',
    });

    const code = buildProjectJson(['html']);
    (code.layers[0]!.content as { html: string }).html = '<b>'.repeat(101);
    expect(checkDocumentLimits(code, limits)?.message).toBe('layers.0.content.html may be at most 300 characters (this one has 303)');

    const deep = buildProjectJson([]);
    let nest: unknown = 1;
    for (let i = 0; i < 50_000; i++) nest = [nest];
    (deep.metadata as unknown as Record<string, unknown>).debugSettings = { nest };
    expect(checkDocumentLimits(deep, limits)).toEqual({ limit: 'maxDepth', status: 400, message: 'A project may nest values at most 8 levels deep' });

    const bytes = buildProjectJson([]);
    bytes.assets = Array.from({ length: 100 }, (_, i) => ({ id: `A${i}`, name: 'n', type: 'image', data: 'd'.repeat(1000) })) as never;
    expect(checkDocumentLimits(bytes, limits)).toEqual({ limit: 'maxDocumentBytes', status: 413, message: 'A project may be at most 64 KB as JSON' });
  });

  it('measures strings that serialise as strings (whole values in a document)', () => {
    const p = buildProjectJson([]);
    (p.metadata as unknown as Record<string, unknown>).description = { toJSON: () => 'y'.repeat(25) };
    expect(checkDocumentLimits(p, limits)?.limit).toBe('maxDescriptionChars');
  });
});

describe('jsonNestingDepth', () => {
  it('counts brackets outside strings and stops early', () => {
    expect(jsonNestingDepth('{"a":[1,{"b":"[[[[\\"{"}]}')).toBe(3);
    expect(jsonNestingDepth('[]')).toBe(1);
    expect(jsonNestingDepth('"x"')).toBe(0);
    expect(jsonNestingDepth('['.repeat(50_000) + ']'.repeat(50_000), 40)).toBe(41);
  });
  it('skips strings whatever their escapes: brackets after an escaped quote or an escaped backslash', () => {
    expect(jsonNestingDepth('["a\\"[[[", "b"]')).toBe(1);
    expect(jsonNestingDepth('["a\\\\", [[1]]]')).toBe(3);
    expect(jsonNestingDepth('["' + 'x'.repeat(100_000) + '\\"]]]", [{}]]')).toBe(3);
    expect(jsonNestingDepth('[["never closed')).toBe(2);
  });
  it('equals the nesting of any JSON value as stringified', () => {
    const depthOf = (v: unknown): number =>
      typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v as Record<string, unknown>).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.boolean(), (v, pretty) => {
        expect(jsonNestingDepth(JSON.stringify(v, null, pretty ? 2 : undefined))).toBe(depthOf(v));
      }),
      { numRuns: 500 },
    );
  });
});

describe('whole values in copies and comparisons', () => {
  class Whole {
    constructor(readonly val: string) {}
    toJSON() {
      return this.val;
    }
  }
  it('sameJson compares a value that serialises as a string with that string; copyPlain keeps it', () => {
    expect(sameJson(new Whole('a'), 'a')).toBe(true);
    expect(sameJson({ x: new Whole('a') }, { x: 'b' })).toBe(false);
    const w = new Whole('a');
    const copy = copyPlain({ list: [{ w }], n: 1, u: undefined });
    expect(copy.list[0]!.w).toBe(w);
    expect('u' in copy).toBe(false);
  });
});

describe('publicProjectDoc', () => {
  it('keeps what the public route shows and drops debug settings', () => {
    const p = buildProjectJson(['image']);
    p.metadata.debugSettings = { secret: 'draft' };
    const pub = publicProjectDoc(toDoc(p));
    expect(pub.metadata.debugSettings).toBeUndefined();
    expect(pub.metadata.isPublic).toBe(true);
    expect(Object.keys(pub.layers)).toEqual(['L0']);
  });
});
