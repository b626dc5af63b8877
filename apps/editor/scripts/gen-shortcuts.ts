// Writes the site's Editor shortcut table from the action registry (see src/actions/docs-source.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SITE_SHORTCUTS_FILE, shortcutDocSource } from '../src/actions/docs-source';
import { EDITOR_ACTIONS } from '../src/actions/editor-actions';

const target = fileURLToPath(new URL(`../../../${SITE_SHORTCUTS_FILE}`, import.meta.url));
writeFileSync(target, shortcutDocSource(EDITOR_ACTIONS));
console.log(`wrote ${SITE_SHORTCUTS_FILE}`);
