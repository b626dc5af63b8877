import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_ID, THEMES, findTheme, routeThemeRole, themeForRoute } from './themes';

describe('themes', () => {
  it('has the seven themes of the spec, lumencore2 first and default', () => {
    expect(THEMES.map((t) => t.id)).toEqual(['lumencore2', 'lumencore', 'dark', 'neon-noir', 'electric-pro', 'digital-pulse', 'crimson']);
    expect(DEFAULT_THEME_ID).toBe('lumencore2');
  });

  it('gives each theme a name, description, stylesheet and preview colours', () => {
    for (const theme of THEMES) {
      expect(theme.name.length).toBeGreaterThan(0);
      expect(theme.description.length).toBeGreaterThan(0);
      expect(theme.stylesheet).toMatch(new RegExp(`${theme.id}.*\\.css`));
      for (const colour of Object.values(theme.preview)) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('finds known themes and rejects unknown ids', () => {
    expect(findTheme('crimson')?.name).toBe('Crimson');
    expect(findTheme('sepia')).toBeUndefined();
  });

  it('picks a theme slot per route as spec section 2 says', () => {
    expect(routeThemeRole('/')).toBe('landing');
    expect(routeThemeRole('/pricing')).toBe('pricing');
    expect(routeThemeRole('/editor/proj_1')).toBe('editor');
    expect(routeThemeRole('/projector/proj_1/usr_2')).toBe('projector');
    for (const path of ['/dashboard', '/sign-in', '/sign-up', '/auth', '/documentation/tutorials/overview', '/somewhere-else']) {
      expect(routeThemeRole(path)).toBe('dashboard');
    }
  });

  it('lets the chosen theme drive the dashboard but not landing, pricing, editor or projector', () => {
    expect(themeForRoute('/dashboard', 'crimson')).toBe('crimson');
    expect(themeForRoute('/editor/x', 'neon-noir')).toBe('lumencore2');
    expect(themeForRoute('/', 'crimson')).toBe('lumencore2');
    expect(themeForRoute('/pricing', 'crimson')).toBe('electric-pro');
    expect(themeForRoute('/dashboard')).toBe('lumencore2');
  });
});
