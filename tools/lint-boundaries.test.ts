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

  it('refuses React in apps/api', async () => {
    expect(await ruleIdsFor('apps/api/lint-fixtures/forbidden-react.ts')).toContain('no-restricted-imports');
  });
});
