import type { Action } from './action';
import { shortcutSections } from './describe';

/** Where the site's Editor documentation reads the shortcut table (apps/site may not import the editor). */
export const SITE_SHORTCUTS_FILE = 'apps/site/src/docs/editor-shortcuts.gen.ts';

/**
 * The site's shortcut table as a TypeScript source, generated from the registry
 * (`npm run gen:shortcuts -w apps/editor`); a test fails when the committed file differs, so the
 * documentation can never list a shortcut the editor does not have, or miss one it has.
 */
export function shortcutDocSource<C>(actions: readonly Action<C>[]): string {
  const sections = shortcutSections(actions, false).map((s) => ({ title: s.title, rows: s.rows.map((r) => ({ label: r.label, keys: [...r.keys] })) }));
  return [
    "// Generated from the editor's action registry by `npm run gen:shortcuts -w apps/editor`. Do not edit.",
    '',
    'export interface ShortcutDocSection {',
    '  readonly title: string;',
    '  readonly rows: readonly { readonly label: string; readonly keys: readonly string[] }[];',
    '}',
    '',
    `export const EDITOR_SHORTCUTS: readonly ShortcutDocSection[] = ${JSON.stringify(sections, null, 2)};`,
    '',
  ].join('\n');
}
