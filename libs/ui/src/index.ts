import './base.css';

export { apiErrorMessage } from './api-error-message';

export { Badge, Card } from './components/Card';
export { Button, LinkButton } from './components/Button';
export type { ButtonSize, ButtonVariant } from './components/Button';
export { DEFAULT_EXTERNAL_LINKS, FOOTER_TAGLINE, Footer } from './components/Footer';
export type { FooterExternalLinks } from './components/Footer';
export { LOADING_TEXTS, LoadingOverlay } from './components/LoadingOverlay';
export { Logo, LogoMark } from './components/Logo';
export { NavBar } from './components/NavBar';
export type { NavLink } from './components/NavBar';
export { TextField } from './components/TextField';
export { ThemeSwatch } from './components/ThemeSwatch';
export { THEME_CHANGED_EVENT, THEME_LOAD_TIMEOUT_MS, applyTheme, readStoredTheme } from './theme-loader';
export { DEFAULT_THEME_ID, THEMES, THEME_STORAGE_KEY, findTheme, routeThemeRole, themeForRoute } from './themes';
export type { RouteThemeRole, Theme, ThemeId, ThemePreview } from './themes';
