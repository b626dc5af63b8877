import { createDefaultProject, createProjectId } from '@beamstage/layers';
import { Button, Footer, LOADING_TEXTS, LoadingOverlay } from '@beamstage/ui';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, revisionOf } from '../api/client';
import type { ProjectSummary } from '../api/client';
import { knownRuntimeConfig, runtimeConfigOnce } from '../api/runtime-config';
import { useApi } from '../auth/use-api';
import { takePendingAction, useReverify } from '../auth/use-reverify';
import { StudioBar } from '../shell/StudioBar';
import { toast } from '../state/ui-store';
import { readBrowserStorage } from '../files/browser-storage';
import type { BrowserStorage } from '../files/browser-storage';
import { importUploader } from '../files/import-upload';
import { importProjectFile } from '../files/import-project-file';
import type { ImportStep } from '../files/import-project-file';
import { browserLocalDb } from '../services/local-projects';
import { createProjectWithFallback, uploadLocalProjects } from '../services/local-fallback';
import { leaveProject } from '../share/members-api';
import { billingPortalUrl } from './billing-portal';
import { leaveQuestion, leftToast } from './card-actions';
import { DashboardToolbar } from './DashboardToolbar';
import { ImportProjectButton } from './ImportProjectButton';
import { loadPlanUsage } from './plan-usage';
import type { PlanUsage } from './plan-usage';
import { PlanUsagePanel } from './PlanUsagePanel';
import { ProjectCard } from './ProjectCard';
import { arrangeProjects, noMatchText, readDashboardView, writeDashboardView } from './project-view';
import type { DashboardView } from './project-view';
import { useCardPublishing } from './use-card-publishing';
import './dashboard.css';
import { browserProjectThumbnails } from '../services/project-thumbnails';
import { startPictureRead, withReadPictures } from './card-pictures';
import type { PictureRead } from './card-pictures';
import { keptChangesToast } from '../services/kept-changes';

type ListState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; projects: ProjectSummary[] };

/** The tab's sessionStorage, or null where the browser refuses it. */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** /dashboard: the user's projects (newest first, or by name, filtered) and "New project". */
export function DashboardPage() {
  const api = useApi();
  const router = useRouter();
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [creating, setCreating] = useState(false);
  const reloadRef = useRef<() => Promise<void>>(async () => undefined);
  const [limitReached, setLimitReached] = useState(false);
  const [usage, setUsage] = useState<PlanUsage | null>(null);
  const [usageError, setUsageError] = useState<string | null>(null);
  const [browserStorage, setBrowserStorage] = useState<BrowserStorage | null>(null);
  // Sort and filter last for the tab's session, not in any document.
  const [view, setView] = useState<DashboardView>(() => readDashboardView(sessionStore()));
  const changeView = (next: DashboardView) => {
    setView(next);
    writeDashboardView(sessionStore(), next);
  };
  const patchProject = useCallback((id: string, patch: Partial<ProjectSummary>) => {
    setList((l) => (l.status === 'ready' ? { ...l, projects: l.projects.map((p) => (p.id === id ? { ...p, ...patch } : p)) } : l));
  }, []);
  const { publishing, togglePublish, copyLink } = useCardPublishing(api, patchProject);
  // The reads of the store under way: a picture kept meanwhile is newer than what they find.
  const pictureReads = useRef(new Set<PictureRead>());
  // A picture drawn as an editor closes (after this list was read) reaches its card at once.
  useEffect(
    () =>
      browserProjectThumbnails().onPut((id, thumbnail) => {
        for (const read of pictureReads.current) read.putSince.add(id);
        patchProject(id, { thumbnail });
      }),
    [patchProject],
  );

  const reload = useCallback(async () => {
    try {
      const { projects } = await api.listProjects();
      setList({ status: 'ready', projects });
      // Each card's picture as this browser last drew the project (the list carries none), merged by
      // id into the list as it is when the read ends: a picture patched in meanwhile made a new list.
      const read = startPictureRead();
      pictureReads.current.add(read);
      const thumbnails = browserProjectThumbnails();
      void Promise.all(projects.map(async (p) => [p.id, await thumbnails.get(p.id)] as const)).then((found) => {
        pictureReads.current.delete(read);
        const pictures = new Map(found);
        setList((l) => (l.status === 'ready' ? { status: 'ready', projects: withReadPictures(l.projects, pictures, read) } : l));
      });
      // Projects made while the server was away move to it now (spec section 4).
      void browserLocalDb()
        .then((local) => uploadLocalProjects(api, local, () => Date.now()))
        .then(({ moved }) => {
          for (const m of moved) toast(`"${m.name}" was made offline and is now on the server`, 'success');
          if (moved.length > 0) void reloadRef.current();
        });
      loadPlanUsage(api, projects.filter((p) => p.role === 'owner').length).then(
        (u) => {
          setUsage(u);
          setUsageError(null);
        },
        (e: unknown) => setUsageError(`Usage could not be loaded: ${e instanceof Error ? e.message : String(e)}`),
      );
    } catch (error) {
      setList({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, [api]);

  reloadRef.current = reload;
  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    readBrowserStorage().then(setBrowserStorage, () => setBrowserStorage(null));
  }, []);

  // The billing portal only where the studio has billing (a self-hosted one may have none).
  const [billingEnabled, setBillingEnabled] = useState(() => knownRuntimeConfig()?.billingEnabled ?? false);
  useEffect(() => {
    runtimeConfigOnce().then(
      (config) => setBillingEnabled(config.billingEnabled),
      () => undefined,
    );
  }, []);

  const importFile = async (file: File, onStep: (step: ImportStep) => void) => {
    try {
      const imported = await importProjectFile(file, { api, upload: importUploader(api), nowMs: Date.now(), onStep });
      toast(`Imported "${imported.name}"`, 'success');
      await reload();
      return imported;
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setLimitReached(true);
      throw error;
    }
  };

  const createProject = async () => {
    setCreating(true);
    try {
      const nowMs = Date.now();
      const { id, local } = await createProjectWithFallback(createDefaultProject({ id: createProjectId(nowMs), nowMs }), api, await browserLocalDb(), nowMs);
      await router.navigate({ to: '/editor/$id', params: { id } });
      // Said once the editor is there: said before, on a slow machine the editor's code could
      // still be loading when the toast's time ran out, and the user never read it.
      if (local) toast('The server could not be reached: the project is kept in this browser and moves to the server when it is back', 'info');
    } catch (error) {
      // 403 "Project limit reached" is shown as is, with the plans (spec section 8).
      if (error instanceof ApiError && error.status === 403) setLimitReached(true);
      toast(error instanceof ApiError ? error.message : 'Could not create the project', 'error');
      setCreating(false);
    }
  };

  /** Runs `work`; a `{ notApplied }` answer is said instead of `done` (the list reloads either way). */
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      const result = await work();
      const notApplied = (result as { notApplied?: unknown } | undefined)?.notApplied;
      if (typeof notApplied === 'string') toast(notApplied, 'error');
      else toast(done, 'success');
      await reload();
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error), 'error');
    }
  };

  const onRename = (project: ProjectSummary) => {
    const name = window.prompt('Rename project', project.name)?.trim();
    if (!name || name === project.name) return;
    void act(async () => {
      const full = await api.getProject(project.id);
      // Sent as a change from the revision just read, so the server keeps anything newer, and says so.
      const saved = await api.updateProject({ ...full, metadata: { ...full.metadata, name } }, revisionOf(full));
      return { notApplied: keptChangesToast(saved.kept) ?? undefined };
    }, 'Project renamed');
  };
  const onDuplicate = (project: ProjectSummary) => void act(() => api.duplicateProject(project.id), 'Project duplicated');
  // A member leaves instead of deleting (the api lets only the owner delete).
  const onLeave = (project: ProjectSummary) => {
    if (!window.confirm(leaveQuestion(project.name))) return;
    void act(() => leaveProject(api, project.id), leftToast(project.name));
  };
  // Deleting asks for a fresh sign-in when the last one is older than the re-verification window.
  const reverify = useReverify();
  const onDelete = (project: ProjectSummary) => {
    if (!window.confirm(`Delete "${project.name}"? This cannot be undone.`)) return;
    void reverify({ kind: 'delete-project', id: project.id }, '/dashboard').then(
      (fresh) => {
        if (fresh)
          void act(async () => {
            await api.deleteProject(project.id);
            await browserProjectThumbnails().remove(project.id);
          }, 'Project deleted');
      },
      (error: unknown) => toast(`Could not check your sign-in: ${error instanceof Error ? error.message : String(error)}`, 'error'),
    );
  };
  // The billing portal asks for a fresh sign-in the same way; then the tab goes to the portal.
  const [openingPortal, setOpeningPortal] = useState(false);
  const onBillingPortal = () => {
    setOpeningPortal(true);
    const failed = (prefix: string) => (error: unknown) => {
      toast(`${prefix}: ${error instanceof Error ? error.message : String(error)}`, 'error');
      setOpeningPortal(false);
    };
    void reverify({ kind: 'billing-portal' }, '/dashboard').then((fresh) => {
      if (fresh) void billingPortalUrl(api).then((url) => window.location.assign(url), failed('The billing portal could not be opened'));
    }, failed('Could not check your sign-in'));
  };
  // Back from the fresh sign-in an action waited for: a delete is asked again, naming the
  // project; the billing portal opens.
  const pendingDone = useRef(false);
  useEffect(() => {
    if (list.status !== 'ready' || pendingDone.current) return;
    pendingDone.current = true;
    const pending = takePendingAction();
    if (pending?.kind === 'billing-portal') return onBillingPortal();
    const project = pending?.kind === 'delete-project' ? list.projects.find((p) => p.id === pending.id) : undefined;
    if (project) onDelete(project);
  });

  const nowMs = Date.now();
  const shown = list.status === 'ready' ? arrangeProjects(list.projects, view) : [];
  return (
    <div className="dashboard">
      <StudioBar current="/dashboard" />
      <main className="dashboard__main">
        <header className="dashboard__header">
          <div>
            <h1>Your projects</h1>
            <p>Map, sequence and publish. Every project opens on any projector with its link.</p>
          </div>
          <div className="dashboard__actions">
            <ImportProjectButton onImport={importFile} />
            <Button variant="primary" size="lg" onClick={() => void createProject()} disabled={creating}>
              {creating ? 'Creating…' : '+ New project'}
            </Button>
          </div>
        </header>
        {limitReached ? (
          <div className="panel-message panel-message--error" role="alert" data-testid="project-limit">
            <strong>Project limit reached.</strong> Your plan allows {usage?.projectLimit ?? 'no more'} projects. <a href="/pricing">See the plans</a> to make
            more, or delete one you no longer need.
          </div>
        ) : null}
        <PlanUsagePanel
          usage={usage}
          browser={browserStorage}
          error={usageError}
          onBillingPortal={billingEnabled ? onBillingPortal : undefined}
          openingPortal={openingPortal}
        />
        {list.status === 'loading' ? <LoadingOverlay text={LOADING_TEXTS.page} /> : null}
        {list.status === 'error' ? (
          <div className="panel-message panel-message--error" role="alert">
            <strong>Your projects could not be loaded.</strong> {list.message}{' '}
            <Button size="sm" onClick={() => void reload()}>
              Retry
            </Button>
          </div>
        ) : null}
        {list.status === 'ready' && list.projects.length === 0 ? (
          <div className="empty-state">
            <svg viewBox="0 0 120 80" aria-hidden="true">
              <path d="M10 70 L20 14 L100 8 L112 72 Z" fill="none" stroke="currentColor" strokeDasharray="4 4" />
              <circle cx="10" cy="70" r="4" fill="currentColor" />
              <circle cx="112" cy="72" r="4" fill="currentColor" />
            </svg>
            <h2>No projects yet</h2>
            <p>Create your first project, drop in an image and see it on a projector in a minute.</p>
            <Button variant="primary" onClick={() => void createProject()} disabled={creating}>
              Create your first project
            </Button>
          </div>
        ) : null}
        {list.status === 'ready' && list.projects.length > 0 ? (
          <>
            <DashboardToolbar view={view} shown={shown.length} total={list.projects.length} onChange={changeView} />
            {shown.length === 0 ? (
              <div className="dashboard-no-match" role="status" data-testid="no-match">
                <p>{noMatchText(view.filter)}</p>
                <Button size="sm" onClick={() => changeView({ ...view, filter: '' })}>
                  Clear the filter
                </Button>
              </div>
            ) : (
              <section className="project-grid" aria-label="Projects">
                {shown.map((project) => (
                  <ProjectCard
                    key={project.id}
                    project={project}
                    nowMs={nowMs}
                    publishing={publishing.has(project.id)}
                    onRename={onRename}
                    onDuplicate={onDuplicate}
                    onDelete={onDelete}
                    onLeave={onLeave}
                    onTogglePublish={(p) => void togglePublish(p)}
                    onCopyLink={(p) => void copyLink(p)}
                  />
                ))}
              </section>
            )}
          </>
        ) : null}
      </main>
      <Footer />
    </div>
  );
}
