import * as Automerge from '@automerge/automerge';
import { describe, expect, it } from 'vitest';
import { createDocCache } from './doc-cache';

const copy = (bytes: number) => ({ doc: Automerge.from<Record<string, unknown>>({ n: bytes }), bytes });

describe('the document worker’s copies', () => {
  it('keeps at most maxDocs, evicting the least recently used', () => {
    const cache = createDocCache({ maxDocs: 2, maxBytes: 1000 });
    cache.put('a', copy(1));
    cache.put('b', copy(1));
    // Taken and put back: now the most recently used.
    cache.put('a', cache.take('a')!);
    cache.put('c', copy(1));
    expect(cache.keys()).toEqual(['a', 'c']);
    expect(cache.take('b')).toBeUndefined();
  });

  it('keeps at most maxBytes of encoded documents, and never one larger than that alone', () => {
    const cache = createDocCache({ maxDocs: 10, maxBytes: 100 });
    cache.put('a', copy(40));
    cache.put('b', copy(40));
    cache.put('c', copy(40));
    expect(cache.keys()).toEqual(['b', 'c']);
    expect(cache.bytes()).toBe(80);
    cache.put('huge', copy(101));
    expect(cache.keys()).toEqual(['b', 'c']);
    cache.put('b', copy(100));
    expect(cache.keys()).toEqual(['b']);
    expect(cache.bytes()).toBe(100);
  });

  it('forgets a project', () => {
    const cache = createDocCache({ maxDocs: 2, maxBytes: 100 });
    cache.put('a', copy(10));
    cache.delete('a');
    expect(cache.keys()).toEqual([]);
    expect(cache.bytes()).toBe(0);
  });
});
