import type { OutputOp, OutputPattern } from '@beamstage/sync';
import { useState } from 'react';
import type { OutputView } from './outputs-model';
import { outputSummary } from './outputs-model';

/** The test patterns as the panel names them (libs/sync's OUTPUT_PATTERNS, in menu order). */
export const PATTERN_LABELS: readonly { id: OutputPattern; label: string }[] = [
  { id: 'grid', label: 'Numbered grid' },
  { id: 'crosshair', label: 'Crosshair' },
  { id: 'bars', label: 'Colour bars' },
  { id: 'white', label: 'Solid white' },
  { id: 'masks', label: 'White through masks' },
];

export interface OutputsViewProps {
  outputs: readonly OutputView[];
  /** The fade time field's text (seconds). */
  fadeText: string;
  /** Why the fade text is refused, or null. */
  fadeError: string | null;
  /** Viewers and editors without a live room cannot send anything. */
  disabled: boolean;
  onFadeText(text: string): void;
  /** A command for one projector id, or '*' for all. */
  onCommand(op: OutputOp, target: string): void;
  /** The fade time in ms, or null when the field is refused. */
  fadeMs: number | null;
}

function PatternSelect({
  value,
  disabled,
  onChange,
  label,
}: {
  value: OutputPattern | null;
  disabled: boolean;
  label: string;
  onChange(p: OutputPattern | null): void;
}) {
  return (
    <select
      className="outputs__select"
      aria-label={label}
      disabled={disabled}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value ? (e.target.value as OutputPattern) : null)}
    >
      <option value="">No test pattern</option>
      {PATTERN_LABELS.map((p) => (
        <option key={p.id} value={p.id}>
          {p.label}
        </option>
      ))}
    </select>
  );
}

function LabelField({ output, disabled, onCommand }: { output: OutputView; disabled: boolean; onCommand: OutputsViewProps['onCommand'] }) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text !== null && text.trim() && text.trim() !== output.label) onCommand({ op: 'label', label: text.trim() }, output.projectorId);
    setText(null);
  };
  return (
    <input
      className="outputs__label"
      aria-label={`Label of ${output.label}`}
      maxLength={40}
      disabled={disabled}
      value={text ?? output.label}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setText(null);
      }}
    />
  );
}

/** The outputs panel's content: every connected projector, with per-projector and all-at-once controls. */
export function OutputsView(props: OutputsViewProps) {
  const { outputs, disabled, onCommand, fadeMs } = props;
  const none = outputs.length === 0;
  const anyLit = outputs.some((o) => !o.blackout);
  return (
    <section className="outputs" aria-label="Outputs" data-testid="outputs-panel">
      <div className="outputs__all" role="group" aria-label="All outputs">
        <div className="outputs__row">
          <button
            type="button"
            className="bs-btn bs-btn--danger bs-btn--sm"
            disabled={disabled || none}
            onClick={() => onCommand({ op: 'blackout', on: anyLit, fadeMs: 0 }, '*')}
          >
            {anyLit || none ? 'Blackout all' : 'Restore all'}
          </button>
          <button
            type="button"
            className="bs-btn bs-btn--secondary bs-btn--sm"
            disabled={disabled || none || fadeMs === null}
            onClick={() => fadeMs !== null && onCommand({ op: 'blackout', on: anyLit, fadeMs }, '*')}
          >
            {anyLit || none ? 'Fade all to black' : 'Fade all back'}
          </button>
          <label className="outputs__fade">
            <input
              aria-label="Fade time in seconds"
              inputMode="decimal"
              value={props.fadeText}
              onChange={(e) => props.onFadeText(e.target.value)}
              aria-invalid={props.fadeError !== null}
            />
            <span>s</span>
          </label>
        </div>
        {props.fadeError ? (
          <p className="outputs__error" role="alert">
            {props.fadeError}
          </p>
        ) : null}
        <div className="outputs__row">
          <PatternSelect
            label="Test pattern on all outputs"
            value={null}
            disabled={disabled || none}
            onChange={(pattern) => onCommand({ op: 'pattern', pattern }, '*')}
          />
          <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" disabled={disabled || none} onClick={() => onCommand({ op: 'identify' }, '*')}>
            Identify all
          </button>
          <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" disabled={disabled || none} onClick={() => onCommand({ op: 'reload' }, '*')}>
            Reload all
          </button>
        </div>
      </div>
      {none ? (
        <p className="outputs__empty">
          No projector is connected. Open the projector on the venue's computer; it appears here when the project is published with real-time on.
        </p>
      ) : (
        <ul className="outputs__list">
          {outputs.map((o) => (
            <li key={o.projectorId} className="outputs__item" data-testid="output-item" data-label={o.label}>
              <div className="outputs__head">
                <span className={`outputs__dot outputs__dot--${o.status}`} title={`Status: ${o.status}`} aria-hidden="true" />
                <LabelField output={o} disabled={disabled} onCommand={onCommand} />
              </div>
              <div className="outputs__meta">
                <span>{outputSummary(o)}</span>
                {o.blackout ? <span className="outputs__badge outputs__badge--black">Blacked out</span> : null}
                {o.pattern ? (
                  <span className="outputs__badge outputs__badge--pattern">{PATTERN_LABELS.find((p) => p.id === o.pattern)?.label ?? o.pattern}</span>
                ) : null}
                {o.offline === 'ready' ? <span className="outputs__badge outputs__badge--offline">Ready offline</span> : null}
                {o.notCached.length ? <span className="outputs__note">Not cached: {o.notCached.join(', ')}</span> : null}
              </div>
              <div className="outputs__row">
                <button
                  type="button"
                  className="bs-btn bs-btn--secondary bs-btn--sm"
                  disabled={disabled}
                  onClick={() => onCommand({ op: 'blackout', on: !o.blackout, fadeMs: 0 }, o.projectorId)}
                >
                  {o.blackout ? 'Restore' : 'Blackout'}
                </button>
                <button
                  type="button"
                  className="bs-btn bs-btn--ghost bs-btn--sm"
                  disabled={disabled || fadeMs === null}
                  onClick={() => fadeMs !== null && onCommand({ op: 'blackout', on: !o.blackout, fadeMs }, o.projectorId)}
                >
                  {o.blackout ? 'Fade in' : 'Fade out'}
                </button>
                <PatternSelect
                  label={`Test pattern on ${o.label}`}
                  value={o.pattern}
                  disabled={disabled}
                  onChange={(pattern) => onCommand({ op: 'pattern', pattern }, o.projectorId)}
                />
                <button
                  type="button"
                  className="bs-btn bs-btn--ghost bs-btn--sm"
                  disabled={disabled}
                  onClick={() => onCommand({ op: 'identify' }, o.projectorId)}
                >
                  Identify
                </button>
                <button
                  type="button"
                  className="bs-btn bs-btn--ghost bs-btn--sm"
                  disabled={disabled}
                  onClick={() => onCommand({ op: 'reload' }, o.projectorId)}
                >
                  Reload
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
