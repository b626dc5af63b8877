import { describe, expect, it } from 'vitest';
import { loadSandboxOrigin } from './sandbox-origin';

const STUDIO = 'http://localhost:3000';
const PAGE = 'https://gallery.example';
const answer = (status: number, body: unknown) =>
  (async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as typeof fetch;

describe('loadSandboxOrigin', () => {
  it("reads the sandbox origin from the studio's config, without credentials", async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fetchFn = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify({ sandboxOrigin: 'http://127.0.0.1:3001/', aiEnabled: false }), { status: 200 });
    }) as typeof fetch;
    expect(await loadSandboxOrigin(STUDIO, PAGE, fetchFn)).toBe('http://127.0.0.1:3001');
    expect(calls[0]?.[0]).toBe(`${STUDIO}/api/config`);
    expect(calls[0]?.[1]).toMatchObject({ credentials: 'omit' });
  });

  it("is null (user code not run) for the studio's or the page's own origin, another scheme, or any failure", async () => {
    expect(await loadSandboxOrigin(STUDIO, PAGE, answer(200, { sandboxOrigin: STUDIO }))).toBeNull();
    expect(await loadSandboxOrigin(STUDIO, PAGE, answer(200, { sandboxOrigin: `${PAGE}/runner` }))).toBeNull();
    expect(await loadSandboxOrigin(STUDIO, PAGE, answer(200, { sandboxOrigin: 'javascript:alert(1)' }))).toBeNull();
    expect(await loadSandboxOrigin(STUDIO, PAGE, answer(200, { sandboxOrigin: 'ftp://127.0.0.1:3001' }))).toBeNull();
    expect(await loadSandboxOrigin(STUDIO, PAGE, answer(200, { sandboxOrigin: 42 }))).toBeNull();
    expect(await loadSandboxOrigin(STUDIO, PAGE, answer(200, {}))).toBeNull();
    expect(await loadSandboxOrigin(STUDIO, PAGE, answer(200, '<!doctype html>'))).toBeNull();
    expect(await loadSandboxOrigin(STUDIO, PAGE, answer(500, { sandboxOrigin: 'http://127.0.0.1:3001' }))).toBeNull();
    expect(
      await loadSandboxOrigin(STUDIO, PAGE, (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch),
    ).toBeNull();
  });
});
