import type { Gl } from './gl-core';

/** A linked program, or which step failed and the GL log. */
export type LinkResult = { ok: true; program: WebGLProgram } | { ok: false; stage: 'vertex' | 'fragment' | 'link'; log: string };

function compile(gl: Gl, type: number, src: string): { shader: WebGLShader; log: string | null } {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, src);
  gl.compileShader(shader);
  const ok = gl.getShaderParameter(shader, gl.COMPILE_STATUS) as boolean;
  return { shader, log: ok ? null : (gl.getShaderInfoLog(shader) ?? 'compile failed') };
}

/**
 * Compiles and links a program, binding `attribs` to locations 0, 1, ... in order. Done here rather
 * than with twgl's createProgramInfo: render-core then needs only twgl's uniform and attribute
 * setters (createProgramInfoFromProgram), and a page that embeds it does not carry twgl's
 * program-from-source code (script tags, async linking, source listings in errors).
 */
export function linkProgram(gl: Gl, vertexSrc: string, fragmentSrc: string, attribs: readonly string[]): LinkResult {
  const vs = compile(gl, gl.VERTEX_SHADER, vertexSrc);
  const fs = compile(gl, gl.FRAGMENT_SHADER, fragmentSrc);
  if (vs.log !== null || fs.log !== null) {
    gl.deleteShader(vs.shader);
    gl.deleteShader(fs.shader);
    return fs.log !== null ? { ok: false, stage: 'fragment', log: fs.log } : { ok: false, stage: 'vertex', log: vs.log! };
  }
  const program = gl.createProgram()!;
  gl.attachShader(program, vs.shader);
  gl.attachShader(program, fs.shader);
  attribs.forEach((name, i) => gl.bindAttribLocation(program, i, name));
  gl.linkProgram(program);
  gl.deleteShader(vs.shader);
  gl.deleteShader(fs.shader);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    const log = gl.getProgramInfoLog(program) ?? 'link failed';
    gl.deleteProgram(program);
    return { ok: false, stage: 'link', log };
  }
  return { ok: true, program };
}
