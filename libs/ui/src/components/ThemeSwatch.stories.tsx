import { THEMES } from '../themes';
import { ThemeSwatch } from './ThemeSwatch';

export default { title: 'UI/Themes' };

export const AllThemes = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {THEMES.map((theme) => (
        <div key={theme.id} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <ThemeSwatch theme={theme} />
          <strong>{theme.name}</strong>
          <span style={{ color: 'var(--bs-text-dim)' }}>{theme.description}</span>
        </div>
      ))}
    </div>
  ),
};
