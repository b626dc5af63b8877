// The baseline of bench:first-frame: a page that clears a WebGL canvas once. Its first frame is
// the cheapest a WebGL page can show; the time is read from the navigation's start.
import type {} from './globals';
const canvas = document.getElementById('stage') as HTMLCanvasElement;
const gl = canvas.getContext('webgl2')!;
gl.clearColor(0.1, 0.1, 0.1, 1);
gl.clear(gl.COLOR_BUFFER_BIT);
// readPixels waits for the GPU: the frame is really drawn, as the stage's is measured.
gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
window.benchFirstFrameMs = performance.now();
