// AI code generation through any OpenAI-compatible chat completions endpoint.
// The daily quota is taken by one conditional upsert before the provider is called and given back
// when the provider fails, so a failure never costs the user a generation.
import type { Db } from '../../../db/client';
import { getAiUsage, refundAiQuota, takeAiQuota } from '../quota/quota';
import { ApiError } from '../../../errors/api-error';

/** What can be generated. */
export type AiCodeType = 'shader' | 'p5js' | 'html';
export const AI_CODE_TYPES: readonly AiCodeType[] = ['shader', 'p5js', 'html'];

/** Longest prompt accepted, in characters. */
export const PROMPT_MAX_CHARS = 2000;
/** How long the provider may take, in ms. */
export const PROVIDER_TIMEOUT_MS = 60_000;
/** Longest generated code kept, in characters. */
const CODE_MAX_CHARS = 100_000;

/** AI settings as app.config.ai carries them. */
export interface AiSettings {
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

const SYSTEM_PROMPTS: Record<AiCodeType, string> = {
  shader:
    'You write GLSL ES 1.00 fragment shaders for a projection-mapping studio. Uniforms available: float time; vec2 resolution; vec2 mouse. ' +
    'Answer with one complete fragment shader in a single ```glsl code block and nothing else.',
  p5js:
    'You write p5.js sketches (global mode, setup() and draw(), createCanvas(windowWidth, windowHeight)) for a projection-mapping studio. ' +
    'No external assets or network access. Answer with the sketch in a single ```javascript code block and nothing else.',
  html:
    'You write a single self-contained HTML document (inline CSS and JS, no external resources) for a projection-mapping studio. ' +
    'Answer with the document in a single ```html code block and nothing else.',
};

const TYPE_LABELS: Record<AiCodeType, string> = { shader: 'Shader', p5js: 'Sketch', html: 'HTML' };

/** The code inside the first fenced block of `content`, or the whole content when there is none. */
export function extractCode(content: string): string {
  const fenced = /```[\w+-]*[ \t]*\r?\n([\s\S]*?)```/.exec(content);
  return (fenced ? (fenced[1] as string) : content).trim();
}

/** A short layer name from the prompt: "Shader: Swirling neon tunnel". */
export function nameFromPrompt(type: AiCodeType, prompt: string): string {
  const words = prompt
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6)
    .join(' ');
  const title = words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Untitled';
  return `${TYPE_LABELS[type]}: ${title}`.slice(0, 60);
}

/** Builds the AI service; `fetch` is injectable for tests. */
export function createAiService(deps: { db: Db; settings: AiSettings; fetch?: typeof fetch; now?: () => Date }) {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());

  const callProvider = async (type: AiCodeType, prompt: string): Promise<string> => {
    const res = await doFetch(`${deps.settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(deps.settings.apiKey ? { authorization: `Bearer ${deps.settings.apiKey}` } : {}) },
      body: JSON.stringify({
        model: deps.settings.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPTS[type] },
          { role: 'user', content: prompt },
        ],
        temperature: 0.7,
      }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`provider answered ${res.status}`);
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('provider answer has no message content');
    const code = extractCode(content);
    if (!code) throw new Error('provider answer has no code');
    return code.slice(0, CODE_MAX_CHARS);
  };

  return {
    /** Takes one generation from today's quota, asks the provider, refunds on failure. */
    async generate(userId: string, body: { prompt?: unknown; type?: unknown }): Promise<{ type: AiCodeType; code: string; name: string }> {
      const type = body.type as AiCodeType;
      if (!AI_CODE_TYPES.includes(type)) throw new ApiError(400, 'Invalid type', `type must be one of ${AI_CODE_TYPES.join(', ')}`);
      const prompt = typeof body.prompt === 'string' ? body.prompt.trim() : '';
      if (!prompt) throw new ApiError(400, 'Prompt is required');
      if (prompt.length > PROMPT_MAX_CHARS) throw new ApiError(400, 'Prompt is too long', `At most ${PROMPT_MAX_CHARS} characters`);
      const at = now();
      if ((await takeAiQuota(deps.db, userId, at)) === null)
        throw new ApiError(429, 'Daily AI generation limit reached', 'Try again tomorrow or upgrade your plan');
      try {
        const code = await callProvider(type, prompt);
        return { type, code, name: nameFromPrompt(type, prompt) };
      } catch {
        // Refund on the day the unit was taken, even if the call crossed midnight.
        await refundAiQuota(deps.db, userId, at);
        throw new ApiError(502, 'AI generation failed', 'The AI provider did not answer; this generation was not counted');
      }
    },

    /** `{ usedToday, dailyLimit, remaining }` for the caller. */
    usage: (userId: string) => getAiUsage(deps.db, userId, now()),
  };
}

/** The AI service type. */
export type AiService = ReturnType<typeof createAiService>;
