/** Attributes the renderer's one context uses (premultiplied output, no MSAA so backdrop copies work). */
export const CONTEXT_ATTRIBUTES: WebGLContextAttributes = { premultipliedAlpha: true, antialias: false, alpha: true, preserveDrawingBuffer: false };

/** Gets a WebGL2 context for a canvas, or null where the browser has none. */
export function createGl2Context(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  attributes: WebGLContextAttributes = CONTEXT_ATTRIBUTES,
): WebGL2RenderingContext | null {
  return canvas.getContext('webgl2', attributes) as WebGL2RenderingContext | null;
}

/** A context and which version it is. */
export interface AcquiredContext {
  gl: WebGLRenderingContext | WebGL2RenderingContext;
  isWebGL2: boolean;
}

/**
 * Spec section 4, startup: a context request is upgraded to WebGL2 where available, else it falls
 * back to WebGL1 with a warning. Returns null when the canvas has no WebGL at all.
 */
export function acquireContext(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  options: { forceWebGL1?: boolean; attributes?: WebGLContextAttributes; warn?: (message: string) => void } = {},
): AcquiredContext | null {
  const attributes = { ...CONTEXT_ATTRIBUTES, ...options.attributes };
  const gl2 = options.forceWebGL1 ? null : createGl2Context(canvas, attributes);
  if (gl2) return { gl: gl2, isWebGL2: true };
  const gl1 = canvas.getContext('webgl', attributes) as WebGLRenderingContext | null;
  if (!gl1) return null;
  (options.warn ?? console.warn)('WebGL2 is not available; falling back to WebGL1');
  return { gl: gl1, isWebGL2: false };
}

/** The unmasked renderer string (e.g. "ANGLE (Google, Vulkan ... SwiftShader ...)"). */
export function rendererString(gl: WebGLRenderingContext): string {
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  return String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
}
