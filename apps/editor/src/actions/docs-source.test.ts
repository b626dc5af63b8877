import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SITE_SHORTCUTS_FILE, shortcutDocSource } from './docs-source';
import { EDITOR_ACTIONS } from './editor-actions';

describe("the site's shortcut table", () => {
  it('is exactly what the registry generates (run `npm run gen:shortcuts -w apps/editor` after changing a shortcut)', () => {
    const committed = readFileSync(fileURLToPath(new URL(`../../../../${SITE_SHORTCUTS_FILE}`, import.meta.url)), 'utf8');
    expect(committed).toBe(shortcutDocSource(EDITOR_ACTIONS));
  });
});
