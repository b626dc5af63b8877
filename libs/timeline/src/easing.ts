// The five easing curves of spec section 4. Each maps progress p in [0, 1] to [0, 1],
// is monotonic non-decreasing, and fixes 0 -> 0 and 1 -> 1, so an eased numeric
// interpolation never leaves the range of its two keyframe values.

/** Easing names a keyframe or transition may carry. */
export type EasingName = 'linear' | 'ease-in' | 'ease-out' | 'ease-in-out' | 'smooth';

/** Every easing name, in menu order. */
export const EASING_NAMES: readonly EasingName[] = ['linear', 'ease-in', 'ease-out', 'ease-in-out', 'smooth'];

/** The easing used when none is given (spec: smooth is the default). */
export const DEFAULT_EASING: EasingName = 'smooth';

/** An easing curve: progress in [0, 1] to eased progress in [0, 1]. */
export type EasingFunction = (p: number) => number;

/** The exact curves: quadratic in/out/in-out and the cubic smoothstep. */
export const EASING_FUNCTIONS: Readonly<Record<EasingName, EasingFunction>> = {
  /** f(p) = p */
  linear: (p) => p,
  /** f(p) = p^2 */
  'ease-in': (p) => p * p,
  /** f(p) = 1 - (1 - p)^2 (written so, not as p(2 - p), because that form is not monotonic in floating point near 1) */
  'ease-out': (p) => 1 - (1 - p) * (1 - p),
  /** f(p) = 2p^2 for p < 1/2, else 1 - 2(1 - p)^2 */
  'ease-in-out': (p) => (p < 0.5 ? 2 * p * p : 1 - 2 * (1 - p) * (1 - p)),
  /** f(p) = 3p^2 - 2p^3 (smoothstep), evaluated as 1 - f(1 - p) above 1/2 so rounding stays monotonic near 1 */
  smooth: (p) => (p <= 0.5 ? p * p * (3 - 2 * p) : 1 - (1 - p) * (1 - p) * (1 + 2 * p)),
};

/** True when name is one of the five easing names. */
export function isEasingName(name: unknown): name is EasingName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(EASING_FUNCTIONS, name);
}

/** Applies the named easing to progress p, clamping p to [0, 1]; an unknown name falls back to smooth. */
export function applyEasing(name: string | undefined, p: number): number {
  const clamped = p <= 0 ? 0 : p >= 1 ? 1 : p;
  const fn = isEasingName(name) ? EASING_FUNCTIONS[name] : EASING_FUNCTIONS[DEFAULT_EASING];
  return fn(clamped);
}

/**
 * The same curves by index into EASING_NAMES, as one switch: the per-frame path calls this
 * instead of five different closures, so the call site stays monomorphic and inlinable.
 */
export function applyEasingCode(code: number, p: number): number {
  switch (code) {
    case 0:
      return p;
    case 1:
      return p * p;
    case 2:
      return 1 - (1 - p) * (1 - p);
    case 3:
      return p < 0.5 ? 2 * p * p : 1 - 2 * (1 - p) * (1 - p);
    default:
      return p <= 0.5 ? p * p * (3 - 2 * p) : 1 - (1 - p) * (1 - p) * (1 + 2 * p);
  }
}
