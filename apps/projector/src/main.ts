import type { ProjectJson } from '@beamstage/layers';
import { createStageView, installStageTestHook, isLocalDevelopmentPage, measureServerClockOffset } from '@beamstage/stage';
import type { StageView } from '@beamstage/stage';
import { installFullscreenToggle } from './fullscreen';
import { browserLiveEnvironment, shouldGoLive } from './go-live';
import { loadPublicProject, ProjectorLoadError, publicProjectPath } from './load-project';
import { createOfflineKeeper, type OfflineKeeper } from './offline/offline-keeper';
import { registerOfflineWorker } from './offline/register-offline';
import { createProjectorOutputs, type ProjectorOutputs } from './output/projector-outputs';
import { parseProjectorPath } from './route';
import { loadSandboxOrigin } from './sandbox-origin';
import { createTimelinePlayer } from './timeline-player';
import type { TimelinePlayer } from './timeline-player';
import { keepAwake } from './wake-lock';

function showMessage(title: string, text: string): void {
  const box = document.getElementById('message');
  if (!box) return;
  const h1 = box.querySelector('h1');
  const p = box.querySelector('p');
  if (h1) h1.textContent = title;
  if (p) p.textContent = text;
  box.classList.add('visible');
  document.body.style.cursor = 'default';
}

/** Sizes the drawing buffer to the project's canvas and fills the screen keeping its aspect ratio. */
function fitCanvas(canvas: HTMLCanvasElement, project: ProjectJson): void {
  if (canvas.width === project.canvas.width && canvas.height === project.canvas.height) return;
  canvas.width = project.canvas.width;
  canvas.height = project.canvas.height;
  canvas.style.width = `min(100vw, calc(100vh * ${project.canvas.width / project.canvas.height}))`;
  canvas.style.height = 'auto';
}

/**
 * After the first frame: load the sync chunk (Automerge and its wasm) and follow the live document.
 * The wall never shows UI for this; the state is on #stage as data-live (off, connecting, connected,
 * disconnected, error) and data-live-draws (frames drawn from the live document), for the operator's
 * devtools and the e2e journey.
 */
function goLive(projectId: string, initial: ProjectJson, player: TimelinePlayer, stage: HTMLElement, outputs?: ProjectorOutputs, keeper?: OfflineKeeper): void {
  stage.dataset['live'] = 'connecting';
  stage.dataset['liveDraws'] = '0';
  import('./live')
    .then(({ startLive }) =>
      startLive({
        projectId,
        initial,
        show: (project) => {
          player.project(project);
          keeper?.keep(project);
        },
        onMessage: (message) => player.message(message),
        onState: (state) => {
          stage.dataset['live'] = state.status;
          // A dropped or server-closed socket is retried by itself (the last state stays on the wall).
          if (state.status === 'error' && !state.retrying) console.warn(`Live updates are off: ${state.error ?? 'unknown error'}`);
        },
        onDraw: (draws) => (stage.dataset['liveDraws'] = String(draws)),
      }),
    )
    .then(async (live) => {
      // Output control: commands and the projector's presence ride the live room.
      if (!outputs) return;
      const { attachOutputControl } = await import('./output/output-control');
      attachOutputControl(live.channel, outputs);
    })
    .catch((error: unknown) => {
      // The published snapshot stays on the wall; only the operator's console hears about it.
      stage.dataset['live'] = 'error';
      console.warn('Live updates are off:', error);
    });
}

/** Quiet time before the offline cache is filled: after the first frame the live chunk and wasm are loaded by then; after an edit, a drag is one fill. */
const OFFLINE_AFTER_MS = 3000;

async function start(): Promise<void> {
  const route = parseProjectorPath(window.location.pathname);
  if (!route) {
    showMessage('No project chosen', 'Open the projector from the editor: /projector/{project id}.');
    return;
  }
  let project;
  // Asked at the same time as the project, so it adds no wait before the first frame.
  const sandboxOrigin = loadSandboxOrigin();
  try {
    project = await loadPublicProject(route);
  } catch (error) {
    if (error instanceof ProjectorLoadError && error.status === 404) {
      showMessage('Project not found', 'This project does not exist or is not published. Turn on Publish in the editor, then reload this page.');
    } else {
      showMessage('The projector could not load this project', error instanceof Error ? error.message : String(error));
    }
    return;
  }
  document.title = `${project.metadata.name} · Beamstage Projector`;
  const stage = document.getElementById('stage');
  if (!stage) return;
  stage.dataset['live'] = 'off';
  const canvas = document.createElement('canvas');
  canvas.dataset['testid'] = 'projector-canvas';
  fitCanvas(canvas, project);
  stage.appendChild(canvas);
  let view: StageView;
  // Blackout, test patterns, identify and the operator overlay (H) sit above the stage.
  const outputs = createProjectorOutputs({ draw: (p) => view.show(p), connection: () => stage.dataset['live'] ?? 'off' });
  try {
    // Every layer type through libs/stage; on the wall, layer problems go to the operator's console.
    view = createStageView(canvas, {
      sandboxOrigin: await sandboxOrigin,
      // As in the editor: a local development run shows loopback pages in URL layers.
      allowLocalHttp: isLocalDevelopmentPage(window.location),
      onTextureError: (url, e) => console.error(`Layer image ${url}: ${e.message}`),
      onLayerIssue: (issue) => console.error(`${issue.message}${issue.detail ? `: ${issue.detail}` : ''}`),
    });
    installStageTestHook(view);
  } catch (error) {
    showMessage('This display cannot project', `WebGL is needed: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  let clockOffsetMs = 0;
  void measureServerClockOffset(window.location.origin).then((offset) => {
    clockOffsetMs = offset;
    stage.dataset['clockOffset'] = String(Math.round(offset));
  });
  // The timeline: the editor's transport plays the show here from this machine's clock.
  const player = createTimelinePlayer({
    show: (project) => {
      fitCanvas(canvas, project);
      outputs.show(project);
      const t = player.time();
      stage.dataset['timelineTime'] = t === null ? '' : String(t);
      stage.dataset['cue'] = player.cueScene() ?? '';
      stage.dataset['lastCue'] = player.lastCueScene() ?? '';
    },
    // The server's clock (offset from /api/time round trips), so the editor's transport and cues play at the same instant here.
    wallNow: () => Date.now() + clockOffsetMs,
    frames: { request: (cb) => requestAnimationFrame(cb), cancel: (id) => cancelAnimationFrame(id) },
  });
  try {
    // The document at its current time (keyframed layers as the editor shows them stopped).
    player.project(project);
  } catch (error) {
    showMessage('This display cannot project', `WebGL is needed: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  keepAwake();
  installFullscreenToggle();
  // Offline shows: what the wall shows (live edits included) is kept for a restart without the network.
  const fill = registerOfflineWorker(route.projectId, publicProjectPath(route));
  const keeper = fill
    ? createOfflineKeeper({
        base: window.location.href,
        delayMs: OFFLINE_AFTER_MS,
        fill,
        report: (state, notCached) => outputs.setOffline(state, notCached),
        timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
      })
    : undefined;
  keeper?.keep(project);
  if (shouldGoLive(project, browserLiveEnvironment())) {
    const first = project;
    // The first frame is on screen once the next animation frame has run; the sync chunk comes after.
    requestAnimationFrame(() => setTimeout(() => goLive(route.projectId, first, player, stage, outputs, keeper), 0));
  }
}

void start();
