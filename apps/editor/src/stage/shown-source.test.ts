import { buildProjectJson } from '@beamstage/layers/testing';
import type { KeyframeId, ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../state/editor-store';
import { mapSource, sameFields, samePoints, storeField } from '../state/source';
import { sameLayerRows } from '../panels/layers/same-layer-rows';
import { createShownSource } from './shown-source';

// valtio tells subscribers after the current task's microtasks.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(keyed: boolean) {
  const project: ProjectJson = buildProjectJson(['image', 'image']);
  project.timeline.duration = 3000;
  project.timeline.playEndTime = 3000;
  if (keyed) {
    project.timeline.keyframes = [
      { id: 'a' as KeyframeId, layerId: 'L0', property: 'x', time: 0, value: 0, easing: 'linear' },
      { id: 'b' as KeyframeId, layerId: 'L0', property: 'x', time: 3000, value: 300, easing: 'linear' },
    ];
  }
  const store = createEditorStore();
  store.project = project;
  const source = createShownSource(store);
  let heard = 0;
  const off = source.subscribe(() => heard++);
  return { store, source, heard: () => heard, off };
}

describe('the shown project as a source (the stage follows it outside React)', () => {
  it('shows the evaluated instant at the playhead and tells its listeners once per change', async () => {
    const { store, source, heard } = setup(true);
    expect(source.get()!.layers[0]!.x).toBe(0);
    store.playhead = 1500;
    await settle();
    expect(heard()).toBe(1);
    expect(source.get()!.layers[0]!.x).toBeCloseTo(150, 6);
    // A layer without keyframes keeps its identity: slices of it do not change.
    const first = source.get()!;
    store.playhead = 2000;
    await settle();
    expect(heard()).toBe(2);
    expect(source.get()!.layers[1]).toBe(first.layers[1]);
    expect(source.get()!.layers[0]).not.toBe(first.layers[0]);
  });

  it('does not tell its listeners about changes it does not show (selection, overlays, a playhead over no keyframes)', async () => {
    const { store, source, heard } = setup(false);
    const before = source.get();
    store.selectedLayerId = 'L1';
    store.overlay = 'palette';
    store.playhead = 1200;
    await settle();
    expect(heard()).toBe(0);
    expect(source.get()).toBe(before);
  });

  it('puts our own drag and others’ drags on top of the document, which is unchanged', async () => {
    const { store, source, heard } = setup(false);
    store.dragPreview = { target: 'L1', values: { x: 42, y: 7 } };
    await settle();
    expect(heard()).toBe(1);
    expect(source.get()!.layers[1]).toMatchObject({ x: 42, y: 7 });
    expect(store.project!.layers[1]!.x).not.toBe(42);
    store.dragPreview = null;
    store.remoteDrags = { L0: { x: 5 } };
    await settle();
    expect(source.get()!.layers[0]!.x).toBe(5);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const { store, heard, off } = setup(true);
    off();
    store.playhead = 900;
    await settle();
    expect(heard()).toBe(0);
  });
});

describe('sources and slices', () => {
  it('a store field source hears only that field', async () => {
    const store = createEditorStore();
    const playhead = storeField(store, 'playhead');
    let heard = 0;
    playhead.subscribe(() => heard++);
    store.selectedLayerId = 'x';
    await settle();
    expect(heard).toBe(0);
    store.playhead = 10;
    await settle();
    expect(heard).toBe(1);
    expect(playhead.get()).toBe(10);
  });

  it('a mapped source recomputes only for a new input or a refresh', () => {
    let value = 1;
    let listener: (() => void) | null = null;
    const base = { get: () => value, subscribe: (l: () => void) => ((listener = l), () => (listener = null)) };
    let runs = 0;
    const mapped = mapSource(base, (v) => (runs++, { v }));
    const a = mapped.get();
    expect(mapped.get()).toBe(a);
    value = 2;
    expect(mapped.get()).toEqual({ v: 2 });
    let heard = 0;
    const off = mapped.subscribe(() => heard++);
    mapped.refresh();
    expect(heard).toBe(1);
    expect(mapped.get()).toEqual({ v: 2 });
    expect(runs).toBe(3);
    off();
    expect(listener).toBeNull();
  });

  it("a blend's new canvas and warp objects with the same values are the same slice", () => {
    expect(sameFields({ width: 800, height: 600, background: '#000' }, { width: 800, height: 600, background: '#000' })).toBe(true);
    expect(sameFields({ width: 800, height: 600 }, { width: 801, height: 600 })).toBe(false);
    expect(sameFields({ width: 800 } as Record<string, number>, { width: 800, height: 600 })).toBe(false);
    expect(
      samePoints(
        [
          { x: 0, y: 0 },
          { x: 1, y: 2 },
        ],
        [
          { x: 0, y: 0 },
          { x: 1, y: 2 },
        ],
      ),
    ).toBe(true);
    expect(samePoints([{ x: 0, y: 0 }], [{ x: 0, y: 0.5 }])).toBe(false);
    expect(samePoints([{ x: 0, y: 0 }], [])).toBe(false);
  });

  it('the layers panel re-renders for a row it shows, not for a moved layer', () => {
    const layers = buildProjectJson(['image', 'image']).layers;
    expect(
      sameLayerRows(
        layers,
        layers.map((l) => ({ ...l, x: l.x + 10 })),
      ),
    ).toBe(true);
    expect(
      sameLayerRows(
        layers,
        layers.map((l, i) => (i === 1 ? { ...l, visible: !l.visible } : l)),
      ),
    ).toBe(false);
    expect(sameLayerRows(layers, [...layers].reverse())).toBe(false);
    expect(sameLayerRows(layers, layers.slice(1))).toBe(false);
  });
});
