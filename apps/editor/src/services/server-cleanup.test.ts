import { buildProjectJson } from '@beamstage/layers/testing';
import type { KeyframeId, ProjectJson, SceneId, TimelineSceneId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import type { ProjectEdit } from '../live/project-edits';
import { cleanupCallsFor, createCleanupQueue, withServerCleanup } from './server-cleanup';
import type { CleanupCall } from './server-cleanup';

const ID = 'proj_1_0123456789abcdef01234567';

function project(): ProjectJson {
  const p = buildProjectJson(['image', 'image']);
  p.timeline.keyframes = [
    { id: 'k1' as KeyframeId, layerId: 'L0', property: 'x', time: 0, value: 0, easing: 'linear' },
    { id: 'k2' as KeyframeId, layerId: 'L1', property: 'x', time: 500, value: 5, easing: 'linear' },
  ];
  p.timeline.timelineScenes = [
    { id: 'ts1' as TimelineSceneId, sceneId: 's1' as SceneId, startTime: 0, duration: 1000 } as unknown as ProjectJson['timeline']['timelineScenes'][number],
    { id: 'ts2' as TimelineSceneId, sceneId: 's2' as SceneId, startTime: 2000, duration: 1000 } as unknown as ProjectJson['timeline']['timelineScenes'][number],
  ];
  return p;
}

describe('the cleanup calls an edit implies (spec section 7)', () => {
  const p = project();
  const calls = (edit: ProjectEdit) => cleanupCallsFor(edit, ID, p, p).map((c) => [c.method, c.path, c.body]);

  it('a deleted layer, keyframe or placement is one DELETE each with the spec body', () => {
    expect(calls({ kind: 'remove-layers', ids: ['L0', 'L1'] })).toEqual([
      ['DELETE', '/layers/delete', { projectId: ID, layerId: 'L0' }],
      ['DELETE', '/layers/delete', { projectId: ID, layerId: 'L1' }],
    ]);
    expect(calls({ kind: 'remove-layer', id: 'L1' })).toEqual([['DELETE', '/layers/delete', { projectId: ID, layerId: 'L1' }]]);
    expect(calls({ kind: 'delete-keyframes', ids: ['k2'] })).toEqual([['DELETE', '/timeline/delete', { projectId: ID, keyframeId: 'k2' }]]);
    expect(calls({ kind: 'delete-placement', id: 'ts1' })).toEqual([['DELETE', '/timeline/delete', { projectId: ID, timelineSceneId: 'ts1' }]]);
    // A deleted scene takes its placements.
    expect(calls({ kind: 'delete-scene', id: 's2' })).toEqual([['DELETE', '/timeline/delete', { projectId: ID, timelineSceneId: 'ts2' }]]);
  });

  it('a repair after a load sends the valid ids to both cleanups', () => {
    const after = project();
    after.timeline.keyframes = after.timeline.keyframes.slice(0, 1);
    after.timeline.timelineScenes = [];
    expect(
      cleanupCallsFor({ kind: 'repair-timeline', keyframeIds: ['k2'], placementIds: ['ts1', 'ts2'] }, ID, p, after).map((c) => [c.method, c.path, c.body]),
    ).toEqual([
      ['POST', '/layers/cleanup', { projectId: ID, validLayerIds: ['L0', 'L1'] }],
      ['POST', '/timeline/cleanup', { projectId: ID, validKeyframeIds: ['k1'], validTimelineSceneIds: [] }],
    ]);
  });

  it('edits that delete nothing make no calls', () => {
    expect(calls({ kind: 'update-layer', id: 'L0', patch: { x: 3 } })).toEqual([]);
    expect(calls({ kind: 'delete-marker', id: 'm1' })).toEqual([]);
  });
});

describe('the cleanup queue', () => {
  it('sends one call after another with the revision the last answer gave', async () => {
    const sent: unknown[] = [];
    let revision: number | null = 7;
    const queue = createCleanupQueue({
      request: async (method, path, body) => {
        sent.push([method, path, body]);
        return { revision: (revision ?? 0) + 1 };
      },
      revision: () => revision,
      setRevision: (r) => void (revision = r),
      onRefused: () => undefined,
      onFailed: () => undefined,
    });
    const call = (layerId: string): CleanupCall => ({ method: 'DELETE', path: '/layers/delete', body: { projectId: ID, layerId } });
    await queue.send([call('L0'), call('L1')]);
    expect(sent).toEqual([
      ['DELETE', '/layers/delete', { projectId: ID, layerId: 'L0', revision: 7 }],
      ['DELETE', '/layers/delete', { projectId: ID, layerId: 'L1', revision: 8 }],
    ]);
    expect(revision).toBe(9);
  });

  it('ignores 404 (never on the server), tells a 409 to the user and other failures to the log', async () => {
    const refused: string[] = [];
    const failed: string[] = [];
    const answers = [new ApiError('Not found', 404, null), new ApiError('The project has newer changes', 409, null), new ApiError('Internal', 500, null)];
    const queue = createCleanupQueue({
      request: async () => {
        throw answers.shift();
      },
      revision: () => null,
      setRevision: () => undefined,
      onRefused: (m) => refused.push(m),
      onFailed: (c, e) => failed.push(`${c.path} ${(e as Error).message}`),
    });
    const call: CleanupCall = { method: 'DELETE', path: '/timeline/delete', body: { projectId: ID, keyframeId: 'k1' } };
    await queue.send([call, call, call]);
    expect(refused).toEqual(['The project has newer changes']);
    expect(failed).toEqual(['/timeline/delete Internal']);
  });
});

describe('withServerCleanup', () => {
  function setup(liveUnavailable: string | null, serverCopy = true) {
    const editor = { project: project() as ProjectJson | null, liveUnavailable, viewOnly: false };
    const edits: ProjectEdit[] = [];
    const live = {
      edit: (e: ProjectEdit) => {
        edits.push(e);
        editor.project = { ...editor.project! };
      },
      other: () => 'kept',
    };
    const sent: CleanupCall[][] = [];
    const wrapped = withServerCleanup(live, editor, ID, serverCopy, { send: async (calls) => void sent.push([...calls]) });
    return { wrapped, edits, sent, editor };
  }

  it('over REST, a deletion is made and sent as its cleanup calls', () => {
    const { wrapped, edits, sent } = setup('Real-time sync could not start');
    wrapped.edit({ kind: 'delete-keyframes', ids: ['k1'] });
    expect(edits).toHaveLength(1);
    expect(sent).toEqual([[{ method: 'DELETE', path: '/timeline/delete', body: { projectId: ID, keyframeId: 'k1' } }]]);
    expect(wrapped.other()).toBe('kept');
  });

  it('on the live document (it removes by itself), for a browser-only project and for a viewer, nothing is sent', () => {
    const live = setup(null);
    live.wrapped.edit({ kind: 'remove-layer', id: 'L0' });
    expect(live.sent).toEqual([]);
    const local = setup('local', false);
    local.wrapped.edit({ kind: 'remove-layer', id: 'L0' });
    expect(local.sent).toEqual([]);
    const viewer = setup('off');
    viewer.editor.viewOnly = true;
    viewer.wrapped.edit({ kind: 'remove-layer', id: 'L0' });
    expect(viewer.sent).toEqual([]);
  });
});
