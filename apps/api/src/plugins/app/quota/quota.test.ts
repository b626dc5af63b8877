import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { PLAN_CATALOGUE } from './plans';
import { getAiUsage, getProjectLimit, ProjectLimitError, refundAiQuota, releaseStorage, reserveStorage, takeAiQuota, withProjectSlot } from './quota';
import { createCommerceTestDb, insertTestProject, insertTestUser, readTestUser } from '../../../testing/commerce-db';

const free = PLAN_CATALOGUE.find((p) => p.id === 'free')!;
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await createCommerceTestDb());
  await insertTestUser(db, 'usr_a');
  await insertTestUser(db, 'usr_pro', 'pro');
  await insertTestUser(db, 'usr_ai');
  await insertTestUser(db, 'usr_gone_plan', 'no-such-plan');
});
afterAll(() => close());

describe('plans and quotas', () => {
  it('reads the project limit from the plan table, falling back to free', async () => {
    expect(await getProjectLimit(db, 'usr_a')).toBe(3);
    expect(await getProjectLimit(db, 'usr_pro')).toBe(PLAN_CATALOGUE.find((p) => p.id === 'pro')!.projectLimit);
    expect(await getProjectLimit(db, 'usr_gone_plan')).toBe(3);
    expect(await getProjectLimit(db, 'usr_nobody')).toBe(0);
  });

  it('lets exactly the plan limit of concurrent project creations through', async () => {
    let n = 0;
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () => withProjectSlot(db, 'usr_a', async (tx) => insertTestProject(tx, `proj_${n++}`, 'usr_a'))),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(free.projectLimit);
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(refused).toHaveLength(8 - free.projectLimit);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ProjectLimitError);
  });

  it('reserves storage only within the plan limit and releases it', async () => {
    expect(await reserveStorage(db, 'usr_a', free.storageLimitBytes - 10)).toBe(free.storageLimitBytes - 10);
    expect(await reserveStorage(db, 'usr_a', 11)).toBeNull();
    expect(await reserveStorage(db, 'usr_a', 10)).toBe(free.storageLimitBytes);
    await releaseStorage(db, 'usr_a', free.storageLimitBytes + 5);
    expect((await readTestUser(db, 'usr_a'))?.storageBytes).toBe(0);
  });

  it('concurrent storage reservations never overshoot', async () => {
    const chunk = free.storageLimitBytes / 4;
    const results = await Promise.all(Array.from({ length: 10 }, () => reserveStorage(db, 'usr_a', chunk)));
    expect(results.filter((r) => r !== null)).toHaveLength(4);
    expect((await readTestUser(db, 'usr_a'))?.storageBytes).toBe(free.storageLimitBytes);
    await releaseStorage(db, 'usr_a', free.storageLimitBytes);
  });

  it('takes AI quota per UTC day up to the limit and refunds', async () => {
    const day1 = new Date('2026-01-01T23:59:00Z');
    const taken = [];
    for (let i = 0; i < free.aiDailyLimit + 2; i++) taken.push(await takeAiQuota(db, 'usr_ai', day1));
    expect(taken).toEqual([...Array.from({ length: free.aiDailyLimit }, (_, i) => i + 1), null, null]);
    expect(await getAiUsage(db, 'usr_ai', day1)).toEqual({ usedToday: free.aiDailyLimit, dailyLimit: free.aiDailyLimit, remaining: 0 });
    await refundAiQuota(db, 'usr_ai', day1);
    expect((await getAiUsage(db, 'usr_ai', day1)).remaining).toBe(1);
    // the next UTC day starts again
    expect(await takeAiQuota(db, 'usr_ai', new Date('2026-01-02T00:00:01Z'))).toBe(1);
  });
});
