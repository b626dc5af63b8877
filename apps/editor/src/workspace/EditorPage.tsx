import type { ProjectJson } from '@beamstage/layers';
import { LinkButton, LOADING_TEXTS, LoadingOverlay } from '@beamstage/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { EditorContext } from '../actions/context';
import { editorRegistry } from '../actions/editor-actions';
import { IS_MAC, useActionKeys } from '../actions/use-action-keys';
import { useApi } from '../auth/use-api';
import { relativeTime } from '../dashboard/format';
import { BackupsHost } from '../files/BackupsHost';
import { FileMenu } from '../files/FileMenu';
import { saveStoppingPlayback } from '../files/save-with-playback';
import { backupNow, useFileCommands } from '../files/use-file-commands';
import { useLeaveGuard } from '../files/leave-guard';
import { formatShortcut } from '../actions/shortcut';
import { CodePanel } from '../code/CodePanel';
import { AiCodePrompt } from '../ai/AiCodePrompt';
import { AiGenerateDialog } from '../ai/AiGenerateDialog';
import { GifSearchHost } from '../gifs/GifSearchHost';
import { Inspector } from '../inspector/Inspector';
import { sameLayerOutsideLive } from '../inspector/live-layer';
import { MaskToolHost } from '../mask/MaskToolHost';
import { connectionLabel, liveIsOffline } from '../live/connection-label';
import { useCloseCodeWhenGone } from '../code/close-when-gone';
import type { ProjectEdit } from '../live/project-edits';
import { useLiveSession } from '../live/use-live-session';
import { useServerSave } from '../live/use-server-save';
import { editorPlayback } from '../services/editor-playback';
import { useProjectThumbnail } from '../files/use-project-thumbnail';
import { AddLayerHost } from '../media/AddLayerHost';
import { EditorDropTarget } from '../media/EditorDropTarget';
import { useOfflineMedia } from '../media/use-offline-media';
import { useLocalProject } from '../files/use-local-project';
import { isLocalProjectId } from '../services/local-fallback';
import { saveNoteFor } from '../services/local-save';
import { UploadTray } from '../media/UploadTray';
import { useUploadQueue } from '../media/use-upload-queue';
import { AssetDropTarget } from '../panels/assets/AssetDropTarget';
import { AssetsTab } from '../panels/assets/AssetsTab';
import { ShareHost } from '../share/ShareHost';
import { LayersPanel } from '../panels/layers/LayersPanel';
import { EditorScenes } from '../panels/scenes/EditorScenes';
import { EditorTimeline } from '../panels/timeline/EditorTimeline';
import { useShowSetup } from '../panels/timeline/use-show-setup';
import { createShownSource } from '../stage/shown-source';
import { createCleanupQueue, withServerCleanup } from '../services/server-cleanup';
import { ShownSlice } from '../state/ShownSlice';
import { snapshotField, useSlice } from '../state/source';
import { sameLayerRows } from '../panels/layers/same-layer-rows';
import { OutputsIndicator } from '../panels/outputs/OutputsIndicator';
import { OutputsPanel } from '../panels/outputs/OutputsPanel';
import { browserLocalProjects } from '../services/local-projects';
import { loadProject } from '../services/project-persistence';
import { StageArea } from '../stage/StageArea';
import { sessionViewport } from '../stage/tools/session-viewport';
import { createEditorStore } from '../state/editor-store';
import { browserSessionStore } from '../state/session-store';
import { toast } from '../state/ui-store';
import { ActionButton } from './ActionButton';
import { AddMenu } from './AddMenu';
import { CommandPalette } from './CommandPalette';
import { EditorTopBar } from './EditorTopBar';
import { LeftDock } from './LeftDock';
import { ShortcutPanel } from './ShortcutPanel';
import { EVENTS } from '../services/event-bus';
import { editorBus } from '../services/editor-bus';
import { logger } from '../services/logger';
import { LiveStatusBar } from './LiveStatusBar';
import { AccessLostNotice } from './AccessLostDialog';
import { ACCESS_LOST_STATUS } from '../live/access-lost';
import { useProjectCommands } from './use-project-commands';
import { Workspace } from './Workspace';
import { addressCheckFor } from '../inspector/address-check';
import { browserUrlPolicy } from '../media/layer-url-policy';
import './workspace.css';

const ADD_ACTIONS = editorRegistry.actions.filter((a) => a.group === 'add');
const FILE_ACTIONS = editorRegistry.actions.filter((a) => a.group === 'file' && a.id !== 'file.retry-live');

/** /editor/{id}: the mapping workspace, editing the live document through the action registry. */
/** The inspector refuses the same addresses as the Add dialogs (design.md section 4 rule 3). */
const inspectorAddressCheck = addressCheckFor(browserUrlPolicy());

export function EditorPage({ projectId }: { projectId: string }) {
  const api = useApi();
  const store = useMemo(() => createEditorStore(), []);
  const session = browserSessionStore();
  const local = useMemo(() => browserLocalProjects(), []);
  const liveSession = useLiveSession(projectId, store);
  // Deleting over REST (real-time unavailable) also sends the spec's cleanup calls (services/server-cleanup.ts).
  const live = useMemo(() => {
    const queue = createCleanupQueue({
      request: (method, path, body) => api.request(method, path, body),
      revision: () => store.revision,
      setRevision: (revision) => void (store.revision = revision),
      onRefused: (message) => toast(message, 'error'),
      onFailed: (call, error) => logger('timeline').warn(`${call.method} /api${call.path} failed: ${error instanceof Error ? error.message : String(error)}`),
    });
    return withServerCleanup(liveSession, store, projectId, !isLocalProjectId(projectId), queue);
  }, [liveSession, store, projectId, api]);
  const state = useSnapshot(store);
  // The document as a plain snapshot: the panels walk it (thousands of keyframes) without tracking proxies.
  const projectSource = useMemo(() => snapshotField(store, 'project'), [store]);
  const documentSnapshot = useSlice(projectSource, (p) => p);
  // The dashboard card's picture of this project, drawn when the document is quiet.
  useProjectThumbnail(projectId, projectSource);
  const serverSave = useServerSave(store);
  // What the stage shows, followed outside this page's render: playback, fades and drags re-render only what shows them.
  const shown = useMemo(() => createShownSource(store), [store]);
  const sessionState = useSnapshot(session);
  const [, tick] = useState(0);
  const { save, togglePublish } = useProjectCommands(projectId, store, api, local, live);

  const files = useFileCommands(store, api);
  // Every save also writes a local backup (spec section 3); its failure is logged, never shown.
  const saveAndBackup = useCallback(async () => {
    // Spec section 4: a save while the timeline plays stops it first.
    const playback = { isPlaying: () => store.playback === 'playing', stop: () => editorPlayback({ store, live }).stop() };
    await saveStoppingPlayback(save, playback, (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)));
    await backupNow(store, Date.now());
  }, [save, store, live]);
  const ctx = useMemo<EditorContext>(
    () => ({ projectId, store, session, live, save: saveAndBackup, togglePublish, toast, now: () => Date.now(), files }),
    [projectId, store, session, live, saveAndBackup, togglePublish, files],
  );
  useActionKeys(editorRegistry, ctx);
  useShowSetup(ctx);
  const uploads = useUploadQueue(projectId, api);
  // Media copied into the browser; the stage draws from it once the api could not be reached.
  const offlineMedia = useOfflineMedia(projectId, store);
  // A project kept only in this browser (local_): written locally on every edit, moved to the server when it is back.
  useLocalProject(projectId, store, api);

  // The timeline drawer follows its spec event; the listener manager's audit runs every 30 s.
  useEffect(() => {
    const off = editorBus.on(EVENTS.toggleTimeline, () => {
      session.drawerOpen = !session.drawerOpen;
    });
    const audit = window.setInterval(() => editorBus.audit(), 30_000);
    logger('startup').info(`Editor opened project ${projectId}`);
    return () => {
      off();
      window.clearInterval(audit);
    };
  }, [session, projectId]);

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
        if (fromLocal && !isLocalProjectId(projectId)) toast('The server could not be reached: opened your local copy', 'info');
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

  // Leaving with unsaved changes asks first (the browser shows its own wording); live edits are kept.
  useEffect(() => {
    if (!state.dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [state.dirty]);
  // ...and the same when a link leaves for the dashboard in the page.
  useLeaveGuard(store);
  useCloseCodeWhenGone(store, state.codeLayerId, documentSnapshot as ProjectJson | null);

  if (state.loadError) {
    return (
      <main className="center-message">
        <h1>This project could not be opened</h1>
        <p role="alert">{state.loadError}</p>
        <LinkButton variant="primary" href="/dashboard">
          Back to your projects
        </LinkButton>
      </main>
    );
  }
  if (!documentSnapshot) return <LoadingOverlay text={LOADING_TEXTS.layers} subText={LOADING_TEXTS.layersSub} />;

  const edit = (e: ProjectEdit) => live.edit(e);
  // This page reads the document only; what the timeline and drags show is read from `shown` by the parts that show it.
  const project = documentSnapshot as ProjectJson;
  const documentProject = project;
  const selectedId = state.selectedLayerId;
  const selected = project.layers.find((l) => l.id === selectedId) ?? null;
  const liveLabel = connectionLabel(state.connection, state.docReady, state.liveUnavailable, state.viewOnly);
  const selectionCount = state.selectedLayerIds.length;
  const action = (id: string) => editorRegistry.get(id);
  const codeLayer = state.codeLayerId ? (documentProject.layers.find((l) => l.id === state.codeLayerId) ?? null) : null;

  return (
    <Workspace
      session={session}
      topBar={
        <EditorTopBar
          name={project.metadata.name}
          projectId={projectId}
          dirty={state.dirty}
          saving={state.saving}
          lastSavedLabel={state.lastSaved ? relativeTime(state.lastSaved, Date.now()) : null}
          isPublic={state.isPublic}
          publishing={state.publishing}
          live={liveLabel}
          liveEditing={state.docReady}
          serverSave={serverSave}
          saveNote={
            state.accessLost
              ? ACCESS_LOST_STATUS[state.accessLost.reason]
              : saveNoteFor({ note: state.saveNote, liveOffline: liveIsOffline(liveLabel) && state.docReady, serverSaved: state.serverSaved })
          }
          peers={state.peers}
          onRename={(name) => edit({ kind: 'rename-project', name })}
          onTogglePublish={() => void togglePublish()}
          tools={
            <>
              <div className="editor-bar__history" role="group" aria-label="History">
                <ActionButton action={action('edit.undo')} ctx={ctx} className="bs-btn bs-btn--ghost bs-btn--sm" />
                <ActionButton action={action('edit.redo')} ctx={ctx} className="bs-btn bs-btn--ghost bs-btn--sm" />
              </div>
              <AddMenu actions={ADD_ACTIONS} ctx={ctx} />
              <FileMenu actions={FILE_ACTIONS} ctx={ctx} />
              <OutputsIndicator outputs={state.outputs} onOpen={() => void action('view.outputs-tab')?.perform(ctx)} />
            </>
          }
          commands={
            <>
              {(liveLabel.tone === 'error' || liveLabel.tone === 'unavailable') && !state.accessLost ? (
                <ActionButton action={action('file.retry-live')} ctx={ctx} className="bs-btn bs-btn--secondary bs-btn--sm" withLabel>
                  Retry
                </ActionButton>
              ) : null}
              <ActionButton action={action('project.share')} ctx={ctx} className="bs-btn bs-btn--secondary bs-btn--sm">
                Share
              </ActionButton>
              <ActionButton action={action('view.palette')} ctx={ctx} className="bs-btn bs-btn--ghost bs-btn--sm" />
              <ActionButton action={action('help.shortcuts')} ctx={ctx} className="bs-btn bs-btn--ghost bs-btn--sm" />
              <ActionButton action={action('file.save')} ctx={ctx} className="bs-btn bs-btn--primary">
                {state.saving ? 'Saving…' : 'Save'}
              </ActionButton>
            </>
          }
        />
      }
      left={
        <LeftDock
          active={sessionState.leftTab}
          onSelect={(tab) => (session.leftTab = tab)}
          tabs={[
            {
              id: 'layers',
              label: 'Layers',
              content: (
                <ShownSlice source={shown} select={(p) => p?.layers ?? project.layers} equal={sameLayerRows}>
                  {(layers) => (
                    <LayersPanel
                      ctx={ctx}
                      layers={layers}
                      selectedIds={state.selectedLayerIds}
                      primaryId={state.selectedLayerId}
                      renamingId={state.renamingLayerId}
                      action={action}
                    />
                  )}
                </ShownSlice>
              ),
            },
            { id: 'scenes', label: 'Scenes', content: <EditorScenes ctx={ctx} registry={editorRegistry} scenes={documentProject.scenes} /> },
            {
              id: 'assets',
              label: 'Assets',
              content: <AssetsTab ctx={ctx} api={api} queue={uploads} assets={project.assets} readOnly={state.viewOnly} offline={offlineMedia} />,
            },
            {
              id: 'outputs',
              label: 'Outputs',
              content: <OutputsPanel ctx={ctx} outputs={state.outputs} disabled={state.viewOnly || !state.docReady} />,
            },
          ]}
        />
      }
      drawer={<EditorTimeline ctx={ctx} registry={editorRegistry} project={documentProject} />}
      stage={
        <AssetDropTarget ctx={ctx}>
          <StageArea
            ctx={ctx}
            source={shown}
            localMedia={offlineMedia.local}
            peers={state.peers}
            selectedId={state.selectedLayerId}
            viewOnly={state.viewOnly}
          />
        </AssetDropTarget>
      }
      inspector={
        <>
          <h2 className="panel-title">Inspector</h2>
          {/* The fields of values a drag or the playhead moves follow `shown` by themselves: the inspector re-renders when anything else changes. */}
          <ShownSlice source={shown} select={(p) => p?.layers.find((l) => l.id === selectedId) ?? selected} equal={sameLayerOutsideLive}>
            {(layer) => (
              <Inspector
                layer={layer}
                shown={shown}
                layers={project.layers}
                canvas={project.canvas}
                readOnly={state.viewOnly}
                onUpdateLayer={(id, patch, field) => edit({ kind: 'update-layer', id, patch, field })}
                onRename={(id, name) => edit({ kind: 'rename-layer', id, name })}
                onUpdateCanvas={(patch) => edit({ kind: 'update-canvas', patch })}
                onOpenCode={(id) => (store.codeLayerId = id)}
                warpHandleSize={sessionState.warpHandleSize}
                onWarpHandleSize={(px) => (session.warpHandleSize = px)}
                onInvalid={(message) => toast(message, 'error')}
                checkAddress={inspectorAddressCheck}
                onSearchGifs={(id) => (store.gifSearch = { layerId: id, at: null })}
              />
            )}
          </ShownSlice>
        </>
      }
      statusBar={
        <LiveStatusBar
          width={project.canvas.width}
          height={project.canvas.height}
          zoom={state.stageBox ? sessionViewport(sessionState, state.stageBox, project.canvas).zoom : null}
          layerCount={project.layers.length}
          live={liveLabel}
          selection={selectionCount > 1 ? `${selectionCount} layers` : (selected?.name ?? null)}
        />
      }
      overlays={
        <>
          <AccessLostNotice lost={state.accessLost} />
          {state.overlay === 'palette' ? <CommandPalette registry={editorRegistry} ctx={ctx} mac={IS_MAC} onClose={() => (store.overlay = 'none')} /> : null}
          <MaskToolHost ctx={ctx} api={api} />
          {state.shareOpen ? <ShareHost projectId={projectId} api={api} store={store} /> : null}
          {state.filesDialog === 'backups' ? <BackupsHost projectId={projectId} store={store} live={live} /> : null}
          {codeLayer ? (
            <CodePanel
              layer={codeLayer}
              draft={state.codeDrafts[codeLayer.id] ?? null}
              errors={state.codeErrors}
              readOnly={state.viewOnly}
              runShortcut={formatShortcut('Mod+Enter', IS_MAC)}
              onDraft={(text) => (store.codeDrafts[codeLayer.id] = text)}
              onRun={() => {
                const run = action('code.run');
                if (run?.enabled(ctx)) void run.perform(ctx);
              }}
              onClose={() => void action('code.close')?.perform(ctx)}
              stageInsetPx={{
                left: sessionState.leftCollapsed ? 0 : sessionState.leftWidth + 6,
                right: sessionState.rightCollapsed ? 0 : sessionState.rightWidth + 6,
              }}
              promptRow={<AiCodePrompt key={codeLayer.id} ctx={ctx} api={api} layer={codeLayer} readOnly={state.viewOnly} />}
            />
          ) : null}
          {state.overlay === 'shortcuts' ? <ShortcutPanel actions={editorRegistry.actions} mac={IS_MAC} onClose={() => (store.overlay = 'none')} /> : null}
          {state.gifSearch ? <GifSearchHost ctx={ctx} api={api} request={state.gifSearch} /> : null}
          {state.aiDialogOpen ? <AiGenerateDialog ctx={ctx} api={api} /> : null}
          <EditorDropTarget ctx={ctx} queue={uploads} />
          {state.addDialog ? <AddLayerHost ctx={ctx} request={state.addDialog} project={documentProject} queue={uploads} /> : <UploadTray queue={uploads} />}
        </>
      }
    />
  );
}
