/** The Beamstage mark: a projector beam fanning onto a warped quad. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <defs>
        <linearGradient id="bs-logo-beam" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--bs-accent-2)" />
          <stop offset="1" stopColor="var(--bs-accent)" />
        </linearGradient>
      </defs>
      <path d="M4 16 L26 5 L29 27 L7 22 Z" fill="url(#bs-logo-beam)" opacity="0.9" />
      <path d="M4 16 L26 5 M4 16 L29 27" stroke="var(--bs-text)" strokeOpacity="0.5" strokeWidth="1" fill="none" />
      <circle cx="4" cy="16" r="3" fill="var(--bs-text)" />
    </svg>
  );
}

/** The mark with the word, linking home. */
export function Logo({ href = '/', size = 28 }: { href?: string; size?: number }) {
  return (
    <a className="bs-logo" href={href} aria-label="Beamstage home">
      <LogoMark size={size} />
      <span>Beamstage</span>
    </a>
  );
}
