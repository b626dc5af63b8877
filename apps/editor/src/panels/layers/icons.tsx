// Small line icons drawn as SVG: emoji glyphs (🔒, 🗑) are missing from many system fonts and
// showed as empty boxes in Chromium without an emoji font.

const common = {
  width: 14,
  height: 14,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export function EyeIcon({ off = false }: { off?: boolean }) {
  return (
    <svg {...common}>
      <path d="M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8s-2.4 4.5-6.5 4.5S1.5 8 1.5 8z" />
      <circle cx="8" cy="8" r="2" />
      {off ? <path d="M2.5 13.5l11-11" /> : null}
    </svg>
  );
}

export function LockIcon({ open = false }: { open?: boolean }) {
  return (
    <svg {...common}>
      <rect x="3" y="7" width="10" height="7" rx="1.5" />
      <path d={open ? 'M5.5 7V5a2.5 2.5 0 0 1 5-.5' : 'M5.5 7V5a2.5 2.5 0 0 1 5 0v2'} />
    </svg>
  );
}

export function DuplicateIcon() {
  return (
    <svg {...common}>
      <rect x="5" y="5" width="9" height="9" rx="1.5" />
      <path d="M11 5V3.5A1.5 1.5 0 0 0 9.5 2h-6A1.5 1.5 0 0 0 2 3.5v6A1.5 1.5 0 0 0 3.5 11H5" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg {...common}>
      <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.8 6.5v4.5M9.2 6.5v4.5" />
    </svg>
  );
}

export function ArrowIcon({ down = false }: { down?: boolean }) {
  return (
    <svg {...common}>
      <path d={down ? 'M8 3v10M4 9l4 4 4-4' : 'M8 13V3M4 7l4-4 4 4'} />
    </svg>
  );
}
