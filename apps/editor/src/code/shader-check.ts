import { parseShaderLog, prepareUserShader } from '@beamstage/render-core';
import type { PreparedShader, ShaderError } from '@beamstage/render-core';

/**
 * Compiles the prepared (wrapped) sources and returns the fragment info log, or null when both
 * compile and link. Injected so the logic below runs in Node tests without a GPU.
 */
export type GlslCompiler = (prepared: PreparedShader, es3: boolean) => { log: string | null; stage: 'vertex' | 'fragment' | 'link' };

/**
 * Checks a fragment source exactly as render-core will run it: the same wrapping
 * (prepareUserShader: precision, time/resolution uniforms, loop caps, size cap) and the same log
 * parsing back to the user's line numbers (parseShaderLog).
 */
export function checkFragmentSource(src: string, compile: GlslCompiler): ShaderError[] {
  const prepared = prepareUserShader(src);
  if (Array.isArray(prepared)) return prepared;
  const es3 = /^\s*#version\s+300\s+es/.test(src);
  const result = compile(prepared, es3);
  if (result.log === null) return [];
  if (result.stage === 'vertex') return [{ line: null, message: result.log.trim() }];
  const errors = parseShaderLog(result.log, prepared.lineOffset);
  return errors.length ? errors : [{ line: null, message: 'The shader did not compile' }];
}

let shared: { gl: WebGL2RenderingContext | WebGLRenderingContext; webgl2: boolean } | null = null;

/** One small offscreen context for checks (never the stage's: a broken shader must not touch it). */
function checkContext() {
  if (shared && !shared.gl.isContextLost()) return shared;
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const gl2 = canvas.getContext('webgl2');
  const gl = gl2 ?? canvas.getContext('webgl');
  if (!gl) return null;
  shared = { gl, webgl2: gl2 !== null };
  return shared;
}

/** A compiler on a throwaway WebGL context of this browser. */
export const browserGlslCompiler: GlslCompiler = (prepared, es3) => {
  const ctx = checkContext();
  if (!ctx) return { log: null, stage: 'link' }; // no WebGL here: the renderer reports at draw time instead
  const { gl } = ctx;
  if (es3 && !ctx.webgl2) return { log: 'ERROR: 0:1: GLSL ES 3.00 needs WebGL2', stage: 'fragment' };
  const compile = (type: number, source: string) => {
    const shader = gl.createShader(type)!;
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    const log = gl.getShaderParameter(shader, gl.COMPILE_STATUS) ? null : (gl.getShaderInfoLog(shader) ?? 'compile failed');
    return { shader, log };
  };
  const vs = compile(gl.VERTEX_SHADER, prepared.vertex);
  const fs = compile(gl.FRAGMENT_SHADER, prepared.fragment);
  try {
    if (vs.log) return { log: vs.log, stage: 'vertex' };
    if (fs.log) return { log: fs.log, stage: 'fragment' };
    const program = gl.createProgram()!;
    gl.attachShader(program, vs.shader);
    gl.attachShader(program, fs.shader);
    gl.linkProgram(program);
    const log = gl.getProgramParameter(program, gl.LINK_STATUS) ? null : (gl.getProgramInfoLog(program) ?? 'link failed');
    gl.deleteProgram(program);
    return { log, stage: 'link' };
  } finally {
    gl.deleteShader(vs.shader);
    gl.deleteShader(fs.shader);
  }
};

/** Checks a fragment source in this browser. */
export function checkShaderInBrowser(src: string): ShaderError[] {
  return checkFragmentSource(src, browserGlslCompiler);
}
