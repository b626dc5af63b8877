// bench:first-frame's measured page: the stage shows the 20-layer project; the first frame counts
// once every layer reports loaded and the canvas is drawn with all of them, read from the
// navigation's start like the empty WebGL page's.
import type {} from './globals';
import { createStageView } from '@beamstage/stage';
import { benchProject } from './bench-project';

const params = new URLSearchParams(location.search);
const assets = params.get('assets')!;
const sandboxOrigin = params.get('sandbox')!;
const canvas = document.getElementById('stage') as HTMLCanvasElement;
const project = benchProject(assets);
const loaded = new Set<string>();
const failed: string[] = [];
const view = createStageView(canvas, {
  sandboxOrigin,
  allowLocalHttp: true,
  onLoadChange: (e) => {
    if (e.status === 'loaded' && !loaded.has(e.layerId)) {
      loaded.add(e.layerId);
      (window.benchLayerLoadedMs ??= {})[e.layerId] = performance.now();
    }
    if (e.status === 'error') failed.push(e.layerId);
  },
  onLayerIssue: (i) => failed.push(`${i.layerId}: ${i.message} ${i.detail ?? ''}`),
});
// Layers whose load the stage tracks (shaders and masks draw with the frame itself). Each counts
// when its source is there: a picture uploaded, a video's first frame decoded, a p5 sketch's first
// frame received, a URL page or a GIF loaded; an HTML layer when its runner is ready, a message
// before its HTML is in (the runner does not confirm the run; the p5 layer, which needs the same
// handshake and then p5.js, comes hundreds of ms later, so the figure does not gain by it).
const tracked = project.layers.filter((l) => l.type !== 'fragment-shader' && l.type !== 'mask').map((l) => l.id);
view.show(project);
const done = async (): Promise<void> => {
  while (!tracked.every((id) => loaded.has(id))) {
    if (failed.length) {
      window.benchFirstFrameError = failed.join('; ');
      return;
    }
    await new Promise((r) => requestAnimationFrame(r));
  }
  await view.readPixels([{ x: 1, y: 1 }]); // draws every layer and waits for the GPU
  window.benchFirstFrameMs = performance.now();
};
void done();
