import { applyTheme, readStoredTheme, THEMES } from '@beamstage/ui';
import { useState } from 'react';

/** Chooses the dashboard's theme; the choice is remembered. The editor and projector keep their own (spec section 2: themeForRoute). */
export function ThemePicker() {
  const [theme, setTheme] = useState(readStoredTheme());
  return (
    <label className="theme-picker" title="Theme">
      <span className="sr-only">Theme</span>
      <select
        value={theme}
        onChange={(event) => {
          const id = event.target.value;
          setTheme(id as typeof theme);
          void applyTheme(id, { remember: true });
        }}
      >
        {THEMES.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
    </label>
  );
}
