import { createDefaultProject, createLayer, type ProjectJson } from '@beamstage/layers';
import type { OfflineState } from '@beamstage/sync/browser';
import { describe, expect, it } from 'vitest';
import { createOfflineKeeper } from './offline-keeper';
import type { OfflinePlan } from './offline-plan';

/** Manual timers: `flush()` runs what is due. */
function manualTimers() {
  let next = 1;
  const due = new Map<number, () => void>();
  return {
    set: (fn: () => void) => {
      due.set(next, fn);
      return next++;
    },
    clear: (handle: unknown) => void due.delete(handle as number),
    flush() {
      const fns = [...due.values()];
      due.clear();
      for (const fn of fns) fn();
    },
    pending: () => due.size,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function project(layers: ProjectJson['layers'] = []): ProjectJson {
  return { ...createDefaultProject({ id: 'prj_1' as never, nowMs: 0, name: 'Show' }), layers };
}

function image(src: string): ProjectJson['layers'][number] {
  const layer = createLayer('image', { id: src as never, name: src });
  layer.content = { src };
  return layer;
}

describe('offline keeper', () => {
  it('keeps the project the wall shows after a live edit, not only the copy it loaded', async () => {
    const timers = manualTimers();
    const fills: OfflinePlan[] = [];
    const states: OfflineState[] = [];
    const keeper = createOfflineKeeper({
      base: 'https://studio.example/projector/prj_1',
      delayMs: 2000,
      fill: async (plan) => {
        fills.push(plan);
        return [];
      },
      report: (state) => states.push(state),
      timers,
    });
    keeper.keep(project());
    // A layer arrives live before the first fill: the fill is for the latest state.
    keeper.keep(project([image('/media/a.png')]));
    expect(timers.pending()).toBe(1);
    timers.flush();
    await settle();
    expect(fills.map((f) => f.media)).toEqual([['https://studio.example/media/a.png']]);
    expect(states).toEqual(['caching', 'ready']);

    // A later edit: 'caching' at once (an offline restart would show the older wall), then ready.
    keeper.keep(project([image('/media/a.png'), image('/media/b.png')]));
    expect(states.at(-1)).toBe('caching');
    timers.flush();
    await settle();
    expect(fills.at(-1)?.media).toEqual(['https://studio.example/media/a.png', 'https://studio.example/media/b.png']);
    expect(states.at(-1)).toBe('ready');
  });

  it('runs one fill at a time, the last one for the newest project; a failure says off', async () => {
    const timers = manualTimers();
    const started: string[][] = [];
    const finish: Array<(failed: string[]) => void> = [];
    const states: OfflineState[] = [];
    const keeper = createOfflineKeeper({
      base: 'https://studio.example/',
      delayMs: 10,
      fill: (plan) =>
        new Promise((resolve) => {
          started.push(plan.media);
          finish.push(resolve);
        }),
      report: (state) => states.push(state),
      timers,
    });
    keeper.keep(project([image('/a.png')]));
    timers.flush();
    await settle();
    keeper.keep(project([image('/b.png')]));
    timers.flush();
    await settle();
    // The second waits for the first.
    expect(started).toEqual([['https://studio.example/a.png']]);
    finish[0]!([]);
    await settle();
    await settle();
    expect(started).toEqual([['https://studio.example/a.png'], ['https://studio.example/b.png']]);
    finish[1]!(['https://studio.example/b.png']);
    await settle();
    expect(states.at(-1)).toBe('off');
  });

  it('does not fill again for an unchanged project', async () => {
    const timers = manualTimers();
    let fills = 0;
    const keeper = createOfflineKeeper({
      base: 'https://studio.example/',
      delayMs: 10,
      fill: async () => {
        fills += 1;
        return [];
      },
      report: () => {},
      timers,
    });
    const same = project([image('/a.png')]);
    keeper.keep(same);
    timers.flush();
    await settle();
    keeper.keep(structuredClone(same));
    timers.flush();
    await settle();
    expect(fills).toBe(1);
  });
});
