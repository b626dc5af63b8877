/** Gets a WebGL2 context for a canvas, or null where the browser has none. */
export function createGl2Context(canvas: HTMLCanvasElement | OffscreenCanvas): WebGL2RenderingContext | null {
  return canvas.getContext('webgl2', { premultipliedAlpha: true, antialias: false }) as WebGL2RenderingContext | null;
}
