import { createDefaultProject } from '@beamstage/layers';
import type { ProjectId, ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { ApiClient, ApiError, revisionOf } from './client';
import { apiErrorMessage } from '@beamstage/ui';

function recordingFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchFn: typeof fetch = async (url, init) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status });
  };
  return { calls, fetchFn };
}

describe('ApiClient', () => {
  it('sends the bearer token and JSON body under /api', async () => {
    const { calls, fetchFn } = recordingFetch(200, { ok: true, modified: 'now' });
    const client = new ApiClient(async () => 'tok', fetchFn);
    await client.publish('proj_1');
    expect(calls[0]?.url).toBe('/api/projects/publish');
    expect(calls[0]?.init?.method).toBe('POST');
    expect((calls[0]?.init?.headers as Record<string, string>)['authorization']).toBe('Bearer tok');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ projectId: 'proj_1', enableRealtime: false });
  });

  it('sends the revision a project update was computed from as a top-level field', async () => {
    const { calls, fetchFn } = recordingFetch(200, { ok: true, modified: 'now', revision: 9 });
    const client = new ApiClient(async () => 'tok', fetchFn);
    const project = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    expect(await client.updateProject(project, 8)).toEqual({ ok: true, modified: 'now', revision: 9 });
    expect(calls[0]?.url).toBe('/api/projects/update');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ ...project, revision: 8 });
  });

  it('sends no revision when none is known, even one riding on the document', async () => {
    const { calls, fetchFn } = recordingFetch(200, { ok: true, modified: 'now', revision: 2 });
    const project = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    await new ApiClient(async () => 'tok', fetchFn).updateProject({ ...project, revision: 1 } as ProjectJson);
    expect(JSON.parse(String(calls[0]?.init?.body))).not.toHaveProperty('revision');
  });

  it('reads a revision only when it is an integer', () => {
    expect(revisionOf({ revision: 3 })).toBe(3);
    expect(revisionOf({ revision: '3' })).toBeNull();
    expect(revisionOf({ revision: 1.5 })).toBeNull();
    expect(revisionOf(null)).toBeNull();
  });

  it('fetches a project with an explicit token instead of the session one', async () => {
    const { calls, fetchFn } = recordingFetch(200, { id: 'proj_1_a', revision: 4 });
    let asked = 0;
    const client = new ApiClient(async () => (asked++, 'session'), fetchFn);
    await client.getProject('proj_1_a', 'explicit');
    expect(calls[0]?.url).toBe('/api/projects/proj_1_a');
    expect((calls[0]?.init?.headers as Record<string, string>)['authorization']).toBe('Bearer explicit');
    expect(asked).toBe(0);
    await client.getProject('proj_1_a');
    expect((calls[1]?.init?.headers as Record<string, string>)['authorization']).toBe('Bearer session');
  });

  it('sends no authorization header without a token', async () => {
    const { calls, fetchFn } = recordingFetch(200, { projects: [] });
    await new ApiClient(async () => undefined, fetchFn).listProjects();
    expect(calls[0]?.init?.headers).not.toHaveProperty('authorization');
  });

  it('turns a non-OK reply into an ApiError with the spec message and status', async () => {
    const { fetchFn } = recordingFetch(403, { error: 'Project limit reached' });
    const error = await new ApiClient(async () => 't', fetchFn).listProjects().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Project limit reached');
    expect((error as ApiError).status).toBe(403);
  });

  it('shows the error field of a refused save: the validation text, not a status phrase', async () => {
    const { fetchFn } = recordingFetch(400, { error: 'Invalid canvas dimensions', message: 'Invalid canvas dimensions' });
    const project = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    const error = await new ApiClient(async () => 't', fetchFn).updateProject(project, 1).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Invalid canvas dimensions');
    expect((error as ApiError).status).toBe(400);
  });

  it('uses message, then "API Error"', () => {
    expect(apiErrorMessage({ message: 'Unauthorized' })).toBe('Unauthorized');
    expect(apiErrorMessage('oops')).toBe('API Error');
  });
});
