import { createStageView, installStageTestHook } from '@beamstage/stage';
import { installFullscreenToggle } from './fullscreen';
import { loadPublicProject, ProjectorLoadError } from './load-project';
import { parseProjectorPath } from './route';
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

async function start(): Promise<void> {
  const route = parseProjectorPath(window.location.pathname);
  if (!route) {
    showMessage('No project chosen', 'Open the projector from the editor: /projector/{project id}.');
    return;
  }
  let project;
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
  const canvas = document.createElement('canvas');
  canvas.width = project.canvas.width;
  canvas.height = project.canvas.height;
  canvas.dataset['testid'] = 'projector-canvas';
  // Fill the screen while keeping the project's aspect ratio (CSS scales the drawing buffer).
  canvas.style.width = `min(100vw, calc(100vh * ${project.canvas.width / project.canvas.height}))`;
  canvas.style.height = 'auto';
  document.getElementById('stage')?.appendChild(canvas);
  try {
    const view = createStageView(canvas, { onTextureError: (url, e) => console.error(`Layer image ${url}: ${e.message}`) });
    installStageTestHook(view);
    view.show(project);
  } catch (error) {
    showMessage('This display cannot project', `WebGL is needed: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  keepAwake();
  installFullscreenToggle();
}

void start();
