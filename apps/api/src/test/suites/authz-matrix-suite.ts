import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseProjectBody } from '../../projects/project-body';
import { stampAll } from '../../projects/entities';
import { upsertMember } from '../../projects/member-repository';
import { insertProject } from '../../projects/project-repository';
import { makeUser, sampleProjectBody, type TestUser } from '../../testing/project-fixtures';
import { signTestToken, unsignedToken, type TestApp } from '../../testing/test-app';

/** The suite, run on PGlite (authz-matrix.test.ts) and on a real PostgreSQL (postgres.test.ts). */
export function authzMatrixSuite(setup: () => Promise<TestApp>): void {
  // Every route api-core owns x {no token, expired, wrong audience, alg none, another user, viewer,
  // editor, owner}: counts successes (2xx) by principals below the route's role. Must be 0.
  type Principal = 'no token' | 'expired' | 'wrong audience' | 'alg none' | 'another user' | 'viewer' | 'editor' | 'owner';
  const PRINCIPALS: Principal[] = ['no token', 'expired', 'wrong audience', 'alg none', 'another user', 'viewer', 'editor', 'owner'];
  const RANK: Record<Principal, number> = { 'no token': 0, expired: 0, 'wrong audience': 0, 'alg none': 0, 'another user': 1, viewer: 2, editor: 3, owner: 4 };
  type Need = 'user' | 'viewer' | 'editor' | 'owner';
  const NEED: Record<Need, number> = { user: 1, viewer: 2, editor: 3, owner: 4 };

  interface RouteCase {
    name: string;
    need: Need;
    request: (projectId: string, i: number, p: Principal) => { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object };
  }

  let t: TestApp;
  const users = {} as Record<'owner' | 'editor' | 'viewer' | 'another user' | 'extra', TestUser>;
  const headers = {} as Record<Principal, Record<string, string>>;
  beforeAll(async () => {
    t = await setup();
    for (const name of ['owner', 'editor', 'viewer', 'another user', 'extra'] as const) users[name] = await makeUser(t.app, name.replace(' ', '-'));
    // The owner holds ~20 fixture projects: give them the largest plan so create/duplicate are not limited.
    await t.app.db.execute(
      sql`UPDATE users SET plan_id = COALESCE((SELECT id FROM plans ORDER BY project_limit DESC LIMIT 1), 'free') WHERE id = ${users.owner.id}`,
    );
    headers['no token'] = {};
    headers.expired = { authorization: `Bearer ${await signTestToken(t.app, { sub: 'owner', expiresIn: -300 })}` };
    headers['wrong audience'] = { authorization: `Bearer ${await signTestToken(t.app, { sub: 'owner', audience: 'https://not-our-api.example' })}` };
    headers['alg none'] = { authorization: `Bearer ${unsignedToken(t.app, 'owner')}` };
    for (const p of ['another user', 'viewer', 'editor', 'owner'] as const) headers[p] = users[p].headers;
  });
  afterAll(async () => t?.close());

  /** A project owned by `owner` with editor and viewer members and 8 of each entity (one per principal). */
  async function fixtureProject(n: number): Promise<string> {
    const body = sampleProjectBody(`Matrix ${n}`);
    const layer0 = body.layers[0]!;
    body.layers = PRINCIPALS.map((_, i) => ({ ...layer0, id: `l${i}` }));
    body.timeline.keyframes = PRINCIPALS.map((_, i) => ({ id: `k${i}`, layerId: 'l0', property: 'x', time: i * 10, value: i, easing: 'linear' }));
    body.timeline.timelineScenes = PRINCIPALS.map((_, i) => ({ id: `ts${i}`, sceneId: 'scene_1', startTime: i * 1000, duration: 1000 }));
    const id = `proj_${Date.now()}_${String(n).padStart(24, '0')}`;
    const data = normaliseProjectBody(body, id, new Date().toISOString(), { partial: false });
    await insertProject(t.app.db, users.owner.id, data, stampAll(data, 1));
    await upsertMember(t.app.db, id, users.editor.id, 'editor');
    await upsertMember(t.app.db, id, users.viewer.id, 'viewer');
    await upsertMember(t.app.db, id, users.extra.id, 'viewer');
    return id;
  }

  const ROUTES: RouteCase[] = [
    { name: 'GET /api/me', need: 'user', request: () => ({ method: 'GET', url: '/api/me' }) },
    { name: 'GET /api/projects/list', need: 'user', request: () => ({ method: 'GET', url: '/api/projects/list' }) },
    { name: 'POST /api/projects/create', need: 'user', request: (_id, i) => ({ method: 'POST', url: '/api/projects/create', payload: { name: `new ${i}` } }) },
    { name: 'GET /api/projects/{id}', need: 'viewer', request: (id) => ({ method: 'GET', url: `/api/projects/${id}` }) },
    { name: 'GET /api/projects/members', need: 'viewer', request: (id) => ({ method: 'GET', url: `/api/projects/members?projectId=${id}` }) },
    { name: 'GET /api/scenes/{projectId}', need: 'viewer', request: (id) => ({ method: 'GET', url: `/api/scenes/${id}` }) },
    { name: 'POST /api/projects/duplicate', need: 'viewer', request: (id) => ({ method: 'POST', url: '/api/projects/duplicate', payload: { id } }) },
    {
      name: 'POST /api/projects/update',
      need: 'editor',
      request: (id, i) => ({ method: 'POST', url: '/api/projects/update', payload: { ...sampleProjectBody(`upd ${i}`), id } }),
    },
    {
      name: 'POST /api/scenes/save',
      need: 'editor',
      request: (id) => ({ method: 'POST', url: '/api/scenes/save', payload: { projectId: id, scenes: [], timeline: {} } }),
    },
    {
      name: 'DELETE /api/layers/delete',
      need: 'editor',
      request: (id, i) => ({ method: 'DELETE', url: '/api/layers/delete', payload: { projectId: id, layerId: `l${i}` } }),
    },
    {
      name: 'POST /api/layers/cleanup',
      need: 'editor',
      request: (id, i) => ({
        method: 'POST',
        url: '/api/layers/cleanup',
        payload: { projectId: id, validLayerIds: PRINCIPALS.map((_, j) => `l${j}`).filter((_, j) => j !== i) },
      }),
    },
    {
      name: 'DELETE /api/timeline/delete',
      need: 'editor',
      request: (id, i) => ({ method: 'DELETE', url: '/api/timeline/delete', payload: { projectId: id, keyframeId: `k${i}` } }),
    },
    {
      name: 'POST /api/timeline/cleanup',
      need: 'editor',
      request: (id, i) => ({
        method: 'POST',
        url: '/api/timeline/cleanup',
        payload: { projectId: id, validTimelineSceneIds: PRINCIPALS.map((_, j) => `ts${j}`).filter((_, j) => j !== i) },
      }),
    },
    {
      name: 'POST /api/projects/publish',
      need: 'owner',
      request: (id) => ({ method: 'POST', url: '/api/projects/publish', payload: { projectId: id, enableRealtime: true } }),
    },
    { name: 'POST /api/projects/unpublish', need: 'owner', request: (id) => ({ method: 'POST', url: '/api/projects/unpublish', payload: { projectId: id } }) },
    {
      name: 'POST /api/projects/members',
      need: 'owner',
      request: (id) => ({ method: 'POST', url: '/api/projects/members', payload: { projectId: id, email: users.extra.email, role: 'editor' } }),
    },
    {
      name: 'DELETE /api/projects/members',
      need: 'owner',
      request: (id) => ({ method: 'DELETE', url: '/api/projects/members', payload: { projectId: id, userId: users.extra.id } }),
    },
    { name: 'POST /api/projects/delete', need: 'owner', request: (id) => ({ method: 'POST', url: '/api/projects/delete', payload: { id } }) },
  ];

  describe('authorisation matrix', () => {
    const unauthorisedSuccesses: string[] = [];
    const deniedButAllowed: string[] = [];
    let tried = 0;

    it.each(ROUTES.map((r, n) => [r.name, r, n] as const))('%s', async (_name, route, n) => {
      const projectId = await fixtureProject(n);
      for (const [i, p] of PRINCIPALS.entries()) {
        const res = await t.app.inject({ ...route.request(projectId, i, p), headers: headers[p] });
        tried++;
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        const allowed = RANK[p] >= NEED[route.need];
        if (ok && !allowed) unauthorisedSuccesses.push(`${route.name} as ${p}: ${res.statusCode}`);
        if (!allowed) {
          // Bad tokens are 401; a user without access sees 404 (the project is hidden); members below the role get 403.
          const expected = RANK[p] === 0 ? 401 : p === 'another user' ? 404 : 403;
          expect(res.statusCode, `${route.name} as ${p}`).toBe(expected);
          expect(res.json().error, `${route.name} as ${p}`).toBeTypeOf('string');
        } else if (!ok) {
          deniedButAllowed.push(`${route.name} as ${p}: ${res.statusCode} ${res.body}`);
        }
      }
    });

    it('has 0 unauthorised successes and no refused authorised calls', () => {
      console.log(`authorisation matrix: ${tried} calls, ${unauthorisedSuccesses.length} unauthorised successes`);
      expect(tried).toBe(ROUTES.length * PRINCIPALS.length);
      expect(unauthorisedSuccesses).toEqual([]);
      expect(deniedButAllowed).toEqual([]);
    });

    it('serves an unpublished project to nobody on the public route', async () => {
      const projectId = await fixtureProject(99);
      for (const p of PRINCIPALS) {
        const res = await t.app.inject({ url: `/api/projects/public?id=${projectId}`, headers: headers[p] });
        expect(res.statusCode).toBe(404);
      }
    });
  });
}
