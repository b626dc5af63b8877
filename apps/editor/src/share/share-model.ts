import { ApiError } from '../api/client';

/** A person with access to a project, as `GET /api/projects/members` lists them (the owner first). */
export interface ProjectMember {
  readonly userId: string;
  readonly email: string | null;
  readonly name: string | null;
  readonly role: MemberRole;
}

export type MemberRole = 'owner' | 'editor' | 'viewer';
/** The roles the owner can give (the api's `role` enum). */
export type GrantedRole = Exclude<MemberRole, 'owner'>;

export const ROLE_LABELS: Readonly<Record<MemberRole, string>> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

/** The signed-in user as the auth session knows them (the api's user id is the token's subject). */
export interface SignedInUser {
  readonly sub?: string | null;
  readonly email?: string | null;
}

/** What the dialog shows instead of the list when there is nothing to share with. */
export const SHARE_NEEDS_SERVER_LOCAL =
  'This project is kept in this browser only. Sharing needs the server: once the project is saved there, you can share it.';
export const SHARE_NEEDS_SERVER_OFFLINE = 'Sharing needs the server, and it cannot be reached now. Try again when you are back online.';

/** The signed-in user's row of the list: by user id, else by e-mail (the api stores e-mails lower case). */
export function findMe(members: readonly ProjectMember[], me: SignedInUser | null): ProjectMember | null {
  if (!me) return null;
  const email = me.email?.trim().toLowerCase();
  return members.find((m) => (me.sub && m.userId === me.sub) || (email && m.email?.toLowerCase() === email)) ?? null;
}

/** What the user may do in the dialog: only the owner manages; a member (editor or viewer) may leave. */
export interface SharePermissions {
  readonly canManage: boolean;
  readonly canLeave: boolean;
}

export function sharePermissions(myRole: MemberRole | null): SharePermissions {
  return { canManage: myRole === 'owner', canLeave: myRole === 'editor' || myRole === 'viewer' };
}

/** A member's name for the list: their name, else their e-mail. */
export function memberName(member: ProjectMember): string {
  return member.name?.trim() || member.email || 'Unknown user';
}

/**
 * The e-mail field's own check before any call: an empty field, or text that cannot be an address
 * (no "@" with something either side, or spaces). Whether an address belongs to a Beamstage user is
 * the api's answer, shown as it gives it.
 */
export function emailProblem(raw: string): string | null {
  const email = raw.trim();
  if (email === '') return 'Enter the e-mail address of the person to add';
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return `"${email}" is not an e-mail address: enter one like name@example.com`;
  return null;
}

/** Whether a failed call means the server is out of reach (no answer, or the proxy's gateway error without a body). */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 502 && error.status <= 504 && error.body === null;
  return error instanceof TypeError;
}

/**
 * The sentence for a failed call: the api's `error` (the spec's rule, ApiError's message) with its
 * `message` when that adds detail ("User not found: No Beamstage user has this e-mail yet ...").
 */
export function shareErrorText(error: unknown): string {
  if (isUnreachable(error)) return SHARE_NEEDS_SERVER_OFFLINE;
  if (error instanceof ApiError) {
    const detail = (error.body as { message?: unknown } | null)?.message;
    return typeof detail === 'string' && detail && detail !== error.message ? `${error.message}: ${detail}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
