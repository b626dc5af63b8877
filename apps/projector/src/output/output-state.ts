import type { OutputOp, OutputPattern } from '@beamstage/sync/browser';
import { fadeTowards, NO_BLACK, type BlackFade } from './fade';

/** How long identify shows the label. */
export const IDENTIFY_MS = 3000;

/** What the projector's output shows on top of (or instead of) the project. */
export interface OutputState {
  black: BlackFade;
  pattern: OutputPattern | null;
  /** Clock ms until which the label shows big; 0 when not identifying. */
  identifyUntil: number;
  label: string;
}

export const initialOutputState = (label: string): OutputState => ({ black: NO_BLACK, pattern: null, identifyUntil: 0, label });

/** Whether the output is (going) black. */
export const isBlackedOut = (state: OutputState): boolean => state.black.to === 1;

/** Applies one command at `now`; `reload` tells the caller to reload the page. */
export function applyOutputOp(state: OutputState, op: OutputOp, now: number): { state: OutputState; reload: boolean } {
  switch (op.op) {
    case 'blackout':
      return { state: { ...state, black: fadeTowards(state.black, op.on, op.fadeMs, now) }, reload: false };
    case 'pattern':
      return { state: { ...state, pattern: op.pattern }, reload: false };
    case 'identify':
      return { state: { ...state, identifyUntil: now + IDENTIFY_MS }, reload: false };
    case 'label':
      return { state: { ...state, label: op.label }, reload: false };
    case 'reload':
      return { state, reload: true };
  }
}
