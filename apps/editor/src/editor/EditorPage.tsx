import type { ProjectJson } from '@beamstage/layers';
import { LinkButton, LOADING_TEXTS, LoadingOverlay } from '@beamstage/ui';
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useApi } from '../auth/use-api';
import { relativeTime } from '../dashboard/format';
import { toast } from '../state/ui-store';
import { addLayer, createEditorStore, editLayer, removeLayer } from './editor-store';
import { EditorTopBar } from './EditorTopBar';
import { browserLocalProjects } from './local-projects';
import { loadProject, saveProject } from './project-persistence';
import { Inspector } from './Inspector';
import { LayerList } from './LayerList';
import { moveLayerTo, newImageLayer, SAMPLE_IMAGE_PATH } from './layer-edits';
import { StageCanvas } from './StageCanvas';
import { isTypingTarget, nudgeOffset, setWarpCorner } from './warp-edits';
import { WarpHandles } from './WarpHandles';

/** /editor/{id}: the thin editor (canvas, layers, save, publish, projector link). */
export function EditorPage({ projectId }: { projectId: string }) {
  const api = useApi();
  const store = useMemo(() => createEditorStore(), []);
  const local = useMemo(() => browserLocalProjects(), []);
  const state = useSnapshot(store);
  const [, tick] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadProject(projectId, api, local).then(
      ({ project, fromLocal, revision }) => {
        if (cancelled) return;
        store.project = project;
        store.revision = revision;
        store.lastSaved = project.metadata.modified;
        if (fromLocal) toast('The server could not be reached: opened your local copy', 'info');
      },
      (error: unknown) => {
        if (!cancelled) store.loadError = error instanceof Error ? error.message : String(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, local, projectId, store]);

  // Relative "Saved 2 minutes ago" label refresh.
  useEffect(() => {
    const timer = window.setInterval(() => tick((n) => n + 1), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const save = async () => {
    if (!store.project || store.saving) return;
    store.saving = true;
    try {
      const snapshot = JSON.parse(JSON.stringify(store.project)) as ProjectJson;
      const { modified, revision } = await saveProject(snapshot, store.revision, api, local);
      store.revision = revision ?? store.revision;
      store.project.metadata.modified = modified;
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
    const next = !store.project.metadata.isPublic;
    store.publishing = true;
    try {
      if (next) await api.publish(projectId);
      else await api.unpublish(projectId);
      store.project.metadata.isPublic = next;
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
      const id = store.selectedLayerId;
      if (!id || isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const nudge = nudgeOffset(event.key, event.shiftKey);
      if (nudge) {
        event.preventDefault();
        editLayer(store, id, (l) => moveLayerTo(l, l.x + nudge.x, l.y + nudge.y));
      } else if (event.key === 'e' || event.key === 'E') {
        editLayer(store, id, (l) => void (l.warp = { ...l.warp, enabled: !l.warp.enabled }));
      } else if (event.key === 'Delete') {
        removeLayer(store, id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Leaving with unsaved changes asks first (the browser shows its own wording).
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

  const project = state.project as unknown as ProjectJson;
  const selected = project.layers.find((l) => l.id === state.selectedLayerId) ?? null;
  return (
    <div className="editor">
      <EditorTopBar
        name={project.metadata.name}
        projectId={projectId}
        dirty={state.dirty}
        saving={state.saving}
        lastSavedLabel={state.lastSaved ? relativeTime(state.lastSaved, Date.now()) : null}
        isPublic={project.metadata.isPublic}
        publishing={state.publishing}
        onRename={(name) => {
          if (!store.project) return;
          store.project.metadata.name = name;
          store.dirty = true;
        }}
        onAddImage={() => {
          if (!store.project) return;
          addLayer(store, newImageLayer(store.project, `${import.meta.env.BASE_URL}${SAMPLE_IMAGE_PATH}`, Date.now()));
        }}
        onSave={() => void save()}
        onTogglePublish={() => void togglePublish()}
      />
      <div className="editor__body">
        <aside className="editor__panel">
          <h2 className="panel-title">Layers</h2>
          <LayerList
            layers={project.layers}
            selectedId={state.selectedLayerId}
            onSelect={(id) => {
              store.selectedLayerId = id;
            }}
            onToggleVisible={(id) => editLayer(store, id, (l) => void (l.visible = !l.visible))}
            onRemove={(id) => removeLayer(store, id)}
          />
        </aside>
        <main className="editor__stage">
          <StageCanvas
            project={project}
            overlay={
              selected && selected.visible ? (
                <WarpHandles
                  layer={selected}
                  width={project.canvas.width}
                  height={project.canvas.height}
                  onCorner={(index, to) => editLayer(store, selected.id, (l) => setWarpCorner(l, index, to))}
                />
              ) : null
            }
          />
        </main>
        <aside className="editor__panel editor__panel--right">
          <h2 className="panel-title">Inspector</h2>
          <Inspector
            layer={selected}
            onMove={(x, y) => selected && editLayer(store, selected.id, (l) => moveLayerTo(l, x, y))}
            onOpacity={(opacity) => selected && editLayer(store, selected.id, (l) => void (l.opacity = opacity))}
          />
        </aside>
      </div>
    </div>
  );
}
