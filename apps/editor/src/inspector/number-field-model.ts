import { evaluateArithmetic } from './arithmetic';

/** Limits of one numeric field. */
export interface NumberLimits {
  min?: number;
  max?: number;
  /** Whole numbers only (mesh resolution, frame rate). */
  integer?: boolean;
}

/** What pressing Enter (or leaving the field) does with the typed text. */
export type CommitOutcome =
  | { kind: 'commit'; value: number }
  /** Same value as now: nothing to write, the draft just closes. */
  | { kind: 'unchanged' }
  /** Bad input: shown inline; the document keeps its value. */
  | { kind: 'invalid'; message: string };

/** The message for a value outside the limits, or null when it fits. */
export function rangeMessage(value: number, limits: NumberLimits): string | null {
  const { min, max } = limits;
  if (limits.integer && !Number.isInteger(value)) return 'Must be a whole number';
  if (min !== undefined && max !== undefined && (value < min || value > max)) return `Must be between ${formatNumber(min)} and ${formatNumber(max)}`;
  if (min !== undefined && value < min) return min === 0 ? 'Must not be negative' : `Must be at least ${formatNumber(min)}`;
  if (max !== undefined && value > max) return `Must be at most ${formatNumber(max)}`;
  return null;
}

/** Reads typed text (a number or simple arithmetic) against the field's current value and limits. */
export function commitNumberText(text: string, current: number, limits: NumberLimits = {}): CommitOutcome {
  const result = evaluateArithmetic(text);
  if (!result.ok) return { kind: 'invalid', message: result.message };
  const value = roundForDisplay(result.value);
  const message = rangeMessage(value, limits);
  if (message) return { kind: 'invalid', message };
  return value === current ? { kind: 'unchanged' } : { kind: 'commit', value };
}

/** Scrub speed of users.md: Shift x10, Alt x0.1. */
export function scrubMultiplier(modifiers: { shiftKey?: boolean; altKey?: boolean }): number {
  if (modifiers.shiftKey) return 10;
  if (modifiers.altKey) return 0.1;
  return 1;
}

/**
 * The value after dragging the label `dxPx` pixels from where the drag started: one `step` a pixel,
 * times the modifier multiplier, clamped to the limits (a scrub never lands out of range).
 * Rounded to the step's precision so 0.1 steps do not produce 0.30000000000000004.
 */
export function scrubValue(start: number, dxPx: number, step: number, modifiers: { shiftKey?: boolean; altKey?: boolean }, limits: NumberLimits = {}): number {
  const delta = dxPx * step * scrubMultiplier(modifiers);
  let v = start + delta;
  if (limits.integer) v = Math.round(v);
  if (limits.min !== undefined) v = Math.max(limits.min, v);
  if (limits.max !== undefined) v = Math.min(limits.max, v);
  const decimals = Math.max(decimalsOf(step * scrubMultiplier(modifiers)), decimalsOf(start));
  return Number(v.toFixed(Math.min(6, decimals)));
}

function decimalsOf(n: number): number {
  if (!Number.isFinite(n) || Number.isInteger(n)) return 0;
  const s = String(n);
  const e = /e-(\d+)$/.exec(s);
  if (e) return Number(e[1]);
  return s.split('.')[1]?.length ?? 0;
}

/** Rounds float noise away (0.1+0.2) while keeping up to 6 decimals. */
export function roundForDisplay(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** How a field shows its value: at most `decimals` places, no trailing zeros. */
export function formatNumber(value: number, decimals = 3): string {
  if (!Number.isFinite(value)) return '';
  return String(Number(value.toFixed(decimals)));
}
