export { createManualClock, createSystemClock } from './clock';
export type { Clock, ManualClock, TimerHandle } from './clock';
