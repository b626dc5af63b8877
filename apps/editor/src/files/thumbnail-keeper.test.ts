import { createDefaultProject, type ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { createThumbnailKeeper } from './thumbnail-keeper';
import { manualTimers } from '../services/manual-timers';

const project = (name: string): ProjectJson => createDefaultProject({ id: 'prj_1' as never, nowMs: 0, name });
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('thumbnail keeper', () => {
  it('draws once the document is quiet, the latest state, and keeps it', async () => {
    const timers = manualTimers();
    const drawnNames: string[] = [];
    const saved: string[] = [];
    const keeper = createThumbnailKeeper({
      render: async (p) => (drawnNames.push(p.metadata.name), `data:image/jpeg;base64,${p.metadata.name}`),
      save: async (url) => void saved.push(url),
      delayMs: 1500,
      ...timers,
    });
    const a = project('A');
    keeper.changed(a);
    keeper.changed(project('B'));
    keeper.changed(project('C'));
    expect(timers.pending()).toBe(1);
    timers.fire();
    await settle();
    expect(drawnNames).toEqual(['C']);
    expect(saved).toEqual(['data:image/jpeg;base64,C']);
  });

  it('flush draws what is pending at once; the same document is not drawn twice; undefined is not kept and tried once more', async () => {
    const timers = manualTimers();
    let draws = 0;
    const saved: string[] = [];
    const keeper = createThumbnailKeeper({
      render: async (p) => (draws++, p.metadata.name === 'blank' ? undefined : 'data:image/jpeg;base64,x'),
      save: async (url) => void saved.push(url),
      delayMs: 1500,
      ...timers,
    });
    const p = project('P');
    keeper.changed(p);
    await keeper.flush();
    expect(timers.pending()).toBe(0);
    keeper.changed(p);
    await keeper.flush();
    expect(draws).toBe(1);
    keeper.changed(project('blank'));
    await keeper.flush();
    expect(draws, 'the failed drawing and its one retry').toBe(3);
    expect(saved).toHaveLength(1);
    keeper.changed(project('later'));
    keeper.dispose();
    expect(timers.pending()).toBe(0);
  });

  it('a quiet-time drawing that failed is drawn again when the editor is left (the card kept no picture before)', async () => {
    const timers = manualTimers();
    let fail = true;
    const saved: string[] = [];
    const keeper = createThumbnailKeeper({
      render: async (p) => (fail ? undefined : `data:image/jpeg;base64,${p.metadata.name}`),
      save: async (url) => void saved.push(url),
      delayMs: 1500,
      ...timers,
    });
    keeper.changed(project('A'));
    timers.fire();
    await settle();
    expect(saved).toEqual([]);
    expect(timers.pending(), 'no retry on a timer').toBe(0);
    fail = false;
    await keeper.flush();
    expect(saved).toEqual(['data:image/jpeg;base64,A']);
  });

  it('a drawing that throws counts as failed and is retried by the flush', async () => {
    const timers = manualTimers();
    const saved: string[] = [];
    let throws = 1;
    const keeper = createThumbnailKeeper({
      render: async (p) => {
        if (throws-- > 0) throw new Error('The stage lost its GPU context and it did not come back');
        return `data:image/jpeg;base64,${p.metadata.name}`;
      },
      save: async (url) => void saved.push(url),
      delayMs: 1500,
      ...timers,
    });
    keeper.changed(project('A'));
    await keeper.flush();
    expect(saved).toEqual(['data:image/jpeg;base64,A']);
  });
});
