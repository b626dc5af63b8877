import * as twgl from 'twgl.js';
import type { Gl } from './gl-core';
import { linkProgram } from './program-link';
import { parseShaderLog, prepareUserShader, type ShaderError } from './user-shader';

/** A compiled user shader, or its errors on the user's lines. */
export type CompiledUserShader = { ok: true; info: twgl.ProgramInfo } | { ok: false; errors: ShaderError[] };

/** Compiles user GLSL for a shader layer; errors carry the user's line numbers. */
export function compileUserShader(gl: Gl, isWebGL2: boolean, source: string): CompiledUserShader {
  const prepared = prepareUserShader(source);
  if (Array.isArray(prepared)) return { ok: false, errors: prepared };
  if (!isWebGL2 && /^\s*#version\s+300/.test(source)) return { ok: false, errors: [{ line: 1, message: 'GLSL ES 3.00 needs WebGL2' }] };
  const linked = linkProgram(gl, prepared.vertex, prepared.fragment, ['a_position']);
  if (!linked.ok) {
    // A vertex failure is ours (the wrapper), so its log stays whole; the others map to the user's lines.
    return { ok: false, errors: linked.stage === 'vertex' ? [{ line: null, message: linked.log }] : parseShaderLog(linked.log, prepared.lineOffset) };
  }
  return { ok: true, info: twgl.createProgramInfoFromProgram(gl, linked.program) };
}
