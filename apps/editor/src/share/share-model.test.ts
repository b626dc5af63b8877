import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { fetchMembers, putMember, removeMember } from './members-api';
import type { MembersRequest } from './members-api';
import { SHARE_NEEDS_SERVER_OFFLINE, emailProblem, findMe, isUnreachable, memberName, shareErrorText, sharePermissions } from './share-model';
import type { ProjectMember } from './share-model';

const owner: ProjectMember = { userId: 'u-owner', email: 'ada@example.com', name: 'Ada', role: 'owner' };
const editor: ProjectMember = { userId: 'u-ed', email: 'bo@example.com', name: null, role: 'editor' };
const viewer: ProjectMember = { userId: 'u-vi', email: 'cy@example.com', name: 'Cy', role: 'viewer' };
const members = [owner, editor, viewer];

describe('who the signed-in user is, and what they may do', () => {
  it('finds the user by id, else by e-mail whatever its case', () => {
    expect(findMe(members, { sub: 'u-vi' })).toBe(viewer);
    expect(findMe(members, { sub: 'other-id', email: ' BO@Example.com ' })).toBe(editor);
    expect(findMe(members, { sub: 'nobody', email: 'nobody@example.com' })).toBeNull();
    expect(findMe(members, null)).toBeNull();
  });
  it('lets only the owner manage, and only members leave', () => {
    expect(sharePermissions('owner')).toEqual({ canManage: true, canLeave: false });
    expect(sharePermissions('editor')).toEqual({ canManage: false, canLeave: true });
    expect(sharePermissions('viewer')).toEqual({ canManage: false, canLeave: true });
    expect(sharePermissions(null)).toEqual({ canManage: false, canLeave: false });
  });
  it('names a member by name, else e-mail', () => {
    expect(memberName(owner)).toBe('Ada');
    expect(memberName(editor)).toBe('bo@example.com');
    expect(memberName({ ...editor, email: null })).toBe('Unknown user');
  });
  it('refuses an empty field or text that is no address itself (the api judges the rest)', () => {
    expect(emailProblem('  ')).toMatch(/Enter the e-mail/);
    expect(emailProblem('ab')).toBe('"ab" is not an e-mail address: enter one like name@example.com');
    expect(emailProblem('bo@')).toMatch(/not an e-mail address/);
    expect(emailProblem('b o@example.com')).toMatch(/not an e-mail address/);
    expect(emailProblem(' bo@example.com ')).toBeNull();
    expect(emailProblem('bo@localhost')).toBeNull();
  });
});

describe('error sentences', () => {
  it("shows the api's error with its detail", () => {
    const body = { error: 'User not found', message: 'No Beamstage user has this e-mail yet; they need to sign in once first' };
    expect(shareErrorText(new ApiError('User not found', 404, body))).toBe(
      'User not found: No Beamstage user has this e-mail yet; they need to sign in once first',
    );
    const same = { error: 'The owner cannot also be a member', message: 'The owner cannot also be a member' };
    expect(shareErrorText(new ApiError(same.error, 400, same))).toBe('The owner cannot also be a member');
  });
  it('says sharing needs the server when there is no answer', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachable(new ApiError('API Error', 502, null))).toBe(true);
    expect(isUnreachable(new ApiError('Forbidden', 403, { error: 'Forbidden' }))).toBe(false);
    expect(shareErrorText(new TypeError('Failed to fetch'))).toBe(SHARE_NEEDS_SERVER_OFFLINE);
  });
});

describe('the members calls', () => {
  const recorder = (answer: unknown = { ok: true }) => {
    const calls: [string, string, unknown][] = [];
    const api: MembersRequest = {
      request: <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => {
        calls.push([method, path, body]);
        return Promise.resolve(answer as T);
      },
    };
    return { api, calls };
  };
  it('lists, adds (trimmed), changes and removes with the bodies the api reads', async () => {
    const { api, calls } = recorder({ members });
    expect(await fetchMembers(api, 'proj 1')).toEqual(members);
    await putMember(api, 'proj_1', '  bo@example.com ', 'viewer');
    await removeMember(api, 'proj_1', 'u-ed');
    expect(calls).toEqual([
      ['GET', '/projects/members?projectId=proj%201', undefined],
      ['POST', '/projects/members', { projectId: 'proj_1', email: 'bo@example.com', role: 'viewer' }],
      ['DELETE', '/projects/members', { projectId: 'proj_1', userId: 'u-ed' }],
    ]);
  });
});
