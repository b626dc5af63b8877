import * as Automerge from '@automerge/automerge';
import { Repo } from '@automerge/automerge-repo';
import { assignDeep, type ProjectDoc } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { withEntities } from './entity-maps';
import { applySlices, DELETES_PER_CHANGE, planSlices, SLICE_MIN_IDS } from './write-slices';

type Obj = Record<string, unknown>;
const layer = (id: string, x = 0) => ({ id, name: id, x, content: { src: `https://example.test/${id}.png` } });
const docWith = (layers: ReturnType<typeof layer>[]) =>
  ({ id: 'p', metadata: { name: 'P' }, layers: Object.fromEntries(layers.map((l) => [l.id, l])), timeline: { keyframes: {} } }) as unknown as ProjectDoc;
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `l${from + i}`);

describe('planSlices', () => {
  it('plans nothing for a write that changes fewer than SLICE_MIN_IDS entities', () => {
    const current = docWith(ids(100).map((id) => layer(id)));
    const target = docWith(ids(100).map((id, i) => layer(id, i < SLICE_MIN_IDS - 1 ? 5 : 0)));
    expect(planSlices(current, target).slices).toEqual([]);
  });

  it('cuts many deletions and changes into slices, leaving unchanged entities out', () => {
    const current = docWith(ids(300).map((id) => layer(id)));
    // 200 deleted, 20 changed, 80 untouched.
    const target = docWith(ids(100, 200).map((id, i) => layer(id, i < 20 ? 7 : 0)));
    const { slices } = planSlices(current, target);
    const removed = slices.flatMap((s) => s.remove);
    const written = slices.flatMap((s) => s.write);
    expect(removed.sort()).toEqual(ids(200).sort());
    expect(written.sort()).toEqual(ids(20, 200).sort());
    for (const s of slices) expect(s.remove.length).toBeLessThanOrEqual(DELETES_PER_CHANGE);
    expect(slices.filter((s) => s.remove.length > 0)).toHaveLength(Math.ceil(200 / DELETES_PER_CHANGE));
  });
});

describe('applySlices', () => {
  it('makes one change per slice, and the final change then writes only the rest: the result is the target', async () => {
    const repo = new Repo({ network: [] });
    const handle = repo.create<ProjectDoc>(docWith(ids(300).map((id) => layer(id))));
    const current = handle.doc();
    const target = { ...docWith(ids(150, 150).map((id, i) => layer(id, i < 30 ? 9 : 0))), metadata: { name: 'Renamed' } } as ProjectDoc;
    const { slices, settled } = planSlices(current, target);
    expect(slices.length).toBeGreaterThan(2);
    const before = Automerge.getAllChanges(handle.doc()).length;
    let turns = 0;
    const after = await applySlices(handle, slices, settled, target, async () => void turns++);
    expect(Automerge.getAllChanges(handle.doc()).length - before).toBe(slices.length);
    expect(turns).toBe(slices.length);
    // The final change has only the name left to write.
    handle.change((d) => assignDeep(d as unknown as Obj, target as unknown as Obj, after as unknown as Obj));
    expect(Automerge.getAllChanges(handle.doc()).length - before).toBe(slices.length + 1);
    expect(JSON.parse(JSON.stringify(handle.doc()))).toEqual(JSON.parse(JSON.stringify(target)));
  });

  it('keeps a live edit made between slices to a field the write did not change', async () => {
    const repo = new Repo({ network: [] });
    const handle = repo.create<ProjectDoc>(docWith(ids(200).map((id) => layer(id))));
    const current = handle.doc();
    // Deletes l0..l99 and moves l100..l199 (x 0 -> 3); a peer renames l150 meanwhile.
    const target = docWith(ids(100, 100).map((id) => layer(id, 3)));
    const { slices, settled } = planSlices(current, target);
    let live = false;
    const after = await applySlices(handle, slices, settled, target, async () => {
      if (live) return;
      live = true;
      handle.change((d) => void ((d.layers as unknown as Record<string, Obj>).l150!.name = 'renamed live'));
    });
    handle.change((d) => assignDeep(d as unknown as Obj, target as unknown as Obj, after as unknown as Obj));
    const layers = handle.doc().layers as unknown as Record<string, { name: string; x: number }>;
    expect(Object.keys(layers).sort()).toEqual(ids(100, 100).sort());
    expect(layers.l150).toMatchObject({ name: 'renamed live', x: 3 });
    expect(layers.l120).toMatchObject({ name: 'l120', x: 3 });
  });

  it("settles the entities that equal the target's (the final change need not compare them again), and leaves current untouched", () => {
    const current = docWith(ids(3).map((id) => layer(id)));
    const target = docWith([layer('l0'), layer('l1', 4), layer('l2')]);
    const { slices, settled } = planSlices(current, target);
    expect(slices).toEqual([]);
    const layers = (settled as unknown as { layers: Obj }).layers;
    expect(layers.l0).toBe((target as unknown as { layers: Obj }).layers.l0);
    expect(layers.l1).toBe((current as unknown as { layers: Obj }).layers.l1);
    expect((current as unknown as { layers: Obj }).layers.l0).not.toBe(layers.l0);
  });

  it('withEntities leaves current untouched, and is current itself without slices', () => {
    const current = docWith(ids(3).map((id) => layer(id)));
    const target = docWith([layer('l0', 1)]);
    const after = withEntities(current, target, [{ path: ['layers'], write: ['l0'], remove: ['l1'] }]) as unknown as { layers: Obj };
    expect(Object.keys(after.layers)).toEqual(['l0', 'l2']);
    expect(after.layers.l0).toEqual(layer('l0', 1));
    expect(Object.keys(current.layers)).toEqual(['l0', 'l1', 'l2']);
    expect(withEntities(current, target, [])).toBe(current);
  });
});
