import { describe, expect, it } from 'vitest';
import { loadSandboxOrigin } from './sandbox-origin';

const answer = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('loadSandboxOrigin', () => {
  it('reads the sandbox origin from /api/config', async () => {
    expect(await loadSandboxOrigin(answer(200, { sandboxOrigin: 'http://127.0.0.1:3001' }))).toBe('http://127.0.0.1:3001');
  });
  it('is null offline, on errors and on odd values, so the rest still plays', async () => {
    expect(
      await loadSandboxOrigin((async () => {
        throw new TypeError('offline');
      }) as unknown as typeof fetch),
    ).toBeNull();
    expect(await loadSandboxOrigin(answer(500, {}))).toBeNull();
    expect(await loadSandboxOrigin(answer(200, { sandboxOrigin: 'javascript:alert(1)' }))).toBeNull();
    expect(await loadSandboxOrigin(answer(200, {}))).toBeNull();
  });
});
