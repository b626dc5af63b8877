import type { ReactNode } from 'react';
import type { Source } from './source';
import { useSlice } from './source';

export interface ShownSliceProps<T, S> {
  source: Source<T>;
  select(value: T): S;
  equal?: (a: S, b: S) => boolean;
  children(slice: S): ReactNode;
}

/**
 * Renders its children with a slice of a source, and re-renders when that slice changes: a panel
 * wired in a page re-renders with what it shows, not with the page (design.md section 8).
 */
export function ShownSlice<T, S>({ source, select, equal, children }: ShownSliceProps<T, S>) {
  return <>{children(useSlice(source, select, equal))}</>;
}
