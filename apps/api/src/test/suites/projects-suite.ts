import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, sampleProjectBody, type TestUser } from '../../testing/project-fixtures';
import { type TestApp } from '../../testing/test-app';

/** The suite, run on PGlite (projects.test.ts) and on a real PostgreSQL (postgres.test.ts). */
export function projectsSuite(setup: () => Promise<TestApp>): void {
  let t: TestApp;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await setup();
    const users = await Promise.all(['owner', 'editor', 'viewer', 'stranger'].map((s) => makeUser(t.app, s)));
    [owner, editor, viewer, stranger] = users as [TestUser, TestUser, TestUser, TestUser];
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function create(user: TestUser, name = 'Stage A') {
    const res = await call('POST', '/api/projects/create', user, sampleProjectBody(name));
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  describe('projects', () => {
    let project: { id: string; revision: number; metadata: Record<string, unknown>; layers: { id: string }[] };

    it('creates with name and description moved into metadata and answers metadata.id', async () => {
      project = await create(owner);
      expect(project.id).toMatch(/^proj_\d+_[0-9a-f]+$/);
      expect(project.metadata).toMatchObject({ id: project.id, name: 'Stage A', description: 'A test stage', isPublic: false });
      expect(project.layers.map((l) => l.id)).toEqual(['layer_a', 'layer_b']);
      expect(project.revision).toBe(1);
      expect((project as Record<string, unknown>).name).toBeUndefined();
    });

    it('creates from a bare {name}', async () => {
      const res = await call('POST', '/api/projects/create', editor, { name: 'Bare' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ version: '1.0', metadata: { name: 'Bare' }, canvas: { width: 800, height: 600 }, layers: [] });
    });

    it('refuses an invalid project body with the validation text', async () => {
      const res = await call('POST', '/api/projects/create', owner, { ...sampleProjectBody(), canvas: { width: -1, height: 5 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Invalid canvas dimensions');
    });

    it('adds members by e-mail, lists own and shared projects with roles', async () => {
      expect((await call('POST', '/api/projects/members', owner, { projectId: project.id, email: editor.email, role: 'editor' })).statusCode).toBe(200);
      expect((await call('POST', '/api/projects/members', owner, { projectId: project.id, email: viewer.email, role: 'viewer' })).statusCode).toBe(200);
      const missing = await call('POST', '/api/projects/members', owner, { projectId: project.id, email: 'nobody@example.test', role: 'viewer' });
      expect(missing.statusCode).toBe(404);
      expect((await call('POST', '/api/projects/members', editor, { projectId: project.id, email: stranger.email, role: 'editor' })).statusCode).toBe(403);
      const members = (await call('GET', `/api/projects/members?projectId=${project.id}`, viewer)).json().members;
      expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'editor', 'viewer']);
      const list = (await call('GET', '/api/projects/list', editor)).json().projects;
      const shared = list.find((p: { id: string }) => p.id === project.id);
      expect(shared).toMatchObject({ name: 'Stage A', description: 'A test stage', isPublic: false, realtime: false, syncEnabled: true, role: 'editor' });
      expect(typeof shared.modified).toBe('string');
      expect((await call('GET', '/api/projects/list', stranger)).json().projects).toEqual([]);
    });

    it("hides another user's private project as 404", async () => {
      const res = await call('GET', `/api/projects/${project.id}`, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Project not found' });
      expect((await call('GET', `/api/projects/${project.id}`, viewer)).statusCode).toBe(200);
    });

    it('applies an update as a change and answers {ok, modified}', async () => {
      const current = (await call('GET', `/api/projects/${project.id}`, editor)).json();
      current.layers[0].x = 111;
      current.name = 'Renamed';
      const res = await call('POST', '/api/projects/update', editor, current);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ok: true, revision: current.revision + 1 });
      const after = (await call('GET', `/api/projects/${project.id}`, owner)).json();
      expect(after.layers[0].x).toBe(111);
      expect(after.metadata.name).toBe('Renamed');
      expect(after.metadata.modified).toBe(res.json().modified);
      expect((await call('POST', '/api/projects/update', viewer, current)).statusCode).toBe(403);
      expect((await call('POST', '/api/projects/update', stranger, current)).statusCode).toBe(404);
    });

    it('keeps a layer another editor added when a stale full save leaves it out', async () => {
      const stale = (await call('GET', `/api/projects/${project.id}`, owner)).json();
      const fresh = structuredClone(stale);
      fresh.layers.push({ ...fresh.layers[0], id: 'layer_new', x: 50 });
      expect((await call('POST', '/api/projects/update', editor, fresh)).statusCode).toBe(200);
      stale.layers[1].opacity = 0.5;
      expect((await call('POST', '/api/projects/update', owner, stale)).statusCode).toBe(200);
      const after = (await call('GET', `/api/projects/${project.id}`, owner)).json();
      expect(after.layers.map((l: { id: string }) => l.id).sort()).toEqual(['layer_a', 'layer_b', 'layer_new']);
      expect(after.layers.find((l: { id: string }) => l.id === 'layer_b').opacity).toBe(0.5);
    });

    it('refuses a stale layer delete with 409 and applies a current one', async () => {
      const before = (await call('GET', `/api/projects/${project.id}`, owner)).json();
      const stale = await call('DELETE', '/api/layers/delete', editor, { projectId: project.id, layerId: 'layer_new', revision: before.revision - 2 });
      expect(stale.statusCode).toBe(409);
      const ok = await call('DELETE', '/api/layers/delete', editor, { projectId: project.id, layerId: 'layer_b', revision: before.revision });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().removed).toEqual({ layer: ['layer_b'], keyframe: ['kf_2'] });
      expect((await call('DELETE', '/api/layers/delete', viewer, { projectId: project.id, layerId: 'layer_a' })).statusCode).toBe(403);
      expect((await call('DELETE', '/api/layers/delete', editor, { projectId: project.id, layerId: 'nope' })).statusCode).toBe(404);
    });

    it('cleans up layers and timeline entries not in the valid lists, 409 when stale', async () => {
      const before = (await call('GET', `/api/projects/${project.id}`, owner)).json();
      expect(
        (await call('POST', '/api/layers/cleanup', editor, { projectId: project.id, validLayerIds: ['layer_a'], modified: '2000-01-01T00:00:00.000Z' }))
          .statusCode,
      ).toBe(409);
      const res = await call('POST', '/api/layers/cleanup', editor, { projectId: project.id, validLayerIds: ['layer_a'], modified: before.metadata.modified });
      expect(res.json().removed.layer).toEqual(['layer_new']);
      const tl = await call('POST', '/api/timeline/cleanup', editor, {
        projectId: project.id,
        validKeyframeIds: [],
        validTimelineSceneIds: ['ts_1'],
        revision: res.json().revision,
      });
      expect(tl.statusCode).toBe(200);
      expect(tl.json().removed).toEqual({ keyframe: ['kf_1'], timelineScene: [] });
      const del = await call('DELETE', '/api/timeline/delete', editor, { projectId: project.id, timelineSceneId: 'ts_1', revision: tl.json().revision });
      expect(del.json().removed).toEqual({ timelineScene: ['ts_1'] });
    });

    it('loads and saves scenes and timeline', async () => {
      const loaded = (await call('GET', `/api/scenes/${project.id}`, viewer)).json();
      expect(loaded.scenes.map((s: { id: string }) => s.id)).toEqual(['scene_1']);
      expect(loaded.timeline).toMatchObject({ keyframes: [], timelineScenes: [], markers: [], sceneTransitions: [] });
      const save = await call('POST', '/api/scenes/save', editor, {
        projectId: project.id,
        revision: loaded.revision,
        scenes: [...loaded.scenes, { id: 'scene_2', name: 'Scene 2', layers: [] }],
        timeline: { ...loaded.timeline, markers: [{ id: 'm1', name: 'Drop', time: 500, color: '#ff4444' }], duration: 20000 },
      });
      expect(save.statusCode).toBe(200);
      const again = (await call('GET', `/api/scenes/${project.id}`, owner)).json();
      expect(again.scenes.map((s: { id: string }) => s.id)).toEqual(['scene_1', 'scene_2']);
      expect(again.timeline.markers[0]).toMatchObject({ id: 'm1', time: 500 });
      expect(again.timeline.duration).toBe(20000);
      expect((await call('POST', '/api/scenes/save', viewer, { projectId: project.id, scenes: [], timeline: {} })).statusCode).toBe(403);
    });

    it('publishes, serves allowlisted public JSON without auth, and unpublishes', async () => {
      expect((await call('GET', `/api/projects/public?id=${project.id}`, null)).statusCode).toBe(404);
      expect((await call('POST', '/api/projects/publish', editor, { projectId: project.id, enableRealtime: true })).statusCode).toBe(403);
      const pub = await call('POST', '/api/projects/publish', owner, { projectId: project.id, enableRealtime: true });
      expect(pub.json()).toMatchObject({ ok: true, isPublic: true, realtime: true });
      const res = await call('GET', `/api/projects/public?id=${project.id}&userId=${owner.id}&_t=123`, null);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      const body = res.json();
      expect(body.metadata).toMatchObject({ id: project.id, isPublic: true, syncEnabled: true });
      expect(body.history).toBeUndefined();
      // The dashboard's list carries the live mode for its badge.
      const listed = () => call('GET', '/api/projects/list', owner).then((r) => r.json().projects.find((p: { id: string }) => p.id === project.id));
      expect(await listed()).toMatchObject({ isPublic: true, realtime: true, syncEnabled: true });
      await call('POST', '/api/projects/publish', owner, { projectId: project.id, enableRealtime: false });
      expect(await listed()).toMatchObject({ isPublic: true, realtime: false, syncEnabled: false });
      await call('POST', '/api/projects/publish', owner, { projectId: project.id, enableRealtime: true });
      expect(Object.keys(body).sort()).toEqual([
        'assets',
        'canvas',
        'id',
        'layers',
        'metadata',
        'scenes',
        'schemaVersion',
        'timeline',
        'version',
        'warpPoints',
      ]);
      expect((await call('GET', `/api/projects/public?id=${project.id}&userId=${stranger.id}`, null)).statusCode).toBe(404);
      await call('POST', '/api/projects/unpublish', owner, { projectId: project.id });
      expect(await listed()).toMatchObject({ isPublic: false, realtime: false });
      const gone = await call('GET', `/api/projects/public?id=${project.id}`, null);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ error: 'Project not found' });
    });

    it('enforces the plan project limit atomically under concurrent creates', async () => {
      const user = await makeUser(t.app, 'limited');
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => call('POST', '/api/projects/create', user, { name: `P${i}` })));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(3);
      expect(codes.filter((c) => c === 403)).toHaveLength(5);
      expect(results.find((r) => r.statusCode === 403)!.json()).toEqual({ error: 'Project limit reached', message: 'Project limit reached' });
      const list = (await call('GET', '/api/projects/list', user)).json().projects;
      expect(list).toHaveLength(3);
      const dup = await call('POST', '/api/projects/duplicate', user, { id: list[0].id });
      expect(dup.statusCode).toBe(403);
    });

    it("duplicates into the caller's own projects and deletes only for the owner", async () => {
      const dup = await call('POST', '/api/projects/duplicate', viewer, { id: project.id });
      expect(dup.statusCode).toBe(201);
      expect(dup.json().metadata.name).toBe('Renamed Copy');
      expect((await call('GET', `/api/projects/${dup.json().id}`, viewer)).json().metadata.isPublic).toBe(false);
      expect((await call('POST', '/api/projects/delete', editor, { id: project.id })).statusCode).toBe(403);
      expect((await call('POST', '/api/projects/delete', stranger, { id: project.id })).statusCode).toBe(404);
      expect((await call('POST', '/api/projects/delete', owner, { id: project.id })).statusCode).toBe(200);
      expect((await call('GET', `/api/projects/${project.id}`, owner)).statusCode).toBe(404);
    });

    it('removes members (owner) and lets a member leave', async () => {
      const p = await create(owner, 'Members');
      await call('POST', '/api/projects/members', owner, { projectId: p.id, email: editor.email, role: 'editor' });
      await call('POST', '/api/projects/members', owner, { projectId: p.id, email: viewer.email, role: 'viewer' });
      expect((await call('DELETE', '/api/projects/members', viewer, { projectId: p.id, userId: editor.id })).statusCode).toBe(403);
      expect((await call('DELETE', '/api/projects/members', viewer, { projectId: p.id, userId: viewer.id })).statusCode).toBe(200);
      expect((await call('DELETE', '/api/projects/members', owner, { projectId: p.id, email: editor.email })).statusCode).toBe(200);
      expect((await call('GET', `/api/projects/${p.id}`, editor)).statusCode).toBe(404);
    });

    it('refuses prototype-poisoned bodies', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/projects/create',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: '{"name":"x","__proto__":{"polluted":true}}',
      });
      expect(res.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
}
