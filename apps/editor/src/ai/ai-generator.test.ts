import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import type { AiAnswer, AiUsage } from './ai-api';
import { createAiGenerator, usageText } from './ai-generator';
import type { AiTarget } from './ai-layer';

function driver(options: { limit?: number; failWith?: unknown; usageFails?: unknown } = {}) {
  const limit = options.limit ?? 5;
  let used = 0;
  const applied: { answer: AiAnswer; target: AiTarget }[] = [];
  const generator = createAiGenerator({
    generate: async (prompt, type) => {
      if (options.failWith) throw options.failWith;
      if (used >= limit) throw new ApiError('Daily AI generation limit reached', 429, null);
      used += 1;
      return { type, code: `// ${prompt}`, name: `AI ${prompt}` };
    },
    usage: async (): Promise<AiUsage> => {
      if (options.usageFails) throw options.usageFails;
      return { usedToday: used, dailyLimit: limit, remaining: Math.max(limit - used, 0) };
    },
    apply: (answer, target) => {
      applied.push({ answer, target });
      return `Added "${answer.name}"`;
    },
    onChange: () => undefined,
  });
  return { generator, applied };
}

describe('ai generator', () => {
  it('applies an answer once and shows the quota that is left', async () => {
    const { generator, applied } = driver({ limit: 2 });
    await generator.refreshUsage();
    expect(generator.view().usage).toEqual({ usedToday: 0, dailyLimit: 2, remaining: 2 });
    await generator.generate('white', 'shader', { mode: 'new' });
    expect(applied).toHaveLength(1);
    expect(generator.view()).toMatchObject({ status: 'idle', done: 'Added "AI white"', usage: { usedToday: 1, remaining: 1 } });
  });

  it("shows the quota's own text when the limit is reached, and applies nothing", async () => {
    const { generator, applied } = driver({ limit: 1 });
    await generator.generate('one', 'p5js', { mode: 'new' });
    await generator.generate('two', 'p5js', { mode: 'new' });
    expect(applied).toHaveLength(1);
    expect(generator.view()).toMatchObject({ status: 'error', error: 'Daily AI generation limit reached', usage: { remaining: 0 } });
    expect(usageText(generator.view().usage)).toBe('No AI generations left today (1 of 1 used)');
  });

  it('says "AI generation is not configured" before anyone types when the api has no provider', async () => {
    const off = new ApiError('AI generation is not configured', 503, null);
    const { generator } = driver({ usageFails: off, failWith: off });
    await generator.refreshUsage();
    expect(generator.view()).toMatchObject({ status: 'not-configured', error: 'AI generation is not configured' });
  });

  it('ignores empty prompts and a second request while one runs', async () => {
    const { generator, applied } = driver();
    await generator.generate('   ', 'html', { mode: 'new' });
    const first = generator.generate('a', 'html', { mode: 'new' });
    const second = generator.generate('b', 'html', { mode: 'new' });
    await Promise.all([first, second]);
    expect(applied.map((a) => a.answer.code)).toEqual(['// a']);
  });

  it('an answer that cannot be applied is an error, not a silent success', async () => {
    const failing = createAiGenerator({
      generate: async () => ({ type: 'shader', code: 'x', name: 'x' }),
      usage: async () => null,
      apply: () => {
        throw new ApiError('The layer was deleted: the generated code was not applied', 0, null);
      },
      onChange: () => undefined,
    });
    await failing.generate('x', 'shader', { mode: 'replace', layerId: 'gone' });
    expect(failing.view()).toMatchObject({ status: 'error', error: 'The layer was deleted: the generated code was not applied' });
  });
});
