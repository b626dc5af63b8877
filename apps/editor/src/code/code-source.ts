import type { Layer, LayerPatch } from '@beamstage/layers';
import { SHADER_SOURCE_MAX_CHARS } from '@beamstage/render-core';
import type { ShaderError } from '@beamstage/render-core';

/** The languages the code editor speaks. */
export type CodeLanguage = 'glsl' | 'html' | 'javascript';

/** HTML and p5 code kept within reason: it travels in every sync message (shaders use render-core's cap). */
export const CODE_SOURCE_MAX_CHARS = 256 * 1024;

/** A layer's code as the editor shows and writes it. */
export interface CodeSource {
  language: CodeLanguage;
  /** What the panel calls it: 'Fragment shader (GLSL)'. */
  label: string;
  text: string;
  maxChars: number;
  /** The patch that stores `text` as this layer's code. */
  patch(text: string): LayerPatch;
}

/** The code of an html, fragment-shader or p5js layer; null for other types. */
export function codeSourceOf(layer: Layer): CodeSource | null {
  switch (layer.type) {
    case 'fragment-shader':
      return {
        language: 'glsl',
        label: 'Fragment shader (GLSL)',
        text: layer.content.fragmentSrc,
        maxChars: SHADER_SOURCE_MAX_CHARS,
        patch: (text) => ({ content: { fragmentSrc: text } }),
      };
    case 'html':
      return { language: 'html', label: 'HTML', text: layer.content.html, maxChars: CODE_SOURCE_MAX_CHARS, patch: (text) => ({ content: { html: text } }) };
    case 'p5js':
      return {
        language: 'javascript',
        label: 'p5.js sketch (JavaScript)',
        text: layer.content.code,
        maxChars: CODE_SOURCE_MAX_CHARS,
        patch: (text) => ({ content: { code: text } }),
      };
    default:
      return null;
  }
}

/** Compiles a fragment source and returns its errors on the user's lines (empty when it compiles). */
export type ShaderCheck = (fragmentSrc: string) => ShaderError[];

/** What Run does with the draft. */
export type RunPlan = { kind: 'commit'; patch: LayerPatch; text: string } | { kind: 'unchanged' } | { kind: 'refused'; message: string; errors: ShaderError[] };

/** The size message, in the words render-core uses for shaders. */
export function oversizeMessage(length: number, maxChars: number): string {
  return `The code is ${length.toLocaleString('en')} characters; the limit is ${maxChars.toLocaleString('en')}. Nothing was run.`;
}

/**
 * Decides a Run: oversize code and a shader that does not compile are refused (the projector never
 * receives a broken shader), unchanged code writes nothing, anything else is one commit.
 */
export function planRun(layer: Layer, draft: string | null, checkShader: ShaderCheck): RunPlan {
  const source = codeSourceOf(layer);
  if (!source) return { kind: 'refused', message: 'This layer has no code', errors: [] };
  const text = draft ?? source.text;
  if (text.length > source.maxChars)
    return {
      kind: 'refused',
      message: oversizeMessage(text.length, source.maxChars),
      errors: [{ line: null, message: oversizeMessage(text.length, source.maxChars) }],
    };
  if (source.language === 'glsl') {
    const errors = checkShader(text);
    if (errors.length > 0) {
      const n = errors.length;
      return { kind: 'refused', message: `The shader has ${n} error${n === 1 ? '' : 's'}: nothing was run. See the marked lines.`, errors };
    }
  }
  if (text === source.text) return { kind: 'unchanged' };
  return { kind: 'commit', patch: source.patch(text), text };
}

/** Whether the draft differs from the layer's stored code (the unsaved-changes dot). */
export function draftDiffers(layer: Layer, draft: string | null): boolean {
  const source = codeSourceOf(layer);
  return source !== null && draft !== null && draft !== source.text;
}
