import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

async function ruleIdsFor(relativePath: string): Promise<string[]> {
  // ignore: false, because the fixtures are ignored by the normal lint run.
  const eslint = new ESLint({ cwd: root, ignore: false });
  const [result] = await eslint.lintFiles([relativePath]);
  return (result?.messages ?? []).map((m) => m.ruleId ?? 'parse-error');
}

describe('module boundaries bite', () => {
  it('refuses an internal import from libs/timeline', async () => {
    expect(await ruleIdsFor('libs/timeline/lint-fixtures/forbidden-import.ts')).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses libs/ui in apps/player (the player never imports the editor or its UI)', async () => {
    const messages = await messagesFor('apps/player/lint-fixtures/forbidden-ui.ts');
    expect(messages.some((m) => m.startsWith('@nx/enforce-module-boundaries'))).toBe(true);
    expect(messages.some((m) => m.includes('The player never imports the editor or its UI'))).toBe(true);
  });

  it('refuses React in apps/api', async () => {
    expect(await ruleIdsFor('apps/api/lint-fixtures/forbidden-react.ts')).toContain('no-restricted-imports');
  });
});

async function messagesFor(relativePath: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, ignore: false });
  const [result] = await eslint.lintFiles([relativePath]);
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse-error'}: ${m.message}`);
}

describe('where code runs bites (design.md section 1, "runs in")', () => {
  // The rule reports the first constraint an import breaks, and the runs: constraints come first, so
  // each fixture's message names the runs: tag it breaks. tools may import browser libraries by scope
  // (for benches and journeys): there the runs: rule alone refuses it.
  it('refuses a browser library in node code, even where the scope table allows it', async () => {
    const messages = await messagesFor('tools/lint-fixtures/forbidden-browser-lib.ts');
    expect(messages.some((m) => m.includes('"runs:node" can only depend'))).toBe(true);
  });

  it('refuses a node-only library in browser code', async () => {
    const messages = await messagesFor('libs/stage/lint-fixtures/forbidden-node-lib.ts');
    expect(messages.some((m) => m.includes('"runs:browser" can only depend'))).toBe(true);
  });

  it('refuses a browser library in code that runs anywhere', async () => {
    const messages = await messagesFor('libs/layers/lint-fixtures/forbidden-browser-lib.ts');
    expect(messages.some((m) => m.includes('"runs:anywhere" can only depend'))).toBe(true);
  });

  it("refuses global timers in libs/sync's shared code", async () => {
    expect(await ruleIdsFor('libs/sync/src/client/lint-fixtures/uses-timer.ts')).toContain('no-restricted-globals');
  });

  it("refuses a relative import across libs/sync's browser and node entries", async () => {
    const messages = await messagesFor('libs/sync/src/browser/lint-fixtures/cross-entry.ts');
    expect(messages.some((m) => m.includes('never imports its node code'))).toBe(true);
    const back = await messagesFor('libs/sync/src/node/lint-fixtures/cross-entry.ts');
    expect(back.some((m) => m.includes('never imports its browser code'))).toBe(true);
  });
});
