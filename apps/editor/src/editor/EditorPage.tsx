import type { ProjectJson } from '@beamstage/layers';
import type { DragValues } from '@beamstage/sync';
import { applyDragOverrides } from '@beamstage/stage';
import { LinkButton, LOADING_TEXTS, LoadingOverlay } from '@beamstage/ui';
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useApi } from '../auth/use-api';
import { relativeTime } from '../dashboard/format';
import { connectionLabel } from '../live/connection-label';
import type { ProjectEdit } from '../live/project-edits';
import { useLiveSession } from '../live/use-live-session';
import { useServerSave } from '../live/use-server-save';
import { toast } from '../state/ui-store';
import { createEditorStore } from './editor-store';
import { EditorTopBar } from './EditorTopBar';
import { historyShortcut, keepsOwnUndo } from './history-keys';
import { browserLocalProjects } from './local-projects';
import { loadProject, saveProject } from './project-persistence';
import { Inspector } from './Inspector';
import { LayerList } from './LayerList';
import { newImageLayer, SAMPLE_IMAGE_PATH } from './layer-edits';
import { PresenceOutlines } from './PresenceOutlines';
import { StageCanvas } from './StageCanvas';
import { isTypingTarget, nudgeOffset } from './warp-edits';
import { WarpHandles } from './WarpHandles';

/** The edit a drag's release commits: a move when it carries a position, else the corner pin. */
const releaseEdit = (id: string, values: DragValues): ProjectEdit | null => {
  if (values.x !== undefined && values.y !== undefined) return { kind: 'move-layer', id, x: values.x, y: values.y };
  if (values.points) return { kind: 'set-warp-points', id, points: values.points };
  return null;
};

/** /editor/{id}: the thin editor (canvas, layers, save, publish, projector link), editing the live document. */
export function EditorPage({ projectId }: { projectId: string }) {
  const api = useApi();
  const store = useMemo(() => createEditorStore(), []);
  const local = useMemo(() => browserLocalProjects(), []);
  const live = useLiveSession(projectId, store);
  const state = useSnapshot(store);
  const serverSave = useServerSave(store);
  const [, tick] = useState(0);

  // The REST copy paints first (or the local copy when the server fails); the live document takes over when it opens.
  useEffect(() => {
    let cancelled = false;
    loadProject(projectId, api, local).then(
      ({ project, fromLocal, revision }) => {
        if (cancelled) return;
        live.firstPaint(project);
        store.isPublic = project.metadata.isPublic;
        store.revision = revision;
        store.lastSaved = project.metadata.modified;
        if (fromLocal) toast('The server could not be reached: opened your local copy', 'info');
      },
      (error: unknown) => {
        if (!cancelled && !store.project) store.loadError = error instanceof Error ? error.message : String(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, local, projectId, store, live]);

  // Relative "Saved 2 minutes ago" label refresh.
  useEffect(() => {
    const timer = window.setInterval(() => tick((n) => n + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const edit = (e: ProjectEdit) => live.edit(e);

  const save = async () => {
    if (!store.project || store.saving) return;
    store.saving = true;
    try {
      const snapshot = JSON.parse(JSON.stringify(store.project)) as ProjectJson;
      const { modified, revision } = await saveProject(snapshot, store.revision, api, local);
      store.revision = revision ?? store.revision;
      store.lastSaved = modified;
      store.dirty = false;
      toast('Project saved', 'success');
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      store.saving = false;
    }
  };

  const togglePublish = async () => {
    if (!store.project) return;
    const next = !store.isPublic;
    store.publishing = true;
    try {
      // Sync is on unless the project turned it off (spec section 4), so the projector link follows live.
      if (next) await api.publish(projectId, store.project.metadata.syncEnabled ?? true);
      else await api.unpublish(projectId);
      store.isPublic = next;
      toast(next ? 'Published: the projector link works without signing in' : 'Unpublished', 'success');
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      store.publishing = false;
    }
  };

  // Ctrl/Cmd+S saves (also while typing); arrows nudge, E toggles the warp, Delete removes the
  // selected layer, all ignored while typing (spec sections 5 and 9).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
        return;
      }
      // Undo and redo; a text field keeps its own while typing in it.
      const history = historyShortcut(event);
      if (history && !keepsOwnUndo(event.target)) {
        event.preventDefault();
        if (history === 'undo') live.undo();
        else live.redo();
        return;
      }
      const id = store.selectedLayerId;
      if (!id || isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const nudge = nudgeOffset(event.key, event.shiftKey);
      if (nudge) {
        event.preventDefault();
        edit({ kind: 'nudge-layer', id, dx: nudge.x, dy: nudge.y });
      } else if (event.key === 'e' || event.key === 'E') {
        edit({ kind: 'toggle-warp', id });
      } else if (event.key === 'Delete') {
        edit({ kind: 'remove-layer', id });
        live.select(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Leaving with unsaved changes asks first (the browser shows its own wording); live edits are kept.
  useEffect(() => {
    if (!state.dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [state.dirty]);

  if (state.loadError) {
    return (
      <main className="center-message">
        <h1>This project could not be opened</h1>
        <p role="alert">{state.loadError}</p>
        <LinkButton variant="primary" href="/dashboard">Back to your projects</LinkButton>
      </main>
    );
  }
  if (!state.project) return <LoadingOverlay text={LOADING_TEXTS.layers} subText={LOADING_TEXTS.layersSub} />;

  const documentProject = state.project as unknown as ProjectJson;
  // What the stage draws: the document with others' live drags, then our own, on top.
  const own = state.dragPreview as { target: string; values: DragValues } | null;
  const project = applyDragOverrides(documentProject, [...Object.entries(state.remoteDrags as Record<string, DragValues>), ...(own ? [[own.target, own.values] as const] : [])]);
  const selected = project.layers.find((l) => l.id === state.selectedLayerId) ?? null;
  return (
    <div className="editor">
      <EditorTopBar
        name={project.metadata.name}
        projectId={projectId}
        dirty={state.dirty}
        saving={state.saving}
        lastSavedLabel={state.lastSaved ? relativeTime(state.lastSaved, Date.now()) : null}
        isPublic={state.isPublic}
        publishing={state.publishing}
        live={connectionLabel(state.connection, state.docReady, state.liveUnavailable, state.viewOnly)}
        liveEditing={state.docReady}
        serverSave={serverSave}
        peers={state.peers}
        onRename={(name) => edit({ kind: 'rename-project', name })}
        onAddImage={() => {
          if (!store.project) return;
          const layer = newImageLayer(store.project, `${import.meta.env.BASE_URL}${SAMPLE_IMAGE_PATH}`, Date.now());
          edit({ kind: 'add-layer', layer });
          live.select(layer.id);
        }}
        history={state.history}
        onUndo={() => live.undo()}
        onRedo={() => live.redo()}
        onSave={() => void save()}
        onTogglePublish={() => void togglePublish()}
      />
      <div className="editor__body">
        <aside className="editor__panel">
          <h2 className="panel-title">Layers</h2>
          <LayerList
            layers={project.layers}
            selectedId={state.selectedLayerId}
            onSelect={(id) => live.select(id)}
            onToggleVisible={(id) => edit({ kind: 'toggle-visible', id })}
            onRemove={(id) => {
              edit({ kind: 'remove-layer', id });
              if (store.selectedLayerId === id) live.select(null);
            }}
          />
        </aside>
        <main className="editor__stage">
          <StageCanvas
            project={project}
            overlay={
              <>
                <PresenceOutlines layers={project.layers} peers={state.peers} width={project.canvas.width} height={project.canvas.height} />
                {selected && selected.visible && !state.viewOnly ? (
                  <WarpHandles
                    layer={selected}
                    width={project.canvas.width}
                    height={project.canvas.height}
                    onDrag={(values) => live.dragMove(selected.id, values)}
                    onRelease={(values) => {
                      const release = releaseEdit(selected.id, values);
                      if (release) live.dragEnd(selected.id, values, release);
                    }}
                  />
                ) : null}
              </>
            }
          />
        </main>
        <aside className="editor__panel editor__panel--right">
          <h2 className="panel-title">Inspector</h2>
          <Inspector
            layer={selected}
            onMove={(x, y) => selected && edit({ kind: 'move-layer', id: selected.id, x, y })}
            onOpacity={(opacity) => selected && edit({ kind: 'set-opacity', id: selected.id, opacity })}
            onRename={(name) => selected && edit({ kind: 'rename-layer', id: selected.id, name })}
          />
        </aside>
      </div>
    </div>
  );
}
