// The prompt's state, free of React so it is tested headless: today's quota, one generation at a
// time, the api's words on failure (the quota's 429, the 503 without a provider).
import { aiErrorText, isAiNotConfigured } from './ai-api';
import type { AiAnswer, AiCodeType, AiUsage } from './ai-api';
import type { AiTarget } from './ai-layer';

export type AiStatus = 'idle' | 'busy' | 'error' | 'not-configured';

export interface AiView {
  readonly status: AiStatus;
  readonly usage: AiUsage | null;
  /** The last failure's text, shown until the next try. */
  readonly error: string | null;
  /** What the last success did ("Added …" / "Replaced …"). */
  readonly done: string | null;
}

export const INITIAL_AI_VIEW: AiView = { status: 'idle', usage: null, error: null, done: null };

export interface AiGeneratorDeps {
  generate(prompt: string, type: AiCodeType): Promise<AiAnswer>;
  usage(): Promise<AiUsage | null>;
  /** Applies the answer as ONE edit; returns what happened, or throws with the reason it could not. */
  apply(answer: AiAnswer, target: AiTarget): string;
  onChange(view: AiView): void;
}

export interface AiGenerator {
  view(): AiView;
  refreshUsage(): Promise<void>;
  /** Resolves when the generation ended (either way); ignored while one runs or for an empty prompt. */
  generate(prompt: string, type: AiCodeType, target: AiTarget): Promise<void>;
  dispose(): void;
}

export function createAiGenerator(deps: AiGeneratorDeps): AiGenerator {
  let view = INITIAL_AI_VIEW;
  let disposed = false;
  const set = (next: Partial<AiView>) => {
    if (disposed) return;
    view = { ...view, ...next };
    deps.onChange(view);
  };
  const fail = (error: unknown) => set({ status: isAiNotConfigured(error) ? 'not-configured' : 'error', error: aiErrorText(error), done: null });

  const refreshUsage = async () => {
    try {
      const usage = await deps.usage();
      set({ usage });
    } catch (error) {
      // Without a provider the prompt says so before anyone types.
      if (isAiNotConfigured(error)) fail(error);
    }
  };

  return {
    view: () => view,
    refreshUsage,
    async generate(prompt, type, target) {
      if (view.status === 'busy' || !prompt.trim()) return;
      set({ status: 'busy', error: null, done: null });
      try {
        const answer = await deps.generate(prompt, type);
        if (disposed) return;
        const done = deps.apply(answer, target);
        set({ status: 'idle', done });
      } catch (error) {
        fail(error);
      }
      // The quota moved (or was refunded on failure): show what is left now.
      await refreshUsage();
    },
    dispose() {
      disposed = true;
    },
  };
}

/** "3 of 5 left today" as the prompt shows it. */
export function usageText(usage: AiUsage | null): string {
  if (!usage) return '';
  if (usage.remaining === 0) return `No AI generations left today (${usage.usedToday} of ${usage.dailyLimit} used)`;
  return `${usage.remaining} of ${usage.dailyLimit} AI generations left today (${usage.usedToday} used)`;
}
