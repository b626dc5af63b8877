import { ApiError } from '../errors/api-error';

/** A body at least this large is a heavy write: parsed, converted and applied to Automerge on the api's thread. */
export const HEAVY_BODY_BYTES = 256 * 1024;
/** Heavy writes one user may have waiting behind the one running; more answer 429. */
export const HEAVY_WRITES_QUEUED_PER_USER = 2;

export const TOO_MANY_HEAVY_WRITES = 'Too many large saves at once; wait for the previous one to finish';

/** Bytes of heavy bodies one user may send per window: about three of the largest projects a plan allows. */
export const HEAVY_WRITE_BYTES_PER_WINDOW = 12 * 1024 * 1024;
export const HEAVY_WRITE_WINDOW_MS = 60_000;

/** Token buckets of heavy-write bytes by user: refilled continuously, HEAVY_WRITE_BYTES_PER_WINDOW per window. */
const budgets = new Map<string, { tokens: number; at: number }>();

/**
 * Charges a heavy body against the user's budget, or refuses it with 429 before any conversion:
 * every large save is seconds of Automerge and storage work on the api's thread (and history that
 * is kept), so one user's stream of them is bounded, whatever the bodies hold. Light bodies are free.
 */
export function chargeHeavyWrite(userId: string, bodyBytes: number, now = Date.now()): void {
  if (bodyBytes < HEAVY_BODY_BYTES) return;
  const rate = HEAVY_WRITE_BYTES_PER_WINDOW / HEAVY_WRITE_WINDOW_MS;
  const b = budgets.get(userId) ?? { tokens: HEAVY_WRITE_BYTES_PER_WINDOW, at: now };
  b.tokens = Math.min(HEAVY_WRITE_BYTES_PER_WINDOW, b.tokens + (now - b.at) * rate);
  b.at = now;
  budgets.set(userId, b);
  if (b.tokens < bodyBytes) {
    const waitS = Math.ceil((bodyBytes - b.tokens) / rate / 1000);
    throw new ApiError(429, `Large saves are limited to ${HEAVY_WRITE_BYTES_PER_WINDOW / 1024 / 1024} MB a minute per user; try again in ${waitS} s`);
  }
  b.tokens -= bodyBytes;
  // Full buckets carry no information: forget them so the map holds only recent heavy writers.
  if (budgets.size > 10_000)
    for (const [id, v] of budgets) if (v.tokens >= HEAVY_WRITE_BYTES_PER_WINDOW || now - v.at > HEAVY_WRITE_WINDOW_MS) budgets.delete(id);
}

/** Every user's budget full again: for tests that time large writes (several a minute), not the budget. */
export function refillHeavyWriteBudgets(): void {
  budgets.clear();
}

const running = new Map<string, { tail: Promise<unknown>; queued: number }>();

/**
 * Runs a user's heavy writes one after another (design.md section 4, rule 14): parallel large
 * bodies from one user would otherwise each hold the api's thread in turn and multiply the stall
 * everyone else sees, and their memory. Light writes pass straight through.
 */
export async function withHeavyWriteSlot<T>(userId: string, bodyBytes: number, run: () => Promise<T>): Promise<T> {
  if (bodyBytes < HEAVY_BODY_BYTES) return run();
  const entry = running.get(userId) ?? { tail: Promise.resolve(), queued: 0 };
  if (entry.queued > HEAVY_WRITES_QUEUED_PER_USER) throw new ApiError(429, TOO_MANY_HEAVY_WRITES);
  entry.queued++;
  running.set(userId, entry);
  const result = entry.tail.then(run);
  const tail = result
    .catch(() => undefined)
    .finally(() => {
      entry.queued--;
      if (entry.queued === 0 && running.get(userId) === entry) running.delete(userId);
    });
  entry.tail = tail;
  return result;
}
