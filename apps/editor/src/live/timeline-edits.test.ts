import { Repo } from '@automerge/automerge-repo';
import { toDoc, toJson } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import type { Keyframe, KeyframeId, ProjectJson, TimelineSceneEntry, TimelineSceneId } from '@beamstage/layers';
import { createProjectDoc, runOperation } from '@beamstage/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { EditHistory } from './edit-history';
import { applyToJson, burstGroupOf, commandFor, operationFor } from './project-edits';
import type { ProjectEdit } from './project-edits';

const repo = new Repo();
afterAll(() => repo.shutdown());

const kf = (id: string, time: number, value: number, property = 'x'): Keyframe => ({
  id: id as KeyframeId,
  layerId: 'L0',
  property,
  time,
  value,
  easing: 'linear',
});
const base = (): ProjectJson => buildProjectJson(['image', 'image']);
const run = (project: ProjectJson, ...edits: ProjectEdit[]) => edits.reduce((p, e) => applyToJson(p, operationFor(e)), project);
const placement = (id: string, sceneId: string, startTime: number, duration: number): TimelineSceneEntry => ({
  id: id as TimelineSceneId,
  sceneId,
  startTime,
  duration,
  metadata: { created: 1, modified: 1 },
});

describe('keyframe edits', () => {
  it('set-keyframes adds, then updates the keyframe at the same instant instead of adding a second', () => {
    const p = run(base(), { kind: 'set-keyframes', keyframes: [kf('k1', 1000, 10)] }, { kind: 'set-keyframes', keyframes: [kf('k2', 1000, 99)] });
    expect(p.timeline.keyframes).toHaveLength(1);
    expect(p.timeline.keyframes[0]).toMatchObject({ id: 'k1', value: 99 });
  });

  it('a keyframe dragged past the duration is clamped to it, and before 0 to 0', () => {
    const p = run(base(), { kind: 'set-keyframes', keyframes: [kf('k1', 1000, 10), kf('k2', 2000, 20)] });
    const moved = run(p, { kind: 'move-keyframes', ids: ['k1', 'k2'], dt: 999_999 });
    expect(moved.timeline.keyframes.map((k) => k.time)).toEqual([p.timeline.duration, p.timeline.duration]);
    expect(run(p, { kind: 'move-keyframes', ids: ['k1'], dt: -5000 }).timeline.keyframes[0]!.time).toBe(0);
  });

  it('keyframes moved together by a frame offset land on the microsecond, without float noise', () => {
    const p = run(base(), { kind: 'set-keyframes', keyframes: [kf('k1', 3700.001, 10), kf('k2', 1000, 20)] });
    expect(3700.001 + 66.666).not.toBe(3766.667); // what the plain sum stored before
    const moved = run(p, { kind: 'move-keyframes', ids: ['k1', 'k2'], dt: 66.666 });
    expect(moved.timeline.keyframes.map((k) => k.time).sort((a, b) => a - b)).toEqual([1066.666, 3766.667]);
  });

  it('undo of a keyframe drag on the live document puts it back; redo moves it again', () => {
    const project = run(base(), { kind: 'set-keyframes', keyframes: [kf('k1', 0, 0), kf('k2', 3000, 100)] });
    const handle = createProjectDoc(repo, project);
    const history = new EditHistory();
    const drag: ProjectEdit = { kind: 'move-keyframes', ids: ['k2'], dt: -1200 };
    runOperation(handle, (d) => history.execute(d, commandFor(drag), burstGroupOf(drag), 0));
    expect(handle.doc().timeline.keyframes['k2']!.time).toBe(1800);
    expect(history.view().undo).toBe('Move keyframes');
    runOperation(handle, (d) => void history.undo(d));
    expect(handle.doc().timeline.keyframes['k2']!.time).toBe(3000);
    runOperation(handle, (d) => void history.redo(d));
    expect(handle.doc().timeline.keyframes['k2']!.time).toBe(1800);
  });

  it('a keyframe of a deleted layer is refused', () => {
    const p = run(base(), { kind: 'set-keyframes', keyframes: [{ ...kf('k1', 0, 1), layerId: 'nope' }] });
    expect(p.timeline.keyframes).toHaveLength(0);
  });

  it('easing and delete', () => {
    const p = run(
      base(),
      { kind: 'set-keyframes', keyframes: [kf('k1', 0, 0), kf('k2', 500, 1)] },
      { kind: 'update-keyframes', ids: ['k2'], patch: { easing: 'ease-in' } },
    );
    expect(p.timeline.keyframes.find((k) => k.id === 'k2')!.easing).toBe('ease-in');
    expect(run(p, { kind: 'delete-keyframes', ids: ['k1'] }).timeline.keyframes.map((k) => k.id)).toEqual(['k2']);
  });
});

describe('transport settings keep the spec clamps', () => {
  it('duration >= 1000, fps 1..60, speed 0.1..10', () => {
    const p = run(base(), { kind: 'update-timeline', patch: { duration: 10, fps: 500, playbackSpeed: 0 } });
    expect(p.timeline).toMatchObject({ duration: 1000, fps: 60, playbackSpeed: 0.1 });
    expect(run(base(), { kind: 'update-timeline', patch: { fps: -3, playbackSpeed: 99 } }).timeline).toMatchObject({ fps: 1, playbackSpeed: 10 });
  });

  it('play start stays in [0, end]; play end in [start, duration]; a zero-length region is allowed only as start = end', () => {
    const p = run(base(), { kind: 'update-timeline', patch: { duration: 5000, playStartTime: 1000, playEndTime: 4000 } });
    expect(run(p, { kind: 'update-timeline', patch: { playStartTime: 4500 } }).timeline.playStartTime).toBe(4000);
    expect(run(p, { kind: 'update-timeline', patch: { playEndTime: 500 } }).timeline.playEndTime).toBe(1000);
    expect(run(p, { kind: 'update-timeline', patch: { playEndTime: 9000 } }).timeline.playEndTime).toBe(5000);
    expect(run(p, { kind: 'update-timeline', patch: { playStartTime: -1 } }).timeline.playStartTime).toBe(0);
  });

  it('shortening the duration pulls the play end and keyframes inside it, losing none', () => {
    const p = run(base(), { kind: 'set-keyframes', keyframes: [kf('k1', 8000, 1)] }, { kind: 'update-timeline', patch: { duration: 2000 } });
    expect(p.timeline.playEndTime).toBe(2000);
    expect(p.timeline.keyframes[0]!.time).toBe(2000);
  });
});

describe('scene placements, markers and scenes', () => {
  const withScenes = () => run(base(), { kind: 'create-scene', id: 'S1', nowIso: 'now' }, { kind: 'create-scene', id: 'S2', nowIso: 'now' });

  it('a drop that overlaps a placement moves to its end (spec section 5)', () => {
    const p = run(
      withScenes(),
      { kind: 'add-placement', entry: placement('P1', 'S1', 0, 2000) },
      { kind: 'add-placement', entry: placement('P2', 'S2', 1500, 1000) },
    );
    expect(p.timeline.timelineScenes.find((e) => e.id === 'P2')!.startTime).toBe(2000);
    // Moving P1 onto P2 pushes it past P2's end.
    const moved = run(p, { kind: 'update-placement', id: 'P1', patch: { startTime: 2500 }, nowMs: 5 });
    expect(moved.timeline.timelineScenes.find((e) => e.id === 'P1')!.startTime).toBe(3000);
  });

  it('a placement of an unknown scene is refused; deleting a placed scene removes its placements', () => {
    expect(run(withScenes(), { kind: 'add-placement', entry: placement('P1', 'nope', 0, 1000) }).timeline.timelineScenes).toHaveLength(0);
    const p = run(withScenes(), { kind: 'add-placement', entry: placement('P1', 'S1', 0, 1000) }, { kind: 'delete-scene', id: 'S1' });
    expect(p.scenes.map((s) => s.id)).toEqual(['S2']);
    expect(p.timeline.timelineScenes).toHaveLength(0);
  });

  it('scenes: "Scene N", " Copy", rename, reorder; switching to an unknown id changes nothing', () => {
    let p = withScenes();
    expect(p.scenes.map((s) => s.name)).toEqual(['Scene 1', 'Scene 2']);
    p = run(p, { kind: 'duplicate-scene', id: 'S1', newId: 'S3', nowIso: 'now' }, { kind: 'rename-scene', id: 'S2', name: 'Finale', nowIso: 'now' });
    expect(p.scenes.map((s) => s.name)).toEqual(['Scene 1', 'Scene 1 Copy', 'Finale']);
    p = run(p, { kind: 'reorder-scene', id: 'S2', toIndex: 0 });
    expect(p.scenes[0]!.name).toBe('Finale');
    expect(run(p, { kind: 'switch-scene', id: 'missing' }).layers).toEqual(p.layers);
  });

  it("switch-scene applies the scene's layers and undo restores the layout", () => {
    const p = withScenes();
    const moved = run(p, { kind: 'move-layer', id: 'L0', x: 333, y: 0 });
    const doc = toDoc(moved);
    const h = new EditHistory();
    h.execute(doc, commandFor({ kind: 'switch-scene', id: 'S1' }), null, 0);
    expect(toJson(doc).layers.find((l) => l.id === 'L0')!.x).toBe(p.layers.find((l) => l.id === 'L0')!.x);
    h.undo(doc);
    expect(toJson(doc).layers.find((l) => l.id === 'L0')!.x).toBe(333);
  });

  it('switching away from the main state keeps it in a Primary scene first; undo takes both back', () => {
    const p = withScenes();
    const moved = run(p, { kind: 'move-layer', id: 'L0', x: 333, y: 0 });
    const doc = toDoc(moved);
    const h = new EditHistory();
    h.execute(doc, commandFor({ kind: 'switch-scene', id: 'S1', savePrimary: { newId: 'SP', nowIso: 'now' } }), null, 0);
    const after = toJson(doc);
    const primary = after.scenes.find((s) => s.id === 'SP')!;
    expect(primary).toMatchObject({ name: 'Primary', metadata: { isPrimaryScene: true } });
    expect(primary.layers.find((l) => l.id === 'L0')!.x).toBe(333);
    expect(after.layers.find((l) => l.id === 'L0')!.x).toBe(p.layers.find((l) => l.id === 'L0')!.x);
    // Back to Primary: the main state returns.
    h.execute(doc, commandFor({ kind: 'switch-scene', id: 'SP' }), null, 0);
    expect(toJson(doc).layers.find((l) => l.id === 'L0')!.x).toBe(333);
    h.undo(doc);
    h.undo(doc);
    expect(toJson(doc).scenes.map((s) => s.id)).toEqual(['S1', 'S2']);
    expect(toJson(doc).layers.find((l) => l.id === 'L0')!.x).toBe(333);
  });

  it('clear and import scenes are undoable; clearing removes the placements too', () => {
    const p = run(withScenes(), { kind: 'add-placement', entry: placement('P1', 'S1', 0, 1000) });
    const doc = toDoc(p);
    const h = new EditHistory();
    h.execute(doc, commandFor({ kind: 'clear-scenes' }), null, 0);
    expect(toJson(doc).scenes).toHaveLength(0);
    expect(toJson(doc).timeline.timelineScenes).toHaveLength(0);
    h.undo(doc);
    expect(toJson(doc).scenes.map((s) => s.id)).toEqual(['S1', 'S2']);
    expect(toJson(doc).timeline.timelineScenes).toHaveLength(1);
    const imported = { ...p.scenes[0]!, id: 'S9' as never, name: 'From file' };
    h.execute(doc, commandFor({ kind: 'import-scenes', scenes: [imported] }), null, 0);
    expect(toJson(doc).scenes.map((s) => s.name)).toEqual(['Scene 1', 'Scene 2', 'From file']);
    h.undo(doc);
    expect(toJson(doc).scenes.map((s) => s.id)).toEqual(['S1', 'S2']);
  });

  it('repair-timeline removes the damaged keyframes and placements in one undoable step', () => {
    const p = run(withScenes(), { kind: 'add-placement', entry: placement('P1', 'S1', 0, 1000) });
    const doc = toDoc(p);
    const h = new EditHistory();
    h.execute(doc, commandFor({ kind: 'repair-timeline', keyframeIds: [], placementIds: ['P1'] }), null, 0);
    expect(toJson(doc).timeline.timelineScenes).toHaveLength(0);
    h.undo(doc);
    expect(toJson(doc).timeline.timelineScenes).toHaveLength(1);
  });

  it('markers: default colour kept, name and colour changed, bad colour ignored, time clamped', () => {
    let p = run(base(), { kind: 'add-marker', marker: { id: 'M1' as never, name: 'Drop', time: 99_999, color: '#ff4444', metadata: { created: 1 } } });
    expect(p.timeline.markers[0]).toMatchObject({ color: '#ff4444', time: p.timeline.duration });
    p = run(p, { kind: 'update-marker', id: 'M1', patch: { name: 'Chorus', color: 'red', time: 1200 } });
    expect(p.timeline.markers[0]).toMatchObject({ name: 'Chorus', color: '#ff4444', time: 1200 });
  });
});
