import { DEFAULT_THEME_ID, THEME_STORAGE_KEY, findTheme } from './themes';
import type { ThemeId } from './themes';

/** A theme stylesheet that has not loaded after this long counts as failed (spec section 8). */
export const THEME_LOAD_TIMEOUT_MS = 5000;

/** Event announced on window after a theme change. */
export const THEME_CHANGED_EVENT = 'beamstage:theme-changed';

const LINK_ID = 'beamstage-theme-stylesheet';

/** Reads the remembered theme, falling back to the default for missing or unknown values. */
export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ThemeId {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    if (stored && findTheme(stored)) return stored as ThemeId;
  } catch {
    // Storage can throw in private modes; the default theme is a fine answer.
  }
  return DEFAULT_THEME_ID;
}

/**
 * Loads a theme's stylesheet and marks the document with it. Resolves false on an unknown theme,
 * a failed load or a load slower than THEME_LOAD_TIMEOUT_MS. `remember` stores the user's choice.
 */
export function applyTheme(id: string, options: { remember?: boolean; doc?: Document } = {}): Promise<boolean> {
  const doc = options.doc ?? document;
  const theme = findTheme(id);
  if (!theme) {
    console.warn(`Unknown theme "${id}"`);
    return Promise.resolve(false);
  }
  doc.documentElement.dataset['theme'] = theme.id;
  if (options.remember) {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme.id);
    } catch {
      // Not remembering is acceptable; the theme still applies.
    }
  }
  const existing = doc.getElementById(LINK_ID) as HTMLLinkElement | null;
  if (existing?.dataset['theme'] === theme.id) return Promise.resolve(true);
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.id = LINK_ID;
  link.dataset['theme'] = theme.id;
  link.href = theme.stylesheet;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), THEME_LOAD_TIMEOUT_MS);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      if (ok) {
        existing?.remove();
        window.dispatchEvent(new CustomEvent(THEME_CHANGED_EVENT, { detail: { theme: theme.id } }));
      }
      resolve(ok);
    };
    link.onload = () => done(true);
    link.onerror = () => done(false);
    doc.head.appendChild(link);
  });
}
