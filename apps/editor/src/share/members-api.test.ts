import { describe, expect, it } from 'vitest';
import { leaveProject } from './members-api';
import type { MembersRequest } from './members-api';

/** Records each call and answers GET /me with `me`. */
function recorder(me: unknown) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const api: MembersRequest = {
    request: (async (method: string, path: string, body?: unknown) => {
      calls.push({ method, path, body });
      return path === '/me' ? me : { ok: true };
    }) as MembersRequest['request'],
  };
  return { api, calls };
}

describe('leaving a project from its dashboard card', () => {
  it("removes the member by the api's own id for them", async () => {
    const { api, calls } = recorder({ id: 'u-api-7', email: 'bo@example.com' });
    await leaveProject(api, 'proj_1_a');
    expect(calls).toEqual([
      { method: 'GET', path: '/me', body: undefined },
      { method: 'DELETE', path: '/projects/members', body: { projectId: 'proj_1_a', userId: 'u-api-7' } },
    ]);
  });
  it('removes nobody when the account cannot be read', async () => {
    const { api, calls } = recorder({});
    await expect(leaveProject(api, 'proj_1_a')).rejects.toThrow('Your account could not be read');
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });
});
