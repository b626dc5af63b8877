import { useId, useState } from 'react';
import type { ReactNode } from 'react';

/** A titled, collapsible inspector section (one concern each). */
export function Section({ title, children, defaultOpen = true, testId }: { title: string; children: ReactNode; defaultOpen?: boolean; testId?: string }) {
  return (
    <details className="inspector-section" open={defaultOpen} data-testid={testId}>
      <summary className="inspector-section__title">{title}</summary>
      <div className="inspector-section__body">{children}</div>
    </details>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <label className="inspector-check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
      {hint ? <small className="inspector-hint">{hint}</small> : null}
    </label>
  );
}

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  note,
}: {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (v: T) => void;
  disabled?: boolean;
  note?: string | null;
}) {
  const id = useId();
  return (
    <div className="inspector-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {note ? <p className="inspector-note">{note}</p> : null}
    </div>
  );
}

/**
 * A text field that commits on Enter or blur and reverts on Esc, like the number field;
 * `validate` returns a message for input that must not be written.
 */
export function TextField({
  label,
  value,
  onCommit,
  disabled,
  placeholder,
  validate,
  multiline,
  maxLength = 2000,
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  disabled?: boolean;
  placeholder?: string;
  validate?: (v: string) => string | null;
  multiline?: boolean;
  maxLength?: number;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const message = validate?.(draft) ?? null;
    if (message) {
      setError(message);
      return;
    }
    setDraft(null);
    setError(null);
    if (draft !== value) onCommit(draft);
  };
  const common = {
    id,
    value: draft ?? value,
    disabled,
    placeholder,
    maxLength,
    spellCheck: false,
    'aria-invalid': error ? true : undefined,
    onChange: (e: { target: { value: string } }) => {
      setDraft(e.target.value);
      setError(null);
    },
    onBlur: commit,
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' && (!multiline || e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        commit();
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setDraft(null);
        setError(null);
      }
    },
  };
  return (
    <div className="inspector-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={4} {...common} /> : <input type="text" autoComplete="off" {...common} />}
      {error ? (
        <p className="number-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A colour picker plus its text, for CSS colours (#rrggbb or any CSS colour typed). */
export function ColorField({ label, value, onCommit, disabled }: { label: string; value: string; onCommit: (v: string) => void; disabled?: boolean }) {
  const id = useId();
  const isHex = /^#[0-9a-f]{6}$/i.test(value);
  // The picker only holds #rrggbb: any other colour (transparent, rgba, a name) shows a checkered
  // swatch instead of the picker's black, which would say "black" when it is not.
  return (
    <div className="inspector-field inspector-color">
      <label htmlFor={id}>{label}</label>
      <div className="inspector-color__row">
        <input
          id={id}
          type="color"
          className={isHex ? undefined : 'inspector-color__other'}
          value={isHex ? value : '#000000'}
          disabled={disabled}
          title={isHex ? value : `${value} (not a single colour the picker can show)`}
          onChange={(e) => onCommit(e.target.value)}
          aria-label={`${label} colour`}
        />
        <TextField
          label={`${label} value`}
          value={value}
          onCommit={onCommit}
          disabled={disabled}
          validate={(v) => (isCssColor(v) ? null : 'Enter a CSS colour such as #000000 or transparent')}
        />
      </div>
    </div>
  );
}

/** Whether text is a colour CSS understands (checked by the browser; a plain pattern in Node). */
export function isCssColor(text: string): boolean {
  const t = text.trim();
  if (!t) return false;
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function') return CSS.supports('color', t);
  return /^(#[0-9a-f]{3,8}|transparent|[a-z]+|rgba?\([^)]*\)|hsla?\([^)]*\))$/i.test(t);
}
