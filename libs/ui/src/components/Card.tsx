import type { HTMLAttributes, ReactNode } from 'react';

/** A surface panel; `interactive` lifts it on hover. */
export function Card({ interactive, className, ...rest }: { interactive?: boolean } & HTMLAttributes<HTMLDivElement>) {
  const classes = ['bs-card', interactive ? 'bs-card--interactive' : '', className ?? ''].filter(Boolean).join(' ');
  return <div className={classes} {...rest} />;
}

/** A small pill label. */
export function Badge({ tone = 'accent', children }: { tone?: 'accent' | 'muted' | 'live'; children: ReactNode }) {
  return <span className={tone === 'accent' ? 'bs-badge' : `bs-badge bs-badge--${tone}`}>{children}</span>;
}
