// A picture of each easing curve: an SVG path sampled from libs/timeline's own functions.
import { EASING_FUNCTIONS, EASING_NAMES, isEasingName } from '@beamstage/timeline';
import type { EasingName } from '@beamstage/timeline';

export { EASING_NAMES };

/** The curve p -> eased(p) in a size x size box, y up, as an SVG path. */
export function easingPath(name: string, size = 24, samples = 16): string {
  const fn = EASING_FUNCTIONS[isEasingName(name) ? name : 'smooth'];
  const pts: string[] = [];
  for (let i = 0; i <= samples; i++) {
    const p = i / samples;
    pts.push(`${(p * size).toFixed(2)},${((1 - fn(p)) * size).toFixed(2)}`);
  }
  return `M${pts.join(' L')}`;
}

export const EASING_LABELS: Readonly<Record<EasingName, string>> = {
  linear: 'Linear',
  'ease-in': 'Ease in',
  'ease-out': 'Ease out',
  'ease-in-out': 'Ease in-out',
  smooth: 'Smooth',
};
