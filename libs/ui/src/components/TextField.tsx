import { useId } from 'react';
import type { InputHTMLAttributes } from 'react';

/** A labelled text input with an optional hint and error. */
export function TextField({ label, hint, error, id, ...rest }: { label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <label className="bs-field" htmlFor={inputId}>
      <span>{label}</span>
      <input id={inputId} aria-invalid={error ? true : undefined} {...rest} />
      {error ? (
        <span className="bs-field__error" role="alert">
          {error}
        </span>
      ) : hint ? (
        <span className="bs-field__hint">{hint}</span>
      ) : null}
    </label>
  );
}
