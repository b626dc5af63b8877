import type { Clock } from '@beamstage/timeline';

/** Time and timers, injected so the pure stage modules are tested deterministically (browserClock() in the apps). */
export type StageClock = Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>;
