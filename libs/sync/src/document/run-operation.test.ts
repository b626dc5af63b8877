// runOperation runs operations on a copy-on-write draft of the plain snapshot and replays their
// writes into one Automerge change: these tests hold it to the result of running the same
// operations directly on a plain document, and to the invariants after every change and merge.
import { next as A } from '@automerge/automerge';
import { Repo, type DocHandle } from '@automerge/automerge-repo';
import {
  addLayer,
  checkInvariants,
  cloneJson,
  createLayer,
  duplicateLayer,
  moveLayer,
  normalizeDoc,
  removeLayer,
  setLayerWarpPoints,
  updateLayer,
  type LayerId,
  type ProjectDoc,
} from '@beamstage/layers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSyncProjectJson } from '../testing';
import { createProjectDoc, normalizeOnRemoteChange, runOperation, type ProjectOperation } from './project-document';

const RUNS = Number(process.env['PROP_RUNS'] ?? 30);
const settle = () => new Promise((r) => setTimeout(r, 0));
const TYPES = ['image', 'html', 'mask', 'dom_mask', 'video', 'url'] as const;

type Step =
  | { k: 'add'; type: (typeof TYPES)[number] }
  | { k: 'remove' | 'dup'; pick: number }
  | { k: 'move'; pick: number; to: number }
  | { k: 'update'; pick: number; x: number; rot: number }
  | { k: 'warp'; pick: number; x: number }
  | { k: 'raw-order'; pick: number; order: string }
  | { k: 'raw-type'; pick: number; type: (typeof TYPES)[number] }
  | { k: 'raw-points'; pick: number; n: number }
  | { k: 'splice-project-warp'; at: number; del: number }
  | { k: 'mesh'; at: number; del: number; add: number }
  | { k: 'keyframe'; value: number }
  | { k: 'timeline'; duration: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ k: fc.constant('add' as const), type: fc.constantFrom(...TYPES) }),
  fc.record({ k: fc.constantFrom('remove' as const, 'dup' as const), pick: fc.nat(9) }),
  fc.record({ k: fc.constant('move' as const), pick: fc.nat(9), to: fc.integer({ min: -1, max: 12 }) }),
  fc.record({ k: fc.constant('update' as const), pick: fc.nat(9), x: fc.integer({ min: -50, max: 900 }), rot: fc.constantFrom(0, 0, 45) }),
  fc.record({ k: fc.constant('warp' as const), pick: fc.nat(9), x: fc.integer({ min: 0, max: 400 }) }),
  // Raw writes that break invariants on purpose: runOperation must repair them in the same change.
  fc.record({ k: fc.constant('raw-order' as const), pick: fc.nat(9), order: fc.constantFrom('0', 'V', 'zz', '!', '1') }),
  fc.record({ k: fc.constant('raw-type' as const), pick: fc.nat(9), type: fc.constantFrom(...TYPES) }),
  fc.record({ k: fc.constant('raw-points' as const), pick: fc.nat(9), n: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ k: fc.constant('splice-project-warp' as const), at: fc.nat(4), del: fc.nat(3) }),
  // A free-length array in place (mesh points): inserts, removals and replacements by index.
  fc.record({ k: fc.constant('mesh' as const), at: fc.nat(6), del: fc.nat(4), add: fc.nat(3) }),
  fc.record({ k: fc.constant('mesh' as const), at: fc.nat(6), del: fc.nat(4), add: fc.nat(3) }),
  fc.record({ k: fc.constant('keyframe' as const), value: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ k: fc.constant('timeline' as const), duration: fc.integer({ min: -100, max: 60_000 }) }),
);

let seq = 0;
/** The operation for a step, picking layers by sorted id so both sides pick the same one. */
function operationFor(s: Step, doc: ProjectDoc): ProjectOperation {
  const ids = Object.keys(doc.layers).sort();
  const id = 'pick' in s && ids.length ? ids[s.pick % ids.length]! : 'none';
  const n = ++seq;
  switch (s.k) {
    case 'add':
      return (d) => void addLayer(d, createLayer(s.type, { id: `A${n}` as LayerId }));
    case 'remove':
      return (d) => void removeLayer(d, id);
    case 'dup':
      return (d) => void duplicateLayer(d, id, { newId: `D${n}` as LayerId });
    case 'move':
      return (d) => void moveLayer(d, id, s.to);
    case 'update':
      return (d) => void updateLayer(d, id, { x: s.x, rotation: s.rot, name: `n${n}` });
    case 'warp':
      return (d) =>
        void setLayerWarpPoints(d, id, [
          { x: s.x, y: 0 },
          { x: s.x + 9, y: 0 },
          { x: s.x + 9, y: 9 },
          { x: s.x, y: 9 },
        ]);
    case 'raw-order':
      return (d) => {
        if (d.layers[id]) d.layers[id].order = s.order;
      };
    case 'raw-type':
      return (d) => {
        if (d.layers[id]) d.layers[id].type = s.type;
      };
    case 'raw-points':
      return (d) => {
        if (d.layers[id]) d.layers[id].warp.points = Array.from({ length: s.n }, (_, i) => ({ x: i, y: i }));
      };
    case 'splice-project-warp':
      return (d) => void d.warpPoints.splice(s.at, s.del, { x: 1, y: 2 });
    case 'mesh':
      // Always the first layer, so that later steps shrink what earlier ones grew.
      return (d) => {
        const mesh = ids[0] ? d.layers[ids[0]]?.warp.meshPoints : undefined;
        if (!mesh) return;
        if (mesh.length < 3) mesh.push({ x: n, y: 0 }, { x: n, y: 1 }, { x: n, y: 2 });
        else mesh.splice(s.at, s.del, ...Array.from({ length: s.add }, (_, i) => ({ x: n, y: 10 + i })));
      };
    case 'keyframe':
      return (d) => {
        const kf = d.timeline.keyframes['kf_1_1'];
        if (kf) kf.value = s.value;
      };
    case 'timeline':
      return (d) => void (d.timeline.duration = s.duration);
  }
}

async function withHandle<T>(fn: (handle: DocHandle<ProjectDoc>, repo: Repo) => Promise<T> | T): Promise<T> {
  const repo = new Repo({});
  try {
    return await fn(createProjectDoc(repo, buildSyncProjectJson({ layers: 4, keyframesPerLayer: 3 })), repo);
  } finally {
    await repo.shutdown();
  }
}

describe('runOperation', () => {
  it('gives the document that running the operation and normalizeDoc on a plain object gives, one change per write', async () => {
    const repo = new Repo({});
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const handle = createProjectDoc(repo, buildSyncProjectJson({ layers: 4, keyframesPerLayer: 3 }));
        const plain = cloneJson(handle.doc()); // order keys included
        for (const s of steps) {
          const op = operationFor(s, plain);
          const docBefore = handle.doc();
          const plainBefore = JSON.stringify(plain);
          op(plain);
          normalizeDoc(plain);
          runOperation(handle, op);
          // One change when the plain side changed. (An operation whose write the normalise undoes,
          // say a duration of -100 clamped back to 1000, still records its one change.)
          const wrote = JSON.stringify(plain) !== plainBefore;
          const made = A.getChanges(docBefore, handle.doc()).length;
          expect(made).toBe(wrote ? 1 : made === 0 ? 0 : 1);
          expect(checkInvariants(handle.doc())).toEqual([]);
          expect(cloneJson(handle.doc())).toEqual(plain);
        }
      }),
      { numRuns: RUNS },
    );
    await repo.shutdown();
  });

  it('repairs an operation that breaks an invariant in the same change', async () => {
    await withHandle((handle) => {
      const before = handle.doc();
      runOperation(handle, (d) => {
        d.layers['L0']!.order = 'zzz'; // L0 below every other layer...
        d.layers['L9'] = { ...createLayer('html', { id: 'L9' as LayerId }), order: 'zzzz' }; // ...and an html layer at the very bottom
        d.warpPoints.splice(0, 2);
      });
      expect(A.getChanges(before, handle.doc())).toHaveLength(1);
      expect(checkInvariants(handle.doc())).toEqual([]);
      expect(handle.doc().warpPoints).toHaveLength(4);
      expect(Object.keys(handle.doc().layers).sort()).toEqual(['L0', 'L1', 'L2', 'L3', 'L9']);
    });
  });

  it('makes no change when the operation writes nothing', async () => {
    await withHandle((handle) => {
      const heads = A.getHeads(handle.doc());
      const x = handle.doc().layers['L1']!.x;
      runOperation(handle, (d) => void updateLayer(d, 'L1', { x }));
      runOperation(handle, (d) => void moveLayer(d, 'L1', 1));
      expect(A.getHeads(handle.doc())).toEqual(heads);
    });
  });

  it('writes objects taken from the snapshot as copies, and keeps value types such as ImmutableString', async () => {
    await withHandle((handle) => {
      runOperation(handle, (d) => {
        // A whole layer copied from another one: its nested objects are the snapshot's own.
        d.layers['C'] = { ...d.layers['L1']!, id: 'C' as LayerId, order: 'zV' };
        (d.metadata as unknown as Record<string, unknown>)['note'] = new A.ImmutableString('one value, not text');
      });
      const doc = handle.doc();
      expect(doc.layers['C']!.warp).toEqual(doc.layers['L1']!.warp);
      expect((doc.metadata as unknown as Record<string, unknown>)['note']).toBeInstanceOf(A.ImmutableString);
      runOperation(handle, (d) => void (d.layers['C']!.warp.points[0]!.x = 12345));
      expect(handle.doc().layers['L1']!.warp.points[0]!.x).not.toBe(12345);
      expect(checkInvariants(handle.doc())).toEqual([]);
    });
  });

  it('makes no change when the operation throws', async () => {
    await withHandle((handle) => {
      const heads = A.getHeads(handle.doc());
      expect(() =>
        runOperation(handle, (d) => {
          d.layers['L0']!.x = 5;
          throw new Error('half done');
        }),
      ).toThrow('half done');
      expect(A.getHeads(handle.doc())).toEqual(heads);
      expect(handle.doc().layers['L0']!.x).not.toBe(5);
    });
  });
});

describe('normalizeOnRemoteChange', () => {
  it('restores the invariants after merging concurrent operations, and every replica converges', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 6 }), fc.array(step, { maxLength: 6 }), async (left, right) => {
        const repo = new Repo({});
        try {
          const a = createProjectDoc(repo, buildSyncProjectJson({ layers: 4, keyframesPerLayer: 2 }));
          const b = repo.create<ProjectDoc>(A.clone(a.doc()));
          // Each side edits its own fork through runOperation; the forks then merge both ways.
          for (const s of left) runOperation(a, operationFor(s, a.doc()));
          for (const s of right) runOperation(b, operationFor(s, b.doc()));
          const stopA = normalizeOnRemoteChange(a);
          const stopB = normalizeOnRemoteChange(b);
          a.merge(b);
          b.merge(a);
          await settle();
          await settle();
          expect(checkInvariants(a.doc())).toEqual([]);
          expect(checkInvariants(b.doc())).toEqual([]);
          // Each side's normalise writes reach the other; then both agree and stay healthy.
          a.merge(b);
          b.merge(a);
          await settle();
          await settle();
          a.merge(b);
          b.merge(a);
          expect(A.getHeads(a.doc()).sort()).toEqual(A.getHeads(b.doc()).sort());
          expect(checkInvariants(a.doc())).toEqual([]);
          stopA();
          stopB();
        } finally {
          await repo.shutdown();
        }
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it('normalises a merge of two concurrent reorders that put a DOM layer below a canvas layer', async () => {
    await withHandle(async (handle) => {
      const stop = normalizeOnRemoteChange(handle);
      const base = A.clone(handle.doc());
      // L9 (html) goes to the top on one peer; on the other, concurrently, L0 (image) goes to the top.
      const a = A.change(A.clone(base), (d) => {
        d.layers['L9'] = { ...createLayer('html', { id: 'L9' as LayerId }), order: '1' };
      });
      const b = A.change(A.clone(base), (d) => void (d.layers['L0']!.order = '0V'));
      expect(checkInvariants(A.merge(A.clone(a), b)).length).toBeGreaterThan(0);
      handle.update((doc) => A.merge(A.merge(doc, a), b));
      await settle();
      expect(checkInvariants(handle.doc())).toEqual([]);
      stop();
    });
  });
});
