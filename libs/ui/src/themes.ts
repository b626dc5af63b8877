/** The seven themes of spec section 2 and the rule that picks one per route. */

export type ThemeId = 'lumencore2' | 'lumencore' | 'dark' | 'neon-noir' | 'electric-pro' | 'digital-pulse' | 'crimson';

/** Colours shown in a theme picker swatch before the stylesheet loads. */
export interface ThemePreview {
  readonly background: string;
  readonly surface: string;
  readonly accent: string;
  readonly text: string;
}

export interface Theme {
  readonly id: ThemeId;
  readonly name: string;
  readonly description: string;
  /** URL of the theme's stylesheet (a hashed asset once built). */
  readonly stylesheet: string;
  readonly preview: ThemePreview;
}

export const DEFAULT_THEME_ID: ThemeId = 'lumencore2';

/** localStorage key that remembers the chosen theme (spec section 9). */
export const THEME_STORAGE_KEY = 'beamstage-theme';

// Vite turns each stylesheet into an asset URL, so a theme costs nothing until it is chosen.
const stylesheetUrls = import.meta.glob<string>('./themes/*.css', { query: '?url', import: 'default', eager: true });

function stylesheetFor(id: ThemeId): string {
  // Outside Vite (unit tests) the URL is empty; the source path still names the file.
  return stylesheetUrls[`./themes/${id}.css`] || `./themes/${id}.css`;
}

const theme = (id: ThemeId, name: string, description: string, preview: ThemePreview): Theme => ({
  id,
  name,
  description,
  stylesheet: stylesheetFor(id),
  preview,
});

export const THEMES: readonly Theme[] = [
  theme('lumencore2', 'Lumencore 2', 'Deep night blue with violet and cyan light: the house look.', {
    background: '#07080f',
    surface: '#121629',
    accent: '#7c5cff',
    text: '#eef0ff',
  }),
  theme('lumencore', 'Lumencore', 'The original warm stage look: amber light on charcoal.', {
    background: '#0a0c14',
    surface: '#161a2a',
    accent: '#ffb547',
    text: '#f7f3e8',
  }),
  theme('dark', 'Dark', 'Neutral greys that keep every colour on stage honest.', {
    background: '#0b0b0c',
    surface: '#18181b',
    accent: '#e4e4e7',
    text: '#f4f4f5',
  }),
  theme('neon-noir', 'Neon Noir', 'Hot pink and cyan over black, for club nights.', {
    background: '#050307',
    surface: '#140c1a',
    accent: '#ff2e97',
    text: '#fbe9ff',
  }),
  theme('electric-pro', 'Electric Pro', 'Crisp electric blue for long calibration sessions.', {
    background: '#040a14',
    surface: '#0e1a2e',
    accent: '#2f7bff',
    text: '#eaf6ff',
  }),
  theme('digital-pulse', 'Digital Pulse', 'Phosphor green, like a vintage oscilloscope.', {
    background: '#03100c',
    surface: '#0a2219',
    accent: '#39ff88',
    text: '#e8fff2',
  }),
  theme('crimson', 'Crimson', 'Theatre red with an ember accent.', {
    background: '#0e0507',
    surface: '#1f0c10',
    accent: '#e11d48',
    text: '#ffeef0',
  }),
];

/** Looks a theme up by id; unknown ids are undefined (callers warn, spec section 8). */
export function findTheme(id: string): Theme | undefined {
  return THEMES.find((t) => t.id === id);
}

/** Which theme slot a route uses (spec section 2, "Theme by route"). */
export type RouteThemeRole = 'landing' | 'dashboard' | 'pricing' | 'editor' | 'projector';

/** Maps a pathname to its theme slot; anything unknown uses the dashboard slot. */
export function routeThemeRole(pathname: string): RouteThemeRole {
  const first = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  if (first === '') return 'landing';
  if (first === 'pricing') return 'pricing';
  if (first === 'editor') return 'editor';
  if (first === 'projector') return 'projector';
  return 'dashboard';
}

/**
 * Fixed themes for the marketing, editing and playback slots (spec section 2: editor and projector
 * each have their own); only the dashboard and its neighbours follow the user's choice, so a theme
 * picked on the dashboard never recolours the workspace or the wall.
 */
const FIXED_ROLE_THEMES: Partial<Record<RouteThemeRole, ThemeId>> = {
  landing: 'lumencore2',
  pricing: 'electric-pro',
  editor: 'lumencore2',
  projector: 'dark',
};

/** The theme to show on a route, given the user's chosen theme (default lumencore2). */
export function themeForRoute(pathname: string, chosen: ThemeId = DEFAULT_THEME_ID): ThemeId {
  return FIXED_ROLE_THEMES[routeThemeRole(pathname)] ?? chosen;
}
