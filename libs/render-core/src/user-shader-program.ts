import * as twgl from 'twgl.js';
import type { Gl } from './gl-core';
import { parseShaderLog, prepareUserShader, type ShaderError } from './user-shader';

/** A compiled user shader, or its errors on the user's lines. */
export type CompiledUserShader = { ok: true; info: twgl.ProgramInfo } | { ok: false; errors: ShaderError[] };

function compile(gl: Gl, type: number, src: string): { shader: WebGLShader; log: string | null } {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, src);
  gl.compileShader(shader);
  const ok = gl.getShaderParameter(shader, gl.COMPILE_STATUS) as boolean;
  return { shader, log: ok ? null : (gl.getShaderInfoLog(shader) ?? 'compile failed') };
}

/** Compiles user GLSL for a shader layer; errors carry the user's line numbers. */
export function compileUserShader(gl: Gl, isWebGL2: boolean, source: string): CompiledUserShader {
  const prepared = prepareUserShader(source);
  if (Array.isArray(prepared)) return { ok: false, errors: prepared };
  if (!isWebGL2 && /^\s*#version\s+300/.test(source)) return { ok: false, errors: [{ line: 1, message: 'GLSL ES 3.00 needs WebGL2' }] };
  const vs = compile(gl, gl.VERTEX_SHADER, prepared.vertex);
  const fs = compile(gl, gl.FRAGMENT_SHADER, prepared.fragment);
  if (vs.log || fs.log) {
    gl.deleteShader(vs.shader);
    gl.deleteShader(fs.shader);
    return { ok: false, errors: fs.log ? parseShaderLog(fs.log, prepared.lineOffset) : [{ line: null, message: vs.log! }] };
  }
  const program = gl.createProgram()!;
  gl.attachShader(program, vs.shader);
  gl.attachShader(program, fs.shader);
  gl.bindAttribLocation(program, 0, 'a_position');
  gl.linkProgram(program);
  gl.deleteShader(vs.shader);
  gl.deleteShader(fs.shader);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    const log = gl.getProgramInfoLog(program) ?? 'link failed';
    gl.deleteProgram(program);
    return { ok: false, errors: parseShaderLog(log, prepared.lineOffset) };
  }
  return { ok: true, info: twgl.createProgramInfoFromProgram(gl, program) };
}
