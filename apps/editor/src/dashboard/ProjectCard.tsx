import { Badge } from '@beamstage/ui';
import type { ProjectSummary } from '../api/client';
import { projectHues, relativeTime } from './format';

export interface ProjectCardActions {
  onRename?: (project: ProjectSummary) => void;
  onDuplicate?: (project: ProjectSummary) => void;
  onDelete?: (project: ProjectSummary) => void;
}

/** One project on the dashboard: artwork, name, last edit, publish state and quick actions. */
export function ProjectCard({ project, nowMs, onRename, onDuplicate, onDelete }: { project: ProjectSummary; nowMs: number } & ProjectCardActions) {
  const [a, b] = projectHues(project.id);
  const href = `/editor/${encodeURIComponent(project.id)}`;
  return (
    <article className="project-card" data-project-id={project.id}>
      <a className="project-card__art" href={href} aria-label={`Open ${project.name}`} style={{ background: project.thumbnail ? `center/cover url(${project.thumbnail})` : undefined }}>
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
          {project.isPublic ? <Badge tone="live">Published</Badge> : <Badge tone="muted">Draft</Badge>}
        </div>
        <p className="project-card__meta">
          Edited {relativeTime(project.modified, nowMs)}
          {project.role !== 'owner' ? ` · ${project.role}` : ''}
        </p>
        <div className="project-card__actions">
          {onRename ? <button type="button" onClick={() => onRename(project)}>Rename</button> : null}
          {onDuplicate ? <button type="button" onClick={() => onDuplicate(project)}>Duplicate</button> : null}
          {onDelete && project.role === 'owner' ? (
            <button type="button" className="danger" onClick={() => onDelete(project)}>
              Delete
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
