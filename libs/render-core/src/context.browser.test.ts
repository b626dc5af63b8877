import { describe, expect, it } from 'vitest';
import { createGl2Context } from './context';

describe('WebGL2 in the test browser', () => {
  it('gets a WebGL2 context from SwiftShader, so a missing WebGL fails loudly', () => {
    const canvas = document.createElement('canvas');
    const gl = createGl2Context(canvas);
    expect(gl, 'no WebGL2 context: is Chromium started with --use-angle=swiftshader?').not.toBeNull();
    const renderer = gl!.getParameter(gl!.RENDERER) as string;
    const ext = gl!.getExtension('WEBGL_debug_renderer_info');
    const unmasked = ext ? (gl!.getParameter(ext.UNMASKED_RENDERER_WEBGL) as string) : renderer;
    expect(unmasked).toMatch(/SwiftShader|ANGLE/i);
    expect(gl!.getParameter(gl!.VERSION)).toMatch(/WebGL 2\.0/);
  });
});
