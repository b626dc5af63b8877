// The timeline scope: keyframe, marker and settings edits are undoable per user like layer edits,
// and undo reverts only this command's own changes to the timeline block.
import * as Automerge from '@automerge/automerge';
import { describe, expect, it } from 'vitest';
import type { ProjectDoc } from '../document/doc';
import { CommandHistory } from './history';
import { recordCommand } from './recorded-command';
import { buildProjectDoc } from '../testing';
import type { Keyframe, KeyframeId, MarkerId } from '../schema/timeline-types';

const kf = (id: string, time: number, value: number): Keyframe & { order: string } => ({
  id: id as KeyframeId,
  layerId: 'L0',
  property: 'x',
  time,
  value,
  easing: 'linear',
  order: id,
});

const moveKeyframe = (id: string, time: number) =>
  recordCommand('moveKeyframe', 'Move keyframe', { timeline: true, layout: false }, (doc: ProjectDoc) => {
    const k = doc.timeline.keyframes[id];
    if (k) k.time = time;
  });

function project(): ProjectDoc {
  const doc = buildProjectDoc(['image']);
  doc.timeline.keyframes['k1'] = kf('k1', 0, 0);
  doc.timeline.keyframes['k2'] = kf('k2', 1000, 100);
  return doc;
}

describe('timeline scope', () => {
  it('undo of a keyframe drag puts it back; redo moves it again', () => {
    const doc = project();
    const h = new CommandHistory();
    h.execute(doc, moveKeyframe('k2', 2500));
    expect(doc.timeline.keyframes['k2']!.time).toBe(2500);
    h.undo(doc);
    expect(doc.timeline.keyframes['k2']!.time).toBe(1000);
    h.redo(doc);
    expect(doc.timeline.keyframes['k2']!.time).toBe(2500);
  });

  it("a collaborator's keyframe, marker and later fps change survive my undo", () => {
    const doc = project();
    const h = new CommandHistory();
    h.execute(doc, moveKeyframe('k1', 300));
    doc.timeline.keyframes['k3'] = kf('k3', 700, 5);
    doc.timeline.fps = 24;
    h.undo(doc);
    expect(doc.timeline.keyframes['k1']!.time).toBe(0);
    expect(doc.timeline.keyframes['k3']!.time).toBe(700);
    expect(doc.timeline.fps).toBe(24);
  });

  it('an added keyframe is removed by undo and comes back on redo, also on an Automerge document', () => {
    const add = recordCommand('addKeyframe', 'Add keyframe', { timeline: true, layout: false }, (doc: ProjectDoc) => {
      doc.timeline.keyframes['k9'] = kf('k9', 1500, 42);
    });
    let am = Automerge.from(project() as unknown as Record<string, unknown>) as unknown as Automerge.Doc<ProjectDoc>;
    const h = new CommandHistory();
    am = Automerge.change(am, (d) => h.execute(d as ProjectDoc, add));
    expect(am.timeline.keyframes['k9']?.value).toBe(42);
    am = Automerge.change(am, (d) => h.undo(d as ProjectDoc));
    expect(am.timeline.keyframes['k9']).toBeUndefined();
    am = Automerge.change(am, (d) => h.redo(d as ProjectDoc));
    expect(am.timeline.keyframes['k9']?.time).toBe(1500);
  });

  it('a deleted marker comes back on undo; a setting edited by someone else meanwhile is kept', () => {
    const doc = project();
    doc.timeline.markers['m1'] = { id: 'm1' as MarkerId, name: 'Drop', time: 500, color: '#ff4444', metadata: { created: 1 }, order: 'a' };
    const h = new CommandHistory();
    h.execute(
      doc,
      recordCommand('deleteMarker', 'Delete marker', { timeline: true, layout: false }, (d: ProjectDoc) => {
        delete d.timeline.markers['m1'];
        d.timeline.duration = 5000;
      }),
    );
    doc.timeline.duration = 9000;
    h.undo(doc);
    expect(doc.timeline.markers['m1']?.name).toBe('Drop');
    expect(doc.timeline.duration).toBe(9000);
  });
});
