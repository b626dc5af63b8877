import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../../../tools/testing/fake-openai';
import type { Db } from '../../../db/client';
import { PLAN_CATALOGUE } from '../quota/plans';
import { takeAiQuota } from '../quota/quota';
import { createCommerceTestDb, insertTestUser } from '../../../testing/commerce-db';
import { ApiError } from '../../../errors/api-error';
import { createAiService, extractCode, nameFromPrompt, PROMPT_MAX_CHARS, type AiService } from './generate';

const free = PLAN_CATALOGUE.find((p) => p.id === 'free')!;
let fake: FakeOpenAi;
let db: Db;
let close: () => Promise<void>;
let ai: AiService;
const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof ApiError ? e.statusCode : 500),
  );

beforeAll(async () => {
  fake = await startFakeOpenAi();
  ({ db, close } = await createCommerceTestDb());
  for (const id of ['usr_a', 'usr_b', 'usr_c']) await insertTestUser(db, id);
  ai = createAiService({ db, settings: { baseUrl: fake.baseUrl, apiKey: 'sk-fake', model: 'fake-model' } });
});
afterAll(async () => {
  await fake.close();
  await close();
});

describe('AI generation', () => {
  it('generates code through the OpenAI-compatible endpoint and counts it', async () => {
    fake.mode = 'ok';
    const out = await ai.generate('usr_a', { prompt: 'swirling neon tunnel', type: 'shader' });
    expect(out.type).toBe('shader');
    expect(out.code).toContain('// generated for: swirling neon tunnel');
    expect(out.code).not.toContain('```');
    expect(out.name).toBe('Shader: Swirling neon tunnel');
    const req = fake.requests.at(-1)!;
    expect(req.authorization).toBe('Bearer sk-fake');
    expect(req.body.model).toBe('fake-model');
    expect(await ai.usage('usr_a')).toEqual({ usedToday: 1, dailyLimit: free.aiDailyLimit, remaining: free.aiDailyLimit - 1 });
  });

  it('validates type and prompt without taking quota', async () => {
    expect(await status(ai.generate('usr_a', { prompt: 'x', type: 'python' }))).toBe(400);
    expect(await status(ai.generate('usr_a', { prompt: '   ', type: 'html' }))).toBe(400);
    expect(await status(ai.generate('usr_a', { prompt: 'x'.repeat(PROMPT_MAX_CHARS + 1), type: 'html' }))).toBe(400);
    expect((await ai.usage('usr_a')).usedToday).toBe(1);
  });

  it('refunds the quota when the provider fails or answers garbage', async () => {
    for (const mode of ['error', 'garbage'] as const) {
      fake.mode = mode;
      expect(await status(ai.generate('usr_b', { prompt: 'a sketch', type: 'p5js' }))).toBe(502);
    }
    fake.mode = 'ok';
    expect((await ai.usage('usr_b')).usedToday).toBe(0);
  });

  it('50 concurrent requests with one generation left: exactly one succeeds', async () => {
    fake.mode = 'ok';
    const now = new Date();
    for (let i = 0; i < free.aiDailyLimit - 1; i++) await takeAiQuota(db, 'usr_c', now);
    const before = fake.requests.length;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => status(ai.generate('usr_c', { prompt: `wave ${i}`, type: 'html' }))));
    expect(results.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((s) => s === 429)).toHaveLength(49);
    expect(fake.requests.length - before).toBe(1);
    expect(await ai.usage('usr_c')).toEqual({ usedToday: free.aiDailyLimit, dailyLimit: free.aiDailyLimit, remaining: 0 });
  });

  it('extracts fenced code and names from prompts', () => {
    expect(extractCode('text\n```html\n<p>hi</p>\n```\nmore')).toBe('<p>hi</p>');
    expect(extractCode('plain code')).toBe('plain code');
    expect(nameFromPrompt('p5js', '!!!')).toBe('Sketch: Untitled');
  });
});
