import { createDefaultProject, createLayer, toDoc, toJson } from '@beamstage/layers';
import type { Layer, LayerId, ProjectId, ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { applyToJson, commandFor, operationFor } from './project-edits';

const layer = (id: string, x: number) => ({ ...(createLayer('image', { id: id as LayerId, nowMs: 0 }) as Layer), x });

describe('restore-backup edit', () => {
  it('replaces layers and canvas with the backup, and is one undo step', () => {
    const now = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    now.layers = [layer('a', 10), layer('c', 30)];
    const backup: ProjectJson = JSON.parse(JSON.stringify(now)) as ProjectJson;
    backup.layers = [layer('a', 99), layer('b', 20)];
    backup.canvas = { ...backup.canvas, width: 1024 };
    const restored = applyToJson(now, operationFor({ kind: 'restore-backup', project: backup }));
    expect(restored.layers.map((l) => [l.id, l.x]).sort()).toEqual([
      ['a', 99],
      ['b', 20],
    ]);
    expect(restored.canvas.width).toBe(1024);
    // Undo through the recorded command brings the pre-restore state back.
    const command = commandFor({ kind: 'restore-backup', project: backup });
    const doc = toDoc(now);
    command.execute(doc);
    expect(Object.keys(doc.layers).sort()).toEqual(['a', 'b']);
    command.undo(doc);
    const undone = toJson(doc);
    expect(undone.layers.map((l) => [l.id, l.x]).sort()).toEqual([
      ['a', 10],
      ['c', 30],
    ]);
    expect(undone.canvas.width).toBe(now.canvas.width);
  });
});
