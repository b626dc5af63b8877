/** The longest user fragment shader accepted, in characters. */
export const SHADER_SOURCE_MAX_CHARS = 64 * 1024;
/** Iterations one loop site may run per fragment before it is cut off. */
export const SHADER_LOOP_ITERATION_CAP = 4096;
/** Largest shader-layer texture side, in pixels. */
export const SHADER_TEXTURE_MAX_PX = 2048;

/** A compile error mapped back to the user's source (line 1 is the first line they wrote). */
export interface ShaderError {
  line: number | null;
  message: string;
}

/** A user shader ready to compile, or the reasons it cannot be. */
export interface PreparedShader {
  vertex: string;
  fragment: string;
  /** Lines added before the user's first line. */
  lineOffset: number;
  uniformNames: string[];
}

const VS_100 = `attribute vec2 a_position;\nvarying vec2 vUv;\nvoid main() { vUv = a_position * 0.5 + 0.5; gl_Position = vec4(a_position, 0.0, 1.0); }\n`;
const VS_300 = `#version 300 es\nin vec2 a_position;\nout vec2 vUv;\nvoid main() { vUv = a_position * 0.5 + 0.5; gl_Position = vec4(a_position, 0.0, 1.0); }\n`;

/** Index of the parenthesis closing the one at `open`, or -1. */
function matchParen(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '(') depth++;
    else if (src[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Replaces comments by spaces (keeping newlines) so keyword scans do not match inside them. */
function blankComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m) => m.replace(/[^\n]/g, ' '));
}

/**
 * Caps every for/while/do-while loop of a GLSL ES 3.00 shader: each loop site gets a counter
 * and its condition becomes `(cond) && counter++ < cap`, so an endless loop ends. (GLSL ES 1.00
 * loops are already bounded by WebGL's Appendix A rules, so those shaders are left alone.)
 */
export function injectLoopCaps(src: string, cap = SHADER_LOOP_ITERATION_CAP): { source: string; counters: string[] } {
  const scan = blankComments(src);
  const edits: { at: number; end: number; text: string }[] = [];
  const counters: string[] = [];
  const re = /\b(for|while)\s*\(/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(scan))) {
    const open = m.index + m[0].length - 1;
    const close = matchParen(scan, open);
    if (close < 0) break;
    const name = `bs_loop${counters.length}`;
    counters.push(name);
    const inner = src.slice(open + 1, close);
    if (m[1] === 'while') {
      edits.push({ at: open + 1, end: close, text: `(${inner}) && (${name}++ < ${cap})` });
    } else {
      const parts = splitTopLevel(scan.slice(open + 1, close));
      if (parts.length !== 3) continue;
      const [a, b] = [parts[0]!.length, parts[0]!.length + 1 + parts[1]!.length];
      const cond = inner.slice(a + 1, b).trim() || 'true';
      edits.push({ at: open + 1 + a + 1, end: open + 1 + b, text: ` (${cond}) && (${name}++ < ${cap})` });
    }
  }
  let out = src;
  for (const e of edits.sort((x, y) => y.at - x.at)) out = out.slice(0, e.at) + e.text + out.slice(e.end);
  return { source: out, counters };
}

function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0,
    start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ';' && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

/** Names of the uniforms the source declares. */
export function declaredUniforms(src: string): string[] {
  const names: string[] = [];
  const re = /\buniform\s+(?:(?:lowp|mediump|highp)\s+)?\w+\s+([^;]+);/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(blankComments(src)))) {
    for (const part of m[1]!.split(',')) names.push(part.trim().replace(/\[.*$/, ''));
  }
  return names;
}

/**
 * Wraps user GLSL (ES 1.00 with gl_FragColor, or `#version 300 es` declaring its own output):
 * adds a precision, the `time` and `resolution` uniforms where not declared, and loop caps.
 */
export function prepareUserShader(src: string, maxChars = SHADER_SOURCE_MAX_CHARS): PreparedShader | ShaderError[] {
  if (src.length > maxChars) return [{ line: null, message: `Shader source is ${src.length} characters; the limit is ${maxChars}` }];
  const es3 = /^\s*#version\s+300\s+es/.test(src);
  let body = es3 ? src.replace(/^\s*#version\s+300\s+es[^\n]*\n?/, '') : src;
  const uniforms = declaredUniforms(body);
  const prelude: string[] = [];
  if (es3) prelude.push('#version 300 es');
  // Always first: the added declarations below need a float precision before the user's own
  // precision statement (which still applies to everything after it).
  prelude.push('precision highp float;');
  if (!uniforms.includes('time')) prelude.push('uniform float time;');
  if (!uniforms.includes('resolution')) prelude.push('uniform vec2 resolution;');
  if (es3) {
    const capped = injectLoopCaps(body);
    body = capped.source;
    if (capped.counters.length) prelude.push(`int ${capped.counters.join(' = 0, ')} = 0;`);
  }
  // es3 strips the #version line from the body, so the user's line 1 follows the prelude minus it.
  const lineOffset = prelude.length - (es3 ? 1 : 0);
  return {
    vertex: es3 ? VS_300 : VS_100,
    fragment: `${prelude.join('\n')}\n${body}`,
    lineOffset,
    uniformNames: [...new Set([...uniforms, 'time', 'resolution'])],
  };
}

/** Turns a GL info log ("ERROR: 0:12: 'x' : undeclared identifier") into errors on the user's lines. */
export function parseShaderLog(log: string, lineOffset: number): ShaderError[] {
  const errors: ShaderError[] = [];
  for (const raw of log.split('\n')) {
    const line = raw.trim();
    if (!line || line === '\0') continue;
    const m = /^(?:ERROR|WARNING):\s*\d+:(\d+):\s*(.*)$/.exec(line);
    if (m) errors.push({ line: Math.max(1, Number(m[1]) - lineOffset), message: m[2]!.trim() });
    else if (!/compilation errors/i.test(line)) errors.push({ line: null, message: line });
  }
  return errors;
}
