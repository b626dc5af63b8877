import { buildProjectJson } from '@beamstage/layers/testing';
import type { Scene, SceneId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { createThumbnailQueue, THUMBNAIL_THROTTLE_MS } from './thumbnail-queue';

const scene = (id: string, modified = 't0'): Scene => {
  const p = buildProjectJson(['image']);
  return {
    id: id as SceneId,
    name: id,
    description: '',
    layers: p.layers,
    canvas: p.canvas,
    warpPoints: p.warpPoints,
    created: 't0',
    modified,
    metadata: { created: 't0', modified },
  };
};

function setup() {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const rendered: string[] = [];
  const shown: [string, string | null][] = [];
  const resolvers: (() => void)[] = [];
  const queue = createThumbnailQueue({
    render: (s) => {
      rendered.push(`${s.id}@${now}`);
      return new Promise((resolve) => resolvers.push(() => resolve(`data:${s.id}:${s.modified}`)));
    },
    onThumbnail: (id, url) => shown.push([id, url]),
    setTimer: (fn, ms) => timers.push({ at: now + ms, fn }),
    clearTimer: () => undefined,
  });
  const advance = async (ms: number) => {
    now += ms;
    for (let t = timers.findIndex((x) => x.at <= now); t >= 0; t = timers.findIndex((x) => x.at <= now)) timers.splice(t, 1)[0]!.fn();
    await Promise.resolve();
  };
  const finishRender = async () => {
    resolvers.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { queue, rendered, shown, advance, finishRender };
}

describe('scene thumbnail queue', () => {
  it('renders each scene once, one at a time, spaced by the throttle; again only when it changes', async () => {
    const { queue, rendered, shown, advance, finishRender } = setup();
    queue.update([scene('a'), scene('b')]);
    await advance(0);
    expect(rendered).toEqual(['a@0']);
    queue.update([scene('a'), scene('b')]);
    await advance(0);
    expect(rendered).toEqual(['a@0']);
    await finishRender();
    await advance(THUMBNAIL_THROTTLE_MS - 1);
    expect(rendered).toEqual(['a@0']);
    await advance(1);
    expect(rendered).toEqual(['a@0', `b@${THUMBNAIL_THROTTLE_MS}`]);
    await finishRender();
    expect(shown).toEqual([
      ['a', 'data:a:t0'],
      ['b', 'data:b:t0'],
    ]);
    expect(queue.busy()).toBe(false);
    queue.update([scene('a'), scene('b')]);
    await advance(1000);
    expect(rendered).toHaveLength(2);
    // A scene updated (newer modified time) renders again; a deleted one is dropped.
    queue.update([scene('a', 't1')]);
    await advance(0);
    expect(shown.at(-1)).toEqual(['b', null]);
    expect(rendered.at(-1)).toMatch(/^a@/);
    await finishRender();
    expect(shown.at(-1)).toEqual(['a', 'data:a:t1']);
  });

  it('a scene changing while its picture renders is rendered again with the latest state', async () => {
    const { queue, rendered, shown, advance, finishRender } = setup();
    queue.update([scene('a')]);
    await advance(0);
    queue.update([scene('a', 't1')]);
    queue.update([scene('a', 't2')]);
    await finishRender();
    await advance(THUMBNAIL_THROTTLE_MS);
    expect(rendered).toHaveLength(2);
    await finishRender();
    expect(shown.map((s) => s[1])).toEqual(['data:a:t0', 'data:a:t2']);
  });
});
