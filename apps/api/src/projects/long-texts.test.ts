import fc from 'fast-check';
import type { ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { joinLongTexts, LONG_TEXT_CHARS, splitLongTexts, textHash } from './long-texts';
import { sampleProjectBody } from '../testing/project-fixtures';

const long = (c: string, n = LONG_TEXT_CHARS) => c.repeat(n);

describe('long texts out of the row', () => {
  it('takes out every string at least LONG_TEXT_CHARS long, leaving the rest shared', () => {
    const base = sampleProjectBody('Texts') as unknown as ProjectJson;
    const src = `data:image/png;base64,${long('A')}`;
    const project = {
      ...base,
      layers: [{ ...base.layers[0]!, content: { src } }, base.layers[1]!],
      metadata: { ...base.metadata, description: long('d', LONG_TEXT_CHARS - 1) },
    } as unknown as ProjectJson;
    const split = splitLongTexts(project);
    expect(split.refs).toEqual([[['layers', 0, 'content', 'src'], textHash(src)]]);
    expect(split.texts.get(textHash(src))).toBe(src);
    expect(split.data.layers[0]!.content).toEqual({ src: '' });
    // Short strings stay, and what holds no long string is the same object.
    expect(split.data.metadata).toBe(project.metadata);
    expect(split.data.layers[1]).toBe(project.layers[1]);
    // The input is untouched.
    expect((project.layers[0]!.content as { src: string }).src).toBe(src);
    expect(joinLongTexts(split.data, split.refs, split.texts)).toEqual(project);
  });

  it('keeps one text for a string repeated in several places', () => {
    const same = long('x');
    const split = splitLongTexts({ a: [same, { b: same }] } as unknown as ProjectJson);
    expect(split.texts.size).toBe(1);
    expect(split.refs.map(([path]) => path)).toEqual([
      ['a', 0],
      ['a', 1, 'b'],
    ]);
  });

  it('round-trips any JSON (property)', () => {
    const longString = fc.constantFrom('a', 'é', '😀', '"').map((c) => c.repeat(LONG_TEXT_CHARS));
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.string(), longString, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(
        fc.string().filter((k) => k !== '__proto__'),
        tie('value'),
        { maxKeys: 4 },
      ),
    }));
    fc.assert(
      fc.property(json.object, (value) => {
        const project = value as unknown as ProjectJson;
        const before = JSON.stringify(project);
        const split = splitLongTexts(project);
        expect(JSON.stringify(split.data).length).toBeLessThan(before.length + 1);
        expect(JSON.stringify(joinLongTexts(split.data, split.refs, split.texts))).toBe(before);
        expect(JSON.stringify(project)).toBe(before);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses to join a row whose text is missing, and a __proto__ key', () => {
    const split = splitLongTexts({ a: long('q') } as unknown as ProjectJson);
    expect(() => joinLongTexts(split.data, split.refs, new Map())).toThrow(/long text of the project is missing/);
    expect(() => joinLongTexts(split.data, [[['__proto__', 'x'], split.refs[0]![1]]], split.texts)).toThrow(/__proto__/);
  });
});
