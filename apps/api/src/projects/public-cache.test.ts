import { describe, expect, it } from 'vitest';
import { invalidatePublic, publicAnswer, PUBLIC_CACHE_TTL_MS } from './public-cache';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('public answer cache', () => {
  it('loads once for concurrent misses, then serves the held bytes', async () => {
    let loads = 0;
    const load = async () => ({ body: `{"n":${++loads}}`, ownerId: 'usr_1' });
    const [a, b] = await Promise.all([publicAnswer('p1', load, 0), publicAnswer('p1', load, 0)]);
    expect(loads).toBe(1);
    expect(a.body!.toString()).toBe('{"n":1}');
    expect(b).toBe(a);
    expect((await publicAnswer('p1', load, 10)).body!.toString()).toBe('{"n":1}');
    expect(loads).toBe(1);
  });

  it('answers an expired entry at once while one refresh runs, then serves the refreshed one', async () => {
    const gate = deferred<{ body: string; ownerId: string }>();
    await publicAnswer('p2', async () => ({ body: 'old', ownerId: 'usr_1' }), 0);
    let loads = 0;
    const slow = () => {
      loads++;
      return gate.promise;
    };
    const later = PUBLIC_CACHE_TTL_MS + 1;
    expect((await publicAnswer('p2', slow, later)).body!.toString()).toBe('old');
    expect((await publicAnswer('p2', slow, later)).body!.toString()).toBe('old');
    expect(loads).toBe(1);
    gate.resolve({ body: 'new', ownerId: 'usr_1' });
    await new Promise((r) => setTimeout(r, 0));
    expect((await publicAnswer('p2', slow, later)).body!.toString()).toBe('new');
  });

  it('never stores a load that started before an invalidation', async () => {
    const gate = deferred<{ body: string; ownerId: string }>();
    const first = publicAnswer('p3', () => gate.promise, 0);
    invalidatePublic('p3'); // a write landed while the read was in flight
    gate.resolve({ body: 'before the write', ownerId: 'usr_1' });
    expect((await first).body!.toString()).toBe('before the write');
    const after = await publicAnswer('p3', async () => ({ body: 'after the write', ownerId: 'usr_1' }), 1);
    expect(after.body!.toString()).toBe('after the write');
  });

  it('holds "not published" too, so unknown ids do not reach the database every poll', async () => {
    let loads = 0;
    const load = async () => (loads++, { body: null, ownerId: null });
    expect((await publicAnswer('p4', load, 0)).body).toBeNull();
    expect((await publicAnswer('p4', load, 5)).body).toBeNull();
    expect(loads).toBe(1);
  });

  it('a refresh that finds the same revision keeps the held bytes fresh without reading the row again', async () => {
    const told: (number | null)[] = [];
    let full = 0;
    const load = async (held: number | null) => {
      told.push(held);
      if (held === 7) return 'unchanged' as const;
      full++;
      return { body: '{"v":7}', ownerId: 'usr_1', revision: 7 };
    };
    const first = await publicAnswer('p5', load, 0);
    const later = PUBLIC_CACHE_TTL_MS + 1;
    expect(await publicAnswer('p5', load, later)).toBe(first); // served at once, refresh behind it
    await new Promise((r) => setTimeout(r, 0));
    expect(told).toEqual([null, 7]);
    expect(full).toBe(1);
    // Fresh again after 'unchanged': no load within the next TTL.
    await publicAnswer('p5', load, later + PUBLIC_CACHE_TTL_MS - 1);
    expect(told).toHaveLength(2);
    // A write drops the entry: the next answer is read whole, whatever revision was held.
    invalidatePublic('p5');
    await publicAnswer('p5', load, later + 1);
    expect(told).toEqual([null, 7, null]);
    expect(full).toBe(2);
  });
});
