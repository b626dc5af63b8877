import type { FitMode } from '@beamstage/layers';

/** The spec's fit modes (section 5) with their labels; URL layers also scale the page to fit. */
export const FIT_OPTIONS: readonly { value: FitMode; label: string }[] = [
  { value: 'contain', label: 'Contain' },
  { value: 'cover', label: 'Cover' },
  { value: 'fill', label: 'Fill' },
  { value: 'none', label: 'None (natural size)' },
];

export const URL_FIT_OPTIONS: readonly { value: FitMode; label: string }[] = [{ value: 'scale-to-fit', label: 'Scale to fit' }, ...FIT_OPTIONS];
