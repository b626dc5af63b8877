import type { Theme } from '../themes';

/** Three preview colours of a theme, for pickers. */
export function ThemeSwatch({ theme }: { theme: Theme }) {
  return (
    <span className="bs-swatch" style={{ background: theme.preview.background }} title={`${theme.name}: ${theme.description}`}>
      <span style={{ background: theme.preview.surface }} />
      <span style={{ background: theme.preview.accent }} />
      <span style={{ background: theme.preview.text }} />
    </span>
  );
}
