// The editor's side of POST /api/ai-generate and GET /api/ai-usage (apps/api/src/routes/api/ai).
// Answers are rebuilt from known fields: the code is model output and is only ever stored in a
// layer, where the stage runs it (sandbox frames for HTML and p5.js, the compositor for shaders).
import { SHADER_SOURCE_MAX_CHARS } from '@beamstage/render-core';
import { ApiError } from '../api/client';
import type { ApiClient } from '../api/client';
import { CODE_SOURCE_MAX_CHARS } from '../code/code-source';

/** What can be generated (the api's names). */
export type AiCodeType = 'shader' | 'p5js' | 'html';
export const AI_CODE_TYPES: readonly AiCodeType[] = ['shader', 'p5js', 'html'];
export const AI_CODE_TYPE_LABELS: Readonly<Record<AiCodeType, string>> = { shader: 'Fragment shader', p5js: 'p5.js sketch', html: 'HTML' };

export interface AiAnswer {
  readonly type: AiCodeType;
  readonly code: string;
  readonly name: string;
}

export interface AiUsage {
  readonly usedToday: number;
  readonly dailyLimit: number;
  readonly remaining: number;
}

/** The api's limit on a prompt (PROMPT_MAX_CHARS there). */
export const AI_PROMPT_MAX_CHARS = 2000;
/** The api's 503 text, shown as it is. */
export const AI_NOT_CONFIGURED = 'AI generation is not configured';
/** Longest layer name kept from an answer. */
export const AI_NAME_MAX_CHARS = 60;
/** The code field's own limit per type: a bigger answer would be refused by Run later, so it is refused now. */
export const AI_CODE_MAX_CHARS: Readonly<Record<AiCodeType, number>> = {
  shader: SHADER_SOURCE_MAX_CHARS,
  p5js: CODE_SOURCE_MAX_CHARS,
  html: CODE_SOURCE_MAX_CHARS,
};

/** An answer that cannot become a layer. */
export class AiAnswerError extends Error {
  override readonly name = 'AiAnswerError';
}

const isType = (v: unknown): v is AiCodeType => typeof v === 'string' && (AI_CODE_TYPES as readonly string[]).includes(v);

/** A name fit for the layers panel: one line, no control characters, capped; a fallback when there is none. */
export function cleanName(raw: unknown, type: AiCodeType): string {
  const text =
    typeof raw === 'string'
      ? raw
          // eslint-disable-next-line no-control-regex
          .replace(/[\u0000-\u001f\u007f]+/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  return (text || `AI ${AI_CODE_TYPE_LABELS[type].toLowerCase()}`).slice(0, AI_NAME_MAX_CHARS);
}

/**
 * The answer of a generation, from untrusted JSON. The type must be the one asked for (a shader
 * asked for never becomes an HTML layer); code must be a non-empty string within the field's limit.
 */
export function parseAiAnswer(body: unknown, asked: AiCodeType): AiAnswer {
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const type = b['type'] === undefined ? asked : b['type'];
  if (!isType(type) || type !== asked) throw new AiAnswerError('The AI answered with a different kind of code: nothing was added');
  const code = b['code'];
  if (typeof code !== 'string' || !code.trim()) throw new AiAnswerError('The AI answered without code: nothing was added');
  const max = AI_CODE_MAX_CHARS[type];
  if (code.length > max)
    throw new AiAnswerError(
      `The generated code is ${code.length.toLocaleString('en')} characters; the limit is ${max.toLocaleString('en')}. Nothing was added.`,
    );
  return { type, code, name: cleanName(b['name'], type) };
}

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(Math.floor(v), 1_000_000) : null);

/** Today's usage, or null when the answer is not one. */
export function parseAiUsage(body: unknown): AiUsage | null {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const usedToday = count(b['usedToday']);
  const dailyLimit = count(b['dailyLimit']);
  if (usedToday === null || dailyLimit === null) return null;
  return { usedToday, dailyLimit, remaining: count(b['remaining']) ?? Math.max(dailyLimit - usedToday, 0) };
}

/** The text a failure shows: the api's own words (the quota's, the 503's), else what went wrong. */
export function aiErrorText(error: unknown): string {
  if (error instanceof ApiError || error instanceof AiAnswerError) return error.message.slice(0, 300);
  return 'AI generation failed: the studio could not be reached';
}

export const isAiNotConfigured = (error: unknown): boolean => error instanceof ApiError && error.status === 503;

export async function generateCode(api: Pick<ApiClient, 'request'>, prompt: string, type: AiCodeType): Promise<AiAnswer> {
  return parseAiAnswer(await api.request<unknown>('POST', '/ai-generate', { prompt: prompt.trim().slice(0, AI_PROMPT_MAX_CHARS), type }), type);
}

export async function fetchAiUsage(api: Pick<ApiClient, 'request'>): Promise<AiUsage | null> {
  return parseAiUsage(await api.request<unknown>('GET', '/ai-usage'));
}
