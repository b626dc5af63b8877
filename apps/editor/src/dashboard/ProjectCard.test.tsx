import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '../api/client';
import { aiUsageLine } from './ai-usage';
import { cardActions } from './card-actions';
import { PlanUsagePanel } from './PlanUsagePanel';
import { ProjectCard } from './ProjectCard';

const nowMs = Date.parse('2026-11-22T12:00:00Z');
const noop = () => undefined;
const base: ProjectSummary = {
  id: 'proj_1_a',
  name: 'Apse',
  description: '',
  modified: '2026-11-22T11:00:00Z',
  created: '2026-11-20T09:00:00Z',
  isPublic: false,
  role: 'owner',
};
const card = (project: ProjectSummary, publishing = false) =>
  renderToString(<ProjectCard project={project} nowMs={nowMs} publishing={publishing} onTogglePublish={noop} onCopyLink={noop} onDelete={noop} />);
/** The opening tag of the button whose text is `label`. */
const buttonTag = (html: string, label: string) => html.match(new RegExp(`<button[^>]*>${label}</button>`))?.[0] ?? '';

describe('ProjectCard', () => {
  it('offers Publish on a draft and keeps the projector link off with its reason', () => {
    const html = card(base);
    expect(html).toContain('Draft');
    expect(html).not.toContain('Live');
    expect(buttonTag(html, 'Publish')).not.toContain('disabled');
    expect(buttonTag(html, 'Copy projector link')).toContain('disabled');
    expect(buttonTag(html, 'Copy projector link')).toContain('title="Publish the project first');
  });
  it('shows Published and Live for a live publication, with Unpublish and the link on', () => {
    const html = card({ ...base, isPublic: true, realtime: true });
    expect(html).toMatch(/Live<\/span><\/span><span class="bs-badge bs-badge--live">Published/);
    expect(buttonTag(html, 'Unpublish')).not.toContain('disabled');
    expect(buttonTag(html, 'Copy projector link')).not.toContain('disabled');
    // Published without live mode: no Live badge.
    expect(card({ ...base, isPublic: true, realtime: false })).not.toContain('Live');
  });
  it('turns publishing off while the call runs, and for projects the user does not own', () => {
    expect(buttonTag(card(base, true), 'Publishing…')).toContain('disabled');
    const shared = card({ ...base, role: 'editor' });
    expect(buttonTag(shared, 'Publish')).toContain('title="Only the owner can publish or unpublish"');
    expect(shared).not.toContain('>Delete<');
  });
  it('marks a project shared with the user, with their role', () => {
    const shared = card({ ...base, role: 'viewer' });
    expect(shared).toContain('title="Shared with you: you are a viewer"><span class="bs-badge bs-badge--muted">Shared with you</span>');
    expect(shared).toContain('1 hour ago<!-- --> · Viewer</p>');
    expect(card({ ...base, role: 'editor' })).toContain('1 hour ago<!-- --> · Editor</p>');
    const own = card(base);
    expect(own).not.toContain('Shared');
  });
});

describe('ProjectCard actions by role (what the api permits)', () => {
  const withAll = (role: ProjectSummary['role']) =>
    renderToString(
      <ProjectCard
        project={{ ...base, role }}
        nowMs={nowMs}
        onRename={noop}
        onDuplicate={noop}
        onDelete={noop}
        onLeave={noop}
        onTogglePublish={noop}
        onCopyLink={noop}
      />,
    );
  const labels = (html: string) => [...html.matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((m) => m[1]);
  it('the owner renames, duplicates and deletes, and has no Leave', () => {
    expect(labels(withAll('owner'))).toEqual(['Rename', 'Duplicate', 'Publish', 'Copy projector link', 'Delete']);
  });
  it('an editor renames and duplicates, and leaves instead of deleting', () => {
    expect(labels(withAll('editor'))).toEqual(['Rename', 'Duplicate', 'Publish', 'Copy projector link', 'Leave']);
  });
  it('a viewer is offered neither Rename nor Delete: Duplicate and Leave', () => {
    expect(labels(withAll('viewer'))).toEqual(['Duplicate', 'Publish', 'Copy projector link', 'Leave']);
  });
  it('matches the rules of the api routes', () => {
    expect(cardActions('owner')).toEqual({ rename: true, duplicate: true, delete: true, leave: false });
    expect(cardActions('editor')).toEqual({ rename: true, duplicate: true, delete: false, leave: true });
    expect(cardActions('viewer')).toEqual({ rename: false, duplicate: true, delete: false, leave: true });
  });
});

describe('PlanUsagePanel', () => {
  const usage = { planName: 'Free', projectCount: 1, projectLimit: 3, usedBytes: 0, limitBytes: 100, aiDailyLimit: 5, aiUsedToday: 2 };
  it("shows today's AI use, or the daily limit when the use could not be read", () => {
    expect(renderToString(<PlanUsagePanel usage={usage} browser={null} />)).toContain(
      '<dt>AI generations today</dt><dd data-testid="plan-ai" aria-label="AI generations today: 2 of 5">2 of 5</dd>',
    );
    expect(renderToString(<PlanUsagePanel usage={{ ...usage, aiUsedToday: null }} browser={null} />)).toContain('<dt>AI generations a day</dt>');
    expect(aiUsageLine(usage.aiUsedToday, usage.aiDailyLimit)?.value).toBe('2 of 5');
  });
});
