import type { ProjectJson } from '@beamstage/layers';
import { apiErrorMessage } from '@beamstage/ui';

/** An api failure with the spec's message rule (error, else message, else "API Error"). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export interface ProjectSummary {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly modified: string;
  readonly created: string;
  readonly isPublic: boolean;
  readonly role: 'owner' | 'editor' | 'viewer';
  readonly thumbnail?: string;
  /** Published with live (real-time) mode on; absent from older servers. */
  readonly realtime?: boolean;
  /** The project's own live setting (metadata.syncEnabled); a publish asks for it. */
  readonly syncEnabled?: boolean;
}

/** The server's revision of a stored project (an integer it bumps on each write), if `body` carries one. */
export function revisionOf(body: unknown): number | null {
  if (!body || typeof body !== 'object') return null;
  const { revision } = body as { revision?: unknown };
  return typeof revision === 'number' && Number.isInteger(revision) ? revision : null;
}

/** A project as `GET /projects/{id}` answers it: the document plus the server's top-level `revision`. */
export type RevisionedProject = ProjectJson & { revision?: number };

/**
 * A part of a save the server did not apply because it holds a newer value than the save's base
 * revision (a field changed since the base wins): `path` is the field (`metadata.name`, `canvas`)
 * or the list (`layers`), `id` and `name` the entity of a list.
 */
export interface KeptChange {
  readonly path: string;
  readonly id?: string;
  readonly name?: string;
  readonly reason: string;
}

/** The answer to a write: the new modified time, the revision the project now has, and what did not apply. */
export interface SaveResult {
  readonly ok: true;
  readonly modified: string;
  readonly revision?: number;
  /** Absent from older servers. */
  readonly kept?: readonly KeptChange[];
}

export type TokenSource = () => Promise<string | undefined>;

/** The REST calls the editor makes (spec section 7), with a bearer token from the auth session. */
export class ApiClient {
  constructor(
    private readonly getToken: TokenSource,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
  ) {}

  /** One call; `explicitToken` (spec section 7: "or a token passed explicitly") stands in for the session's. */
  async request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, explicitToken?: string): Promise<T> {
    const token = explicitToken ?? (await this.getToken());
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers['authorization'] = `Bearer ${token}`;
    const response = await this.fetchFn(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const parsed: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(apiErrorMessage(parsed), response.status, parsed);
    return parsed as T;
  }

  listProjects(): Promise<{ projects: ProjectSummary[] }> {
    return this.request('GET', '/projects/list');
  }

  /** A project the caller may read; `token` (optional) is sent instead of the auth session's (spec section 7). */
  getProject(id: string, token?: string): Promise<RevisionedProject> {
    return this.request('GET', `/projects/${encodeURIComponent(id)}`, undefined, token);
  }

  createProject(project: ProjectJson): Promise<ProjectJson> {
    return this.request('POST', '/projects/create', project);
  }

  /**
   * Writes the project as a change computed from `revision` (the revision it was loaded at or last
   * saved as), so the server keeps newer work from others instead of overwriting it. Without a known
   * revision (null) none is sent and the server treats the write as current.
   */
  updateProject(project: ProjectJson, revision: number | null = null): Promise<SaveResult> {
    // A `revision` that rode along on the document (e.g. a spread GET answer) never stands in for the one given.
    const { revision: _stray, ...document } = project as RevisionedProject;
    return this.request('POST', '/projects/update', revision === null ? document : { ...document, revision });
  }

  deleteProject(id: string): Promise<unknown> {
    return this.request('POST', '/projects/delete', { id });
  }

  duplicateProject(id: string): Promise<ProjectJson> {
    return this.request('POST', '/projects/duplicate', { id });
  }

  publish(projectId: string, enableRealtime = false): Promise<unknown> {
    return this.request('POST', '/projects/publish', { projectId, enableRealtime });
  }

  unpublish(projectId: string): Promise<unknown> {
    return this.request('POST', '/projects/unpublish', { projectId });
  }

  /** A billing portal session for the signed-in user's own customer (spec section 7). */
  customerPortal(): Promise<{ url?: unknown }> {
    return this.request('POST', '/stripe-customer-portal', {});
  }
}
