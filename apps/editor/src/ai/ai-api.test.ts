import { SHADER_SOURCE_MAX_CHARS } from '@beamstage/render-core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { AI_NAME_MAX_CHARS, AiAnswerError, aiErrorText, cleanName, generateCode, isAiNotConfigured, parseAiAnswer, parseAiUsage } from './ai-api';

describe('parseAiAnswer', () => {
  it('reads {type, code, name}', () => {
    expect(parseAiAnswer({ type: 'shader', code: 'void main(){}', name: 'Shader: Neon' }, 'shader')).toEqual({
      type: 'shader',
      code: 'void main(){}',
      name: 'Shader: Neon',
    });
  });

  it('refuses answers without usable code or of another kind', () => {
    for (const body of [
      null,
      'code',
      [],
      {},
      { type: 'shader' },
      { type: 'shader', code: 42 },
      { type: 'shader', code: '   ' },
      { type: 'shader', code: ['x'] },
    ]) {
      expect(() => parseAiAnswer(body, 'shader')).toThrow(AiAnswerError);
    }
    expect(() => parseAiAnswer({ type: 'html', code: '<script>1</script>' }, 'shader')).toThrow(/different kind/);
    expect(() => parseAiAnswer({ type: 'python', code: 'x' }, 'p5js')).toThrow(/different kind/);
    expect(() => parseAiAnswer({ type: 7, code: 'x' }, 'p5js')).toThrow(/different kind/);
  });

  it('refuses code over the field limit rather than cutting it into broken code', () => {
    const code = 'x'.repeat(SHADER_SOURCE_MAX_CHARS + 1);
    expect(() => parseAiAnswer({ type: 'shader', code }, 'shader')).toThrow(/limit is 65,536/);
    expect(parseAiAnswer({ type: 'p5js', code }, 'p5js').code).toHaveLength(code.length);
  });

  it('names: one line, capped, a fallback when missing or not text', () => {
    expect(cleanName('a\nb\u0000c\t  d', 'html')).toBe('a b c d');
    expect(cleanName('n'.repeat(10_000), 'html')).toHaveLength(AI_NAME_MAX_CHARS);
    expect(cleanName(undefined, 'shader')).toBe('AI fragment shader');
    expect(cleanName({ toString: 'x' }, 'p5js')).toBe('AI p5.js sketch');
    expect(parseAiAnswer({ code: 'draw()' }, 'p5js')).toEqual({ type: 'p5js', code: 'draw()', name: 'AI p5.js sketch' });
  });
});

describe('parseAiUsage', () => {
  it('reads the quota and fills a missing remaining', () => {
    expect(parseAiUsage({ usedToday: 2, dailyLimit: 5, remaining: 3 })).toEqual({ usedToday: 2, dailyLimit: 5, remaining: 3 });
    expect(parseAiUsage({ usedToday: 7, dailyLimit: 5 })).toEqual({ usedToday: 7, dailyLimit: 5, remaining: 0 });
  });
  it('is null for anything else', () => {
    for (const body of [null, 'x', {}, { usedToday: '2', dailyLimit: 5 }, { usedToday: -1, dailyLimit: 5 }, { usedToday: 1, dailyLimit: Infinity }])
      expect(parseAiUsage(body)).toBeNull();
  });
});

describe('ai errors and requests', () => {
  it("reaches the user in the api's words", () => {
    expect(aiErrorText(new ApiError('Daily AI generation limit reached', 429, null))).toBe('Daily AI generation limit reached');
    const off = new ApiError('AI generation is not configured', 503, null);
    expect(aiErrorText(off)).toBe('AI generation is not configured');
    expect(isAiNotConfigured(off)).toBe(true);
    expect(aiErrorText(new ApiError('x'.repeat(5000), 500, null))).toHaveLength(300);
    expect(aiErrorText(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });

  it('posts {prompt, type} trimmed and capped', async () => {
    const sent: unknown[] = [];
    const api = { request: async <T>(_m: string, _p: string, body?: unknown) => (sent.push(body), { type: 'html', code: '<p>hi</p>', name: 'HTML: Hi' } as T) };
    await expect(generateCode(api, `  hi ${'y'.repeat(3000)}`, 'html')).resolves.toMatchObject({ type: 'html' });
    expect((sent[0] as { prompt: string }).prompt).toHaveLength(2000);
    expect((sent[0] as { type: string }).type).toBe('html');
  });
});
