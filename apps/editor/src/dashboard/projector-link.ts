import type { ProjectSummary } from '../api/client';
import { isLocalProjectId } from '../services/local-fallback';
import { projectorPath } from '../services/projector-path';

/** The absolute projector address of a project: what a venue machine opens. */
export function projectorLink(origin: string, projectId: string): string {
  return `${origin.replace(/\/+$/, '')}${projectorPath(projectId)}`;
}

/** Why "Copy projector link" is off for a card, or null when it is on. */
export function copyLinkDisabledReason(project: Pick<ProjectSummary, 'isPublic'>): string | null {
  return project.isPublic ? null : 'Publish the project first: a draft projector link shows nothing to the audience';
}

/** Why publish/unpublish is off for a card, or null when it is on (only the owner publishes). */
export function publishDisabledReason(project: Pick<ProjectSummary, 'role' | 'id'>): string | null {
  if (project.role !== 'owner') return 'Only the owner can publish or unpublish';
  if (isLocalProjectId(project.id)) return 'This project is kept in this browser until the server is back; it can be published then';
  return null;
}
