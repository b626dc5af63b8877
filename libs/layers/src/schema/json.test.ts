import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneJson } from './json';

/** What cloneJson must equal: the JSON round trip it replaces. */
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

class Whole {
  constructor(readonly val: string) {}
  toJSON() {
    return this.val;
  }
}

// Values as the server meets them: JSON, plus what JSON drops or rewrites (undefined, NaN, -0,
// Dates, functions, objects that serialise as strings).
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string(),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constant(() => 1),
    fc.date({ noInvalidDate: true }),
    fc.string().map((s) => new Whole(s)),
    fc.array(tie('tree'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constant('__proto__'), fc.constant('0')), tie('tree'), { maxKeys: 5 }),
  ),
}));

describe('cloneJson', () => {
  it('gives what a JSON round trip gives, for any nested value inside an object', () => {
    fc.assert(
      fc.property(tree, (value) => {
        const wrapped = { value };
        expect(cloneJson(wrapped)).toStrictEqual(roundTrip(wrapped));
      }),
      { numRuns: 1000 },
    );
  });

  it('shares nothing mutable with its source, and keeps "__proto__" an own key', () => {
    const source = { layers: [{ id: 'a', warp: { points: [1, 2] } }], meta: JSON.parse('{"__proto__": {"x": 1}}') as object };
    const copy = cloneJson(source);
    expect(copy).toStrictEqual(source);
    expect(copy.layers).not.toBe(source.layers);
    expect(copy.layers[0]!.warp).not.toBe(source.layers[0]!.warp);
    expect(Object.getPrototypeOf(copy.meta)).toBe(Object.prototype);
    expect(Object.keys(copy.meta)).toEqual(['__proto__']);
  });

  it('writes -0 as 0, NaN and Infinity as null, holes and dropped values in lists as null', () => {
    // eslint-disable-next-line no-sparse-arrays
    const copy = cloneJson({ n: -0, nan: NaN, inf: -Infinity, list: [undefined, , () => 1, NaN], gone: undefined, fn: () => 1 });
    expect(Object.is(copy.n, 0)).toBe(true);
    expect(copy).toStrictEqual({ n: 0, nan: null, inf: null, list: [null, null, null, null] });
  });
});
