import { describe, expect, it } from 'vitest';
import { ApiClient, ApiError, apiErrorMessage } from './client';

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

  it('uses message, then "API Error"', () => {
    expect(apiErrorMessage({ message: 'Unauthorized' })).toBe('Unauthorized');
    expect(apiErrorMessage('oops')).toBe('API Error');
  });
});
