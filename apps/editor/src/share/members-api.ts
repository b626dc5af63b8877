import type { ApiClient } from '../api/client';
import type { GrantedRole, ProjectMember } from './share-model';

/** The one call of the api client these use (a recorder stands in for it in tests). */
export type MembersRequest = Pick<ApiClient, 'request'>;

/** The owner and members of a project (any member may read it). */
export async function fetchMembers(api: MembersRequest, projectId: string): Promise<ProjectMember[]> {
  const answer = await api.request<{ members: ProjectMember[] }>('GET', `/projects/members?projectId=${encodeURIComponent(projectId)}`);
  return answer.members;
}

/** Adds a member by e-mail, or changes an existing member's role (owner only; the api decides). */
export async function putMember(api: MembersRequest, projectId: string, email: string, role: GrantedRole): Promise<void> {
  await api.request('POST', '/projects/members', { projectId, email: email.trim(), role });
}

/** Removes a member (owner), or the signed-in member themself (leaving). */
export async function removeMember(api: MembersRequest, projectId: string, userId: string): Promise<void> {
  await api.request('DELETE', '/projects/members', { projectId, userId });
}

/**
 * The signed-in member leaves a project (from a dashboard card): the api's own id for them first
 * (`GET /api/me`; the auth session's subject need not be it), then the same removal as the Share
 * dialog's Leave.
 */
export async function leaveProject(api: MembersRequest, projectId: string): Promise<void> {
  const me = await api.request<{ id?: unknown }>('GET', '/me');
  if (typeof me.id !== 'string' || me.id === '') throw new Error('Your account could not be read: try again');
  await removeMember(api, projectId, me.id);
}
