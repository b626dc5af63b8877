import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { loadPublicProject, ProjectorLoadError } from './load-project';

const json =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status });

describe('loadPublicProject', () => {
  it('asks for the project without credentials and with the user id', async () => {
    const project = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    project.layers.push(createLayer('image'));
    let url = '';
    let init: RequestInit | undefined;
    const loaded = await loadPublicProject({ projectId: 'proj_1_a', userId: 'usr_2' }, async (u, i) => {
      url = String(u);
      init = i;
      return new Response(JSON.stringify(project), { status: 200 });
    });
    expect(url).toBe('/api/projects/public?id=proj_1_a&userId=usr_2');
    expect(init?.credentials).toBe('omit');
    expect(loaded.layers).toHaveLength(1);
    expect(loaded.canvas).toEqual(project.canvas);
  });

  it('reports a missing or unpublished project with its status', async () => {
    const error = await loadPublicProject({ projectId: 'nope' }, json(404, { error: 'Project not found' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectorLoadError);
    expect(error).toMatchObject({ message: 'Project not found', status: 404 });
  });

  it('uses the spec texts for a non-JSON body and a failure without a message', async () => {
    await expect(loadPublicProject({ projectId: 'x' }, async () => new Response('<html>', { status: 200 }))).rejects.toThrow('Invalid response format');
    await expect(loadPublicProject({ projectId: 'x' }, json(500, {}))).rejects.toThrow('Failed to fetch public project');
  });
});
