import * as Automerge from '@automerge/automerge';
import { describe, expect, it } from 'vitest';
import { createLayer } from '../schema/defaults';
import type { ProjectDoc } from './doc';
import { toJson } from './doc';
import type { LayerId, SceneId } from '../schema/ids';
import { createJsonExporter } from './json-exporter';
import { addLayer, moveLayer, removeLayer, updateCanvas, updateLayer } from '../commands/layer-ops';
import { createSceneCommand } from '../scenes/scene-commands';
import { buildProjectDoc } from '../testing';

const L = (s: string) => s as LayerId;
const fromDoc = (doc: ProjectDoc) => Automerge.from(doc as unknown as Record<string, unknown>) as Automerge.Doc<ProjectDoc>;

/** Changes in the order a live session might make them, each as one Automerge change. */
const changes: ((d: ProjectDoc) => void)[] = [
  (d) => void updateLayer(d, L('L0'), { x: 42, opacity: 0.5 }),
  (d) => void addLayer(d, createLayer('url', { id: L('u1') })),
  (d) => void moveLayer(d, L('u1'), 2),
  (d) =>
    void updateLayer(d, L('L1'), {
      warp: {
        enabled: true,
        points: [
          { x: 1, y: 2 },
          { x: 3, y: 4 },
          { x: 5, y: 6 },
          { x: 7, y: 8 },
        ],
      },
    }),
  (d) => void createSceneCommand('scene_1' as SceneId, '2026-11-23T00:00:00.000Z', 'Act 1').execute(d),
  (d) => void updateCanvas(d, { width: 1024 }),
  (d) => void (d.metadata.name = 'Renamed'),
  (d) =>
    void (d.warpPoints = [
      { x: 0, y: 0 },
      { x: 9, y: 0 },
      { x: 9, y: 9 },
      { x: 0, y: 9 },
    ]),
  (d) => void removeLayer(d, L('L0')),
];

describe('createJsonExporter', () => {
  it('gives what toJson gives after every change, reusing the copies of what a change did not touch', () => {
    let doc = fromDoc(buildProjectDoc(['image', 'video', 'html']));
    const exportDoc = createJsonExporter();
    let previous = exportDoc(doc);
    expect(previous).toEqual(toJson(doc));
    let reused = 0;
    for (const change of changes) {
      const before = doc;
      doc = Automerge.change(doc, change);
      const next = exportDoc(doc);
      expect(next).toEqual(toJson(doc));
      // A layer the change left alone (the snapshot kept its object) is the same copy as before.
      const copies = new Map(previous.layers.map((l) => [l.id, l]));
      for (const layer of next.layers) {
        if (before.layers[layer.id] !== doc.layers[layer.id]) continue;
        expect(layer, `change ${changes.indexOf(change)}, layer ${layer.id}`).toBe(copies.get(layer.id));
        reused++;
      }
      previous = next;
    }
    expect(reused).toBeGreaterThan(changes.length);
    expect(previous.metadata.name).toBe('Renamed');
  });

  it('hands out frozen copies, so a caller cannot change what later exports reuse', () => {
    const doc = fromDoc(buildProjectDoc(['image']));
    const exported = createJsonExporter()(doc);
    expect(Object.isFrozen(exported.layers[0])).toBe(true);
    expect(Object.isFrozen(exported.layers[0]!.warp.points)).toBe(true);
    expect(Object.isFrozen(exported.canvas)).toBe(true);
    expect(() => {
      (exported.layers[0] as { x: number }).x = 1;
    }).toThrow(TypeError);
    // The lists around the copies are the caller's own.
    exported.layers.push(exported.layers[0]!);
    expect(createJsonExporter()(doc).layers).toHaveLength(1);
  });

  it('carries the history it is given, as toJson does', () => {
    const doc = fromDoc(buildProjectDoc(['image']));
    const history = { commands: [{ type: 'addLayer', description: 'Add' }], currentIndex: 0 };
    expect(createJsonExporter()(doc, history)).toEqual(toJson(doc, history));
  });
});
