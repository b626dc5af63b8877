// The security suite's attempts: each is a test that fails when the attempt gets through and,
// when it is refused as it must be, prints `held: <attempt>`.
import { it } from 'vitest';

/** Registers one attack attempt; `check` throws (an expect fails) when the attempt got through. */
export function held(attempt: string, check: () => Promise<void>, timeout?: number): void {
  it(
    attempt,
    async () => {
      await check();
      console.log(`held: ${attempt}`);
    },
    timeout,
  );
}
