import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

function buttonClass({ variant = 'secondary', size = 'md' }: ButtonLook, extra?: string): string {
  return ['bs-btn', `bs-btn--${variant}`, size === 'md' ? '' : `bs-btn--${size}`, extra ?? ''].filter(Boolean).join(' ');
}

/** A button in one of the house variants. */
export function Button({ variant, size, className, type = 'button', ...rest }: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...rest} />;
}

/** A link that looks like a button. */
export function LinkButton({ variant, size, className, ...rest }: ButtonLook & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={buttonClass({ variant, size }, className)} {...rest} />;
}
