import { createEventBus } from './event-bus';
import { logger } from './logger';

/** The page's one event bus (see event-bus.ts). */
export const editorBus = createEventBus(logger('events'), () => (typeof performance === 'undefined' ? Date.now() : performance.now()));
