// Test helpers for browser pixel tests (not exported from the package).

/** RGBA 0..255 of the canvas pixel at (x, y), y counted from the top. */
export function readPixel(gl: WebGLRenderingContext, x: number, y: number): [number, number, number, number] {
  const out = new Uint8Array(4);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.readPixels(x, gl.drawingBufferHeight - 1 - y, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
  return [out[0]!, out[1]!, out[2]!, out[3]!];
}

/** The whole canvas, rows top-first. */
export function readAll(gl: WebGLRenderingContext): { width: number; height: number; at(x: number, y: number): [number, number, number, number] } {
  const width = gl.drawingBufferWidth,
    height = gl.drawingBufferHeight;
  const data = new Uint8Array(width * height * 4);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, data);
  return {
    width,
    height,
    at(x, y) {
      const k = ((height - 1 - y) * width + x) * 4;
      return [data[k]!, data[k + 1]!, data[k + 2]!, data[k + 3]!];
    },
  };
}

/** A canvas filled by a per-pixel function (straight RGBA 0..255). */
export function makeCanvas(width: number, height: number, fill: (x: number, y: number) => [number, number, number, number]): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d')!;
  const img = ctx.createImageData(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) img.data.set(fill(x, y), (y * width + x) * 4);
  }
  ctx.putImageData(img, 0, 0);
  return c;
}

/** A test canvas of the given size. */
export function newCanvas(width = 64, height = 64): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}
