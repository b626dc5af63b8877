import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { commitNumberText, formatNumber, scrubValue } from './number-field-model';
import type { NumberLimits } from './number-field-model';
import { beginGesture, endGesture } from '../live/gesture';
import type { Source } from '../state/source';

export interface NumberFieldProps extends NumberLimits {
  label: string;
  value: number;
  /** Called with each new value: on Enter or blur, and on every move of a scrub. */
  onCommit: (value: number) => void;
  /** Value change per scrubbed pixel (before Shift x10 / Alt x0.1). */
  step?: number;
  decimals?: number;
  /** An extra rule beyond the limits (canvas size must be positive): a message, or null when fine. */
  validate?: (value: number) => string | null;
  disabled?: boolean;
  /** Unit shown after the field (px, °). */
  unit?: string;
  /** Shown to assistive tech and in the tooltip when the label is an abbreviation. */
  title?: string;
  /** Told of each refused input (the canvas size also raises a toast). */
  onInvalid?: (message: string) => void;
  /**
   * The value as it changes between renders (a stage drag, the playhead): the field shows it
   * without re-rendering, unless a typed draft is in it. `value` is then its value at render time.
   */
  follow?: Source<number>;
}

/**
 * A numeric field of users.md: drag the label to scrub (Shift x10, Alt x0.1), type a number or
 * simple arithmetic (`400+20`), Enter or leaving the field commits, Esc reverts. Bad input shows an
 * inline message and changes nothing.
 */
export function NumberField({
  label,
  value,
  onCommit,
  step = 1,
  decimals = 3,
  validate,
  disabled,
  unit,
  title,
  onInvalid,
  min,
  max,
  integer,
  follow,
}: NumberFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const scrub = useRef<{ pointerId: number; startX: number; startValue: number; moved: boolean; gesture: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const limits: NumberLimits = { min, max, integer };
  /** The value now: a followed one moves on between renders. */
  const current = () => (follow ? follow.get() : value);
  const drafting = useRef(false);
  drafting.current = draft !== null;
  const shownDecimals = useRef(decimals);
  shownDecimals.current = decimals;
  useLayoutEffect(() => {
    if (!follow) return;
    // React owns the input's value and compares it with the DOM's on its next render, so a value
    // written here stays until a render writes the value of then.
    const show = () => {
      const el = input.current;
      const text = formatNumber(follow.get(), shownDecimals.current);
      if (el && !drafting.current && el.value !== text) el.value = text;
    };
    show();
    return follow.subscribe(show);
  }, [follow]);

  const commit = (text: string, keepDraftOnError: boolean) => {
    const outcome = commitNumberText(text, current(), limits);
    const message = outcome.kind === 'invalid' ? outcome.message : outcome.kind === 'commit' ? (validate?.(outcome.value) ?? null) : null;
    if (message) {
      setError(message);
      onInvalid?.(message);
      if (!keepDraftOnError) setDraft(null);
      return;
    }
    setError(null);
    setDraft(null);
    if (outcome.kind === 'commit') onCommit(outcome.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (draft !== null) commit(draft, true);
    } else if (event.key === 'Escape') {
      // Revert, and keep Esc from closing whatever panel holds the field.
      event.preventDefault();
      event.stopPropagation();
      setDraft(null);
      setError(null);
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLSpanElement>) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    // One scrub is one undo step, however slowly it goes (live/gesture.ts).
    scrub.current = { pointerId: event.pointerId, startX: event.clientX, startValue: current(), moved: false, gesture: beginGesture() };
  };
  const onPointerMove = (event: PointerEvent<HTMLSpanElement>) => {
    const s = scrub.current;
    if (!s || s.pointerId !== event.pointerId) return;
    const dx = event.clientX - s.startX;
    if (!s.moved && Math.abs(dx) < 2) return;
    s.moved = true;
    const next = scrubValue(s.startValue, dx, step, event, limits);
    if (next !== current() && !validate?.(next)) {
      setError(null);
      setDraft(null);
      onCommit(next);
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLSpanElement>) => {
    const s = scrub.current;
    if (!s || s.pointerId !== event.pointerId) return;
    scrub.current = null;
    endGesture(s.gesture);
    // A click without a drag puts the caret in the field, like clicking any label.
    if (!s.moved) input.current?.focus();
  };

  return (
    <div className={`number-field${error ? ' number-field--invalid' : ''}${disabled ? ' number-field--disabled' : ''}`}>
      <label htmlFor={id} className="number-field__row" title={title}>
        <span
          className="number-field__label"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          title={disabled ? undefined : `${title ?? label}: drag to change (Shift ×10, Alt ×0.1)`}
          data-scrub="true"
        >
          {label}
        </span>
        <input
          ref={input}
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          aria-label={title ?? label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={draft ?? formatNumber(current(), decimals)}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft !== null) commit(draft, false);
          }}
        />
        {unit ? <span className="number-field__unit">{unit}</span> : null}
      </label>
      {error ? (
        <p id={`${id}-error`} className="number-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
