// The spec's cleanup calls (section 7): DELETE /api/layers/delete, DELETE /api/timeline/delete and,
// after a load that repaired corrupted timeline data, POST /api/layers/cleanup and
// /api/timeline/cleanup with the ids that are valid. The live document removes what an editor
// deletes by itself; these calls are how a deletion reaches the server when the editor works over
// REST (real-time unavailable), without waiting for Save. Each carries the revision the editor last
// knew, so the server refuses (409) to remove data written since by someone else.
import type { ProjectJson } from '@beamstage/layers';
import type { ProjectEdit } from '../live/project-edits';

export interface CleanupCall {
  method: 'DELETE' | 'POST';
  path: '/layers/delete' | '/layers/cleanup' | '/timeline/delete' | '/timeline/cleanup';
  body: { projectId: string } & Record<string, unknown>;
}

/** The calls an edit implies; `before` is the project it was made on, `after` the project it made. */
export function cleanupCallsFor(edit: ProjectEdit, projectId: string, before: ProjectJson, after: ProjectJson): CleanupCall[] {
  const layer = (layerId: string): CleanupCall => ({ method: 'DELETE', path: '/layers/delete', body: { projectId, layerId } });
  const keyframe = (keyframeId: string): CleanupCall => ({ method: 'DELETE', path: '/timeline/delete', body: { projectId, keyframeId } });
  const placement = (timelineSceneId: string): CleanupCall => ({ method: 'DELETE', path: '/timeline/delete', body: { projectId, timelineSceneId } });
  switch (edit.kind) {
    case 'remove-layer':
      return [layer(edit.id)];
    case 'remove-layers':
      return edit.ids.map(layer);
    case 'delete-keyframes':
      return edit.ids.map(keyframe);
    case 'delete-placement':
      return [placement(edit.id)];
    case 'delete-scene':
      // A deleted scene takes its placements with it.
      return before.timeline.timelineScenes.filter((p) => p.sceneId === edit.id).map((p) => placement(p.id));
    case 'repair-timeline':
      return cleanupAfterLoad(projectId, after);
    default:
      return [];
  }
}

/** After a load that repaired the timeline: what is valid now, so the server drops the rest too. */
export function cleanupAfterLoad(projectId: string, project: ProjectJson): CleanupCall[] {
  return [
    { method: 'POST', path: '/layers/cleanup', body: { projectId, validLayerIds: project.layers.map((l) => l.id) } },
    {
      method: 'POST',
      path: '/timeline/cleanup',
      body: {
        projectId,
        validKeyframeIds: project.timeline.keyframes.map((k) => k.id),
        validTimelineSceneIds: project.timeline.timelineScenes.map((p) => p.id),
      },
    },
  ];
}

export interface CleanupDeps {
  /** The api client's request (bearer token, the spec's error message). */
  request(method: CleanupCall['method'], path: string, body: unknown): Promise<{ revision?: number }>;
  /** The revision the editor last knew, and where a call's answer puts the new one. */
  revision(): number | null;
  setRevision(revision: number): void;
  /** Told about a refusal the user must know of (the server has newer changes). */
  onRefused(message: string): void;
  /** Told about any other failure (logged: the deletion stays in the editor's copy, saved with Save). */
  onFailed(call: CleanupCall, error: unknown): void;
}

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : null;

/** Sends calls one after another (each with the revision the previous one answered). */
export function createCleanupQueue(deps: CleanupDeps): { send(calls: readonly CleanupCall[]): Promise<void> } {
  let chain: Promise<void> = Promise.resolve();
  const run = async (call: CleanupCall) => {
    const revision = deps.revision();
    try {
      const answer = await deps.request(call.method, call.path, revision === null ? call.body : { ...call.body, revision });
      if (typeof answer?.revision === 'number') deps.setRevision(answer.revision);
    } catch (error) {
      const status = statusOf(error);
      // 404: the server never had it (made here and deleted before any Save): nothing to remove.
      if (status === 404) return;
      if (status === 409) deps.onRefused(error instanceof Error ? error.message : String(error));
      else deps.onFailed(call, error);
    }
  };
  return {
    send(calls) {
      for (const call of calls) chain = chain.then(() => run(call));
      return chain;
    },
  };
}

/** What withServerCleanup needs to know about the editor. */
export interface CleanupEditor {
  readonly project: ProjectJson | null;
  /** Why real-time is off for good; null while the live document works (it removes by itself). */
  readonly liveUnavailable: string | null;
  readonly viewOnly: boolean;
}

/**
 * The live session, with every deleting edit made over REST also sent as the spec's cleanup calls.
 * `serverCopy` is false for a project kept only in this browser (it has no server copy).
 */
export function withServerCleanup<L extends { edit(edit: ProjectEdit): void }>(
  live: L,
  editor: CleanupEditor,
  projectId: string,
  serverCopy: boolean,
  queue: { send(calls: readonly CleanupCall[]): Promise<void> },
): L {
  return {
    ...live,
    edit(edit: ProjectEdit) {
      const before = editor.project;
      live.edit(edit);
      const after = editor.project;
      if (!serverCopy || !before || !after || editor.liveUnavailable === null || editor.viewOnly) return;
      const calls = cleanupCallsFor(edit, projectId, before, after);
      if (calls.length) void queue.send(calls);
    },
  };
}
