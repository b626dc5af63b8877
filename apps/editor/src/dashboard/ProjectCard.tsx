import { Badge } from '@beamstage/ui';
import type { ProjectSummary } from '../api/client';
import { cardActions } from './card-actions';
import { projectHues, relativeTime } from './format';
import { copyLinkDisabledReason, publishDisabledReason } from './projector-link';

export interface ProjectCardActions {
  onRename?: (project: ProjectSummary) => void;
  onDuplicate?: (project: ProjectSummary) => void;
  onDelete?: (project: ProjectSummary) => void;
  /** A member gives up their access to a project someone else owns (the Share dialog's Leave). */
  onLeave?: (project: ProjectSummary) => void;
  /** Publishes a draft or unpublishes a published project (the editor's Publish switch's call). */
  onTogglePublish?: (project: ProjectSummary) => void;
  onCopyLink?: (project: ProjectSummary) => void;
}

/** One project on the dashboard: artwork, name, last edit, publish and live state and quick actions. */
export function ProjectCard({
  project,
  nowMs,
  publishing = false,
  onRename,
  onDuplicate,
  onDelete,
  onLeave,
  onTogglePublish,
  onCopyLink,
}: { project: ProjectSummary; nowMs: number; publishing?: boolean } & ProjectCardActions) {
  const [a, b] = projectHues(project.id);
  const href = `/editor/${encodeURIComponent(project.id)}`;
  const publishOff = publishDisabledReason(project);
  const copyOff = copyLinkDisabledReason(project);
  const live = project.isPublic && project.realtime === true;
  // A project someone else owns, listed because they made this user a member (the api lists both).
  const shared = project.role !== 'owner';
  // Only what the api lets this role do: a viewer renaming or anyone but the owner deleting is refused there.
  const may = cardActions(project.role);
  return (
    <article className="project-card" data-project-id={project.id} aria-label={project.name}>
      <a
        className="project-card__art"
        href={href}
        aria-label={`Open ${project.name}`}
        style={{ background: project.thumbnail ? `center/cover url(${project.thumbnail})` : undefined }}
      >
        {project.thumbnail ? null : (
          <svg viewBox="0 0 160 90" preserveAspectRatio="none" aria-hidden="true">
            <defs>
              <linearGradient id={`g-${project.id}`} x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor={`hsl(${a} 85% 60%)`} />
                <stop offset="1" stopColor={`hsl(${b} 85% 55%)`} />
              </linearGradient>
            </defs>
            <rect width="160" height="90" fill="#07080f" />
            <path d="M30 78 L38 18 L122 12 L132 80 Z" fill={`url(#g-${project.id})`} opacity="0.9" />
            <path d="M30 78 L38 18 L122 12 L132 80 Z" fill="none" stroke="#fff" strokeOpacity="0.5" strokeDasharray="3 3" />
          </svg>
        )}
      </a>
      <div className="project-card__body">
        <div className="project-card__title">
          <a href={href}>{project.name}</a>
          <span className="project-card__badges" data-testid="project-badges">
            {live ? (
              <span className="project-card__live" title="Live: projectors follow every edit as it happens">
                <Badge>
                  <span className="project-card__live-dot" aria-hidden="true" />
                  Live
                </Badge>
              </span>
            ) : null}
            {shared ? (
              <span className="project-card__shared" title={`Shared with you: you are ${project.role === 'editor' ? 'an editor' : 'a viewer'}`}>
                <Badge tone="muted">Shared with you</Badge>
              </span>
            ) : null}
            {project.isPublic ? <Badge tone="live">Published</Badge> : <Badge tone="muted">Draft</Badge>}
          </span>
        </div>
        <p className="project-card__meta">
          Edited {relativeTime(project.modified, nowMs)}
          {shared ? ` · ${project.role === 'editor' ? 'Editor' : 'Viewer'}` : ''}
        </p>
        <div className="project-card__actions">
          {onRename && may.rename ? (
            <button type="button" onClick={() => onRename(project)}>
              Rename
            </button>
          ) : null}
          {onDuplicate && may.duplicate ? (
            <button type="button" onClick={() => onDuplicate(project)}>
              Duplicate
            </button>
          ) : null}
          {onTogglePublish ? (
            <button
              type="button"
              onClick={() => onTogglePublish(project)}
              disabled={publishing || publishOff !== null}
              title={publishOff ?? undefined}
              aria-busy={publishing}
            >
              {publishing ? (project.isPublic ? 'Unpublishing…' : 'Publishing…') : project.isPublic ? 'Unpublish' : 'Publish'}
            </button>
          ) : null}
          {onCopyLink ? (
            <button
              type="button"
              onClick={() => onCopyLink(project)}
              disabled={copyOff !== null}
              title={copyOff ?? 'Copies the projector address to the clipboard'}
            >
              Copy projector link
            </button>
          ) : null}
          {onDelete && may.delete ? (
            <button type="button" className="danger" onClick={() => onDelete(project)}>
              Delete
            </button>
          ) : null}
          {onLeave && may.leave ? (
            <button type="button" onClick={() => onLeave(project)} title="Give up your access to this shared project">
              Leave
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
