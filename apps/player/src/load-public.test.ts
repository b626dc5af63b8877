import { createDefaultProject } from '@beamstage/layers';
import type { ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import type { PlayerLoadError } from './load-public';
import { FETCH_FAILED_MESSAGE, INVALID_RESPONSE_MESSAGE, loadPublicProject } from './load-public';
import { messageForLoadError } from './messages';

const STUDIO = 'http://127.0.0.1:3000';
const reply = (status: number, body: string) => async () => new Response(body, { status, headers: { 'content-type': 'application/json' } });
const failure = async (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as PlayerLoadError,
  );

describe('loadPublicProject', () => {
  it('fetches the public route of the studio without credentials, with the cache-buster when asked', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const project = createDefaultProject({ id: 'proj_1_abc' as ProjectId, nowMs: 1, name: 'Gallery wall' });
    const fetchFn = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify(project), { status: 200 });
    }) as typeof fetch;
    const loaded = await loadPublicProject(STUDIO, 'proj_1_abc', fetchFn, 42);
    expect(loaded.metadata.name).toBe('Gallery wall');
    expect(calls[0]?.[0]).toBe(`${STUDIO}/api/projects/public?id=proj_1_abc&_t=42`);
    expect(calls[0]?.[1]).toMatchObject({ credentials: 'omit', mode: 'cors' });
  });

  it('says the spec texts: the body error, "Invalid response format", "Failed to fetch public project"', async () => {
    const notFound = await failure(
      loadPublicProject(STUDIO, 'x', reply(404, JSON.stringify({ error: 'Project not found', message: 'Project not found' })) as typeof fetch),
    );
    expect(notFound).toMatchObject({ message: 'Project not found', status: 404 });
    expect(messageForLoadError(notFound).title).toBe('Show not found');
    const html = await failure(loadPublicProject(STUDIO, 'x', reply(200, '<!doctype html>') as typeof fetch));
    expect(html).toMatchObject({ message: INVALID_RESPONSE_MESSAGE, status: 200 });
    const bare = await failure(loadPublicProject(STUDIO, 'x', reply(500, '{}') as typeof fetch));
    expect(bare).toMatchObject({ message: FETCH_FAILED_MESSAGE, status: 500 });
    const down = await failure(
      loadPublicProject(STUDIO, 'x', (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch),
    );
    expect(down).toMatchObject({ message: FETCH_FAILED_MESSAGE, status: 0 });
    expect(messageForLoadError(down).title).toBe('The show cannot be reached');
    const notAProject = await failure(loadPublicProject(STUDIO, 'x', reply(200, '[1,2]') as typeof fetch));
    expect(notAProject).toMatchObject({ message: INVALID_RESPONSE_MESSAGE });
  });
});
