/** Where the timeline reports what it ignores; apps pass their logger, tests a recorder. */
export interface TimelineLogger {
  warn(message: string, details?: Record<string, unknown>): void;
  debug?(message: string, details?: Record<string, unknown>): void;
}

/** A logger that drops everything. */
export const SILENT_LOGGER: TimelineLogger = { warn: () => undefined };
