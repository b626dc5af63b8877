import { randomBytes } from 'node:crypto';
import * as Automerge from '@automerge/automerge';
import { Repo } from '@automerge/automerge-repo';
import { assignDeep, type ProjectDoc } from '@beamstage/layers';
import { wrapWholeStrings } from '@beamstage/sync/node';
import { describe, expect, it } from 'vitest';
import { applyLongStrings, changedLongStrings, OWN_CHANGE_CHARS } from './long-string-changes';

type Obj = Record<string, unknown>;
const image = (id: string, src: string) => ({ id, name: id, x: 0, content: { src } });
const html = (id: string, code: string) => ({ id, name: id, x: 0, content: { html: code } });
const docWith = (layers: object[], description = '') =>
  wrapWholeStrings({
    id: 'p',
    metadata: { name: 'P', description },
    layers: Object.fromEntries(layers.map((l) => [(l as { id: string }).id, l])),
    timeline: { keyframes: {} },
  } as unknown as ProjectDoc);
/** A long string that does not compress (a change's size then shows how many it carries), the same for the same `c`. */
const longs = new Map<string, string>();
const long = (c: string) => {
  if (!longs.has(c))
    longs.set(
      c,
      c +
        randomBytes(OWN_CHANGE_CHARS)
          .toString('base64')
          .slice(0, OWN_CHANGE_CHARS - 1),
    );
  return longs.get(c)!;
};
const plain = (doc: unknown) => JSON.parse(JSON.stringify(doc)) as unknown;

describe('changedLongStrings', () => {
  it('finds the long strings a write changes inside objects both hold, whole or plain', () => {
    const current = docWith([image('a', long('1')), image('b', long('2')), html('c', 'short')], long('d'));
    const target = docWith([image('a', long('9')), image('b', long('2')), html('c', long('h')), image('new', long('n'))], long('d'));
    // a's data URL changed, c's code became long; b is the same text, `new` is a new entity.
    expect(changedLongStrings(current as unknown as Obj, target as unknown as Obj)).toEqual([
      ['layers', 'a', 'content', 'src'],
      ['layers', 'c', 'content', 'html'],
    ]);
    // Shorter strings stay in the final change.
    const small = docWith([image('a', long('s').slice(1))]);
    expect(changedLongStrings(docWith([image('a', 'y')]) as unknown as Obj, small as unknown as Obj)).toEqual([]);
  });
});

describe('applyLongStrings', () => {
  it('writes each long string in a change of its own; the final change writes only the rest', async () => {
    const repo = new Repo({ network: [] });
    const handle = repo.create<ProjectDoc>(docWith([image('a', long('1')), image('b', long('2')), html('c', 'short')]));
    const target = docWith([{ ...image('a', long('7')), name: 'renamed' }, image('b', long('8')), html('c', long('h'))]);
    const before = Automerge.getAllChanges(handle.doc()).length;
    let turns = 0;
    const after = await applyLongStrings(handle, handle.doc(), target, async () => void turns++);
    expect(Automerge.getAllChanges(handle.doc()).length - before).toBe(3);
    expect(turns).toBe(3);
    // Each change carries one string.
    const sizes = Automerge.getAllChanges(handle.doc())
      .slice(before)
      .map((c) => c.byteLength);
    for (const size of sizes) {
      expect(size).toBeGreaterThan(OWN_CHANGE_CHARS * 0.7);
      expect(size).toBeLessThan(OWN_CHANGE_CHARS * 1.5);
    }
    let written: string[] = [];
    handle.change((d) => {
      written = changedLongStrings(after as unknown as Obj, target as unknown as Obj).map((p) => p.join('.'));
      assignDeep(d as unknown as Obj, target as unknown as Obj, after as unknown as Obj);
    });
    expect(written).toEqual([]);
    const last = Automerge.getAllChanges(handle.doc()).at(-1)!;
    expect(last.byteLength).toBeLessThan(1024);
    expect(plain(handle.doc())).toEqual(plain(target));
  });

  it('writes nothing where a live edit removed the object holding the string, and leaves it to the final change', async () => {
    const repo = new Repo({ network: [] });
    const handle = repo.create<ProjectDoc>(docWith([image('a', long('1')), image('b', long('2'))]));
    const seen = handle.doc();
    // A peer deleted b after the write read the document.
    handle.change((d) => {
      delete (d as unknown as { layers: Obj }).layers['b'];
    });
    const target = docWith([image('a', long('5')), image('b', long('6'))]);
    const before = Automerge.getAllChanges(handle.doc()).length;
    const after = await applyLongStrings(handle, seen, target, async () => undefined);
    expect(Automerge.getAllChanges(handle.doc()).length - before).toBe(1);
    expect(plain(valueOf(after, ['layers', 'b', 'content', 'src']))).toBe(long('2'));
    expect(plain(valueOf(handle.doc(), ['layers', 'a', 'content', 'src']))).toBe(long('5'));
    expect(Object.keys((handle.doc() as unknown as { layers: Obj }).layers)).toEqual(['a']);
  });
});

const valueOf = (root: unknown, path: string[]): unknown => path.reduce<unknown>((v, k) => (v as Obj)[k], root);
