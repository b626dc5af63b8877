import * as Automerge from '@automerge/automerge';
import type { ProjectDoc } from '@beamstage/layers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAdditions, type AdditionBatch, type BuildAdditionsTask } from '../workers/build-additions';
import { createDocCache } from '../workers/doc-cache';
import { createWorkerBases } from './worker-base';

// Counts the whole-document saves made here (the api's thread in the server).
vi.mock('@automerge/automerge', async (importOriginal) => {
  const actual = await importOriginal<typeof Automerge>();
  return { ...actual, save: vi.fn(actual.save) };
});
const saves = vi.mocked(Automerge.save);

type Doc = { layers: Record<string, { id: string }>; timeline: { keyframes: Record<string, unknown> } };
const batch = (prefix: string, n: number): AdditionBatch => ({
  path: ['layers'],
  entries: Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { id: `${prefix}${i}` }])),
});

describe('createWorkerBases', () => {
  let cache = createDocCache({ maxDocs: 4, maxBytes: 1 << 30 });
  let sent: BuildAdditionsTask[] = [];
  // The worker, in process: what it is sent and what it answers are the real thing.
  const worker = async (task: BuildAdditionsTask) => {
    sent.push(structuredClone(task));
    return buildAdditions(task, cache);
  };
  let api: Automerge.Doc<Doc>;
  const write = async (bases: ReturnType<typeof createWorkerBases>, prefix: string, apply = Infinity) => {
    const changes = await bases.build('p', api as unknown as ProjectDoc, [batch(prefix, 2), batch(`${prefix}_`, 2)]);
    api = Automerge.applyChanges(api, changes.slice(0, apply))[0];
    // The write's final change, on the api's thread.
    api = Automerge.change(api, (d) => void (d.layers[`${prefix}_final`] = { id: `${prefix}_final` }));
  };
  beforeEach(() => {
    cache = createDocCache({ maxDocs: 4, maxBytes: 1 << 30 });
    sent = [];
    api = Automerge.from<Doc>({ layers: { a: { id: 'a' } }, timeline: { keyframes: {} } });
    saves.mockClear();
  });

  it('sends the whole base once, then only the changes since the worker’s copy: no whole save on a second write', async () => {
    const bases = createWorkerBases(worker);
    await write(bases, 'n');
    expect(saves).toHaveBeenCalledTimes(1);
    await write(bases, 'm');
    await write(bases, 'o');
    expect(saves).toHaveBeenCalledTimes(1);
    expect(sent.map((t) => ('whole' in t.base ? 'whole' : 'since'))).toEqual(['whole', 'since', 'since']);
    expect(Object.keys(api.layers).sort()).toEqual(
      ['a', 'm0', 'm1', 'm_0', 'm_1', 'm_final', 'n0', 'n1', 'n_0', 'n_1', 'n_final', 'o0', 'o1', 'o_0', 'o_1', 'o_final'].sort(),
    );
  });

  it('sends the whole base, once, after the worker answers that it lacks the project (replaced, evicted)', async () => {
    const bases = createWorkerBases(worker);
    await write(bases, 'n');
    cache = createDocCache({ maxDocs: 4, maxBytes: 1 << 30 });
    await write(bases, 'm');
    expect(sent.map((t) => ('whole' in t.base ? 'whole' : 'since'))).toEqual(['whole', 'since', 'whole']);
    expect(saves).toHaveBeenCalledTimes(2);
    expect(api.layers['m_1']).toEqual({ id: 'm_1' });
    // And the copy made from it serves the next write.
    await write(bases, 'o');
    expect(saves).toHaveBeenCalledTimes(2);
  });

  it('sends the whole base straight away when the api lacks the heads the worker answered (a batch not applied)', async () => {
    const bases = createWorkerBases(worker);
    await write(bases, 'n', 1);
    await write(bases, 'm');
    expect(sent.map((t) => ('whole' in t.base ? 'whole' : 'since'))).toEqual(['whole', 'whole']);
    expect(Automerge.getMissingDeps(api, [])).toEqual([]);
    expect(api.layers['m_1']).toEqual({ id: 'm_1' });
  });

  it('sends the whole base after a forgotten project, and after the worker failed', async () => {
    const bases = createWorkerBases(worker);
    await write(bases, 'n');
    bases.forget('p');
    await write(bases, 'm');
    // A worker that fails (crashed after building, busy): its answer, and so its copy, is unknown.
    let fail = false;
    const flaky = createWorkerBases(async (task) => {
      if (fail) throw new Error('worker crashed');
      return worker(task);
    });
    await write(flaky, 'o');
    fail = true;
    await expect(flaky.build('p', api as unknown as ProjectDoc, [batch('x', 1)])).rejects.toThrow('worker crashed');
    fail = false;
    await write(flaky, 'q');
    expect(sent.map((t) => ('whole' in t.base ? 'whole' : 'since'))).toEqual(['whole', 'whole', 'whole', 'whole']);
    expect(api.layers['q_1']).toEqual({ id: 'q_1' });
  });
});
