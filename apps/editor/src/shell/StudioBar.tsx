import { useAuth0 } from '@auth0/auth0-react';
import { NavBar } from '@beamstage/ui';
import { ThemePicker } from './ThemePicker';

/** The dashboard's top bar: navigation, theme and the signed-in user with sign-out. */
export function StudioBar({ current }: { current: string }) {
  const { user, logout } = useAuth0();
  const label = user?.name || user?.email || 'You';
  return (
    <NavBar
      homeHref="/"
      current={current}
      links={[
        { href: '/dashboard', label: 'Projects' },
        { href: '/documentation', label: 'Docs' },
        { href: '/pricing', label: 'Plans' },
      ]}
      actions={
        <>
          <ThemePicker />
          <span className="user-chip" title={user?.email}>
            <span className="user-chip__avatar">{label.slice(0, 1).toUpperCase()}</span>
            <span className="user-chip__name">{label}</span>
          </span>
          <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" onClick={() => void logout({ logoutParams: { returnTo: window.location.origin } })}>
            Sign out
          </button>
        </>
      }
    />
  );
}
