import type { JsonValue } from '@beamstage/layers';

/** How the inspector edits one declared uniform. */
export type UniformControl = 'float' | 'int' | 'bool' | 'vector' | 'color' | 'automatic' | 'unsupported';

/** One `uniform` declaration of a fragment shader. */
export interface UniformDecl {
  name: string;
  /** The GLSL type as written: float, vec3, sampler2D ... */
  type: string;
  control: UniformControl;
  /** Components of a vector (2, 3 or 4); 1 for scalars. */
  size: number;
}

/** Uniforms the renderer sets itself (render-core: the clock and the layer's size). */
export const AUTOMATIC_UNIFORMS: ReadonlySet<string> = new Set(['time', 'resolution']);

const VECTOR_SIZE: Readonly<Record<string, number>> = { vec2: 2, vec3: 3, vec4: 4, ivec2: 2, ivec3: 3, ivec4: 4 };

/** Comments blanked so a commented-out declaration is not offered. */
function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ');
}

/** Whether a vec3/vec4 reads as a colour: by its name (color, colour, tint, rgb). */
export function looksLikeColor(name: string): boolean {
  return /colou?r|tint|rgb/i.test(name);
}

function controlFor(type: string, name: string, arrayed: boolean): UniformControl {
  if (AUTOMATIC_UNIFORMS.has(name)) return 'automatic';
  if (arrayed) return 'unsupported';
  if (type === 'float') return 'float';
  if (type === 'int') return 'int';
  if (type === 'bool') return 'bool';
  if (type === 'vec3' || type === 'vec4') return looksLikeColor(name) ? 'color' : 'vector';
  if (VECTOR_SIZE[type]) return 'vector';
  return 'unsupported';
}

/**
 * The uniforms a fragment source declares, in source order, each once
 * (`uniform highp vec3 uColor, uTint;` declares two). Arrays and samplers are listed as unsupported.
 */
export function parseUniforms(src: string): UniformDecl[] {
  const out: UniformDecl[] = [];
  const seen = new Set<string>();
  const re = /\buniform\s+(?:(?:lowp|mediump|highp)\s+)?(\w+)\s+([^;{}]+);/g;
  let m: RegExpExecArray | null;
  const text = stripComments(src);
  while ((m = re.exec(text))) {
    const type = m[1]!;
    for (const part of m[2]!.split(',')) {
      const raw = part.trim();
      const name = /^\w+/.exec(raw)?.[0];
      if (!name || seen.has(name)) continue;
      seen.add(name);
      const arrayed = /\[/.test(raw);
      out.push({ name, type, control: controlFor(type, name, arrayed), size: VECTOR_SIZE[type] ?? 1 });
    }
  }
  return out;
}

/** The stored value of a uniform as numbers (bools are 0/1: the GPU path takes numbers only), or its default. */
export function uniformValue(decl: UniformDecl, stored: JsonValue | undefined): number[] {
  const fallback = decl.control === 'color' ? Array.from({ length: decl.size }, () => 1) : Array.from({ length: decl.size }, () => 0);
  if (typeof stored === 'number' && Number.isFinite(stored)) return decl.size === 1 ? [stored] : fallback;
  if (typeof stored === 'boolean') return [stored ? 1 : 0];
  if (Array.isArray(stored) && stored.length === decl.size && stored.every((v) => typeof v === 'number' && Number.isFinite(v))) return stored as number[];
  return fallback;
}

/** The value written back: a number for scalars, a list for vectors. */
export function uniformJson(decl: UniformDecl, values: readonly number[]): JsonValue {
  return decl.size === 1 ? (values[0] ?? 0) : [...values];
}

/** '#ff8000' for [1, 0.5, 0]: the colour picker's value (alpha is edited beside it). */
export function rgbToHex(values: readonly number[]): string {
  const hex = (v: number) =>
    Math.round(Math.min(1, Math.max(0, v)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(values[0] ?? 0)}${hex(values[1] ?? 0)}${hex(values[2] ?? 0)}`;
}

/** [1, 0.502, 0] for '#ff8000' (3 decimals), or null for anything else. */
export function hexToRgb(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  const c = (s: string) => Math.round((parseInt(s, 16) / 255) * 1000) / 1000;
  return [c(m[1]!), c(m[2]!), c(m[3]!)];
}
