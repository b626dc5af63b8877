/**
 * The editor's logging (spec section 9): enabled by default; errors and warnings always show,
 * debug lines do not; of the modules only `startup` is on by default. `window.beamstageDebug`
 * toggles modules and the debug level at run time (see installDebugHelper).
 */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export const LOG_MODULES = ['startup', 'sync', 'stage', 'layers', 'timeline', 'assets', 'actions', 'events'] as const;
export type LogModule = (typeof LOG_MODULES)[number];

/** Where lines go (the console in the app, an array in tests). */
export type LogSink = (level: LogLevel, module: LogModule, message: string, detail: readonly unknown[]) => void;

export interface LogSettings {
  enabled: boolean;
  debug: boolean;
  modules: Record<LogModule, boolean>;
}

export function defaultLogSettings(): LogSettings {
  const modules = Object.fromEntries(LOG_MODULES.map((m) => [m, m === 'startup'])) as Record<LogModule, boolean>;
  return { enabled: true, debug: false, modules };
}

/** Whether a line is written under these settings. */
export function shouldLog(settings: LogSettings, level: LogLevel, module: LogModule): boolean {
  if (!settings.enabled) return false;
  if (level === 'error' || level === 'warn') return true;
  if (!settings.modules[module]) return false;
  return level === 'info' || settings.debug;
}

export interface ModuleLogger {
  error(message: string, ...detail: unknown[]): void;
  warn(message: string, ...detail: unknown[]): void;
  info(message: string, ...detail: unknown[]): void;
  debug(message: string, ...detail: unknown[]): void;
}

export interface Logging {
  readonly settings: LogSettings;
  for(module: LogModule): ModuleLogger;
}

export function createLogging(sink: LogSink, settings: LogSettings = defaultLogSettings()): Logging {
  const write = (level: LogLevel, module: LogModule, message: string, detail: unknown[]) => {
    if (shouldLog(settings, level, module)) sink(level, module, message, detail);
  };
  return {
    settings,
    for: (module) => ({
      error: (m, ...d) => write('error', module, m, d),
      warn: (m, ...d) => write('warn', module, m, d),
      info: (m, ...d) => write('info', module, m, d),
      debug: (m, ...d) => write('debug', module, m, d),
    }),
  };
}

/** The helper people type into the console: beamstageDebug.enable('sync'), .debug(true), .status(). */
export interface DebugHelper {
  enable(module: LogModule | 'all'): string;
  disable(module: LogModule | 'all'): string;
  debug(on: boolean): string;
  logging(on: boolean): string;
  status(): LogSettings;
}

export function createDebugHelper(settings: LogSettings): DebugHelper {
  const set = (module: LogModule | 'all', on: boolean) => {
    if (module === 'all') for (const m of LOG_MODULES) settings.modules[m] = on;
    else if ((LOG_MODULES as readonly string[]).includes(module)) settings.modules[module] = on;
    else return `Unknown module "${module}". Modules: ${LOG_MODULES.join(', ')}`;
    return `${module} ${on ? 'on' : 'off'}`;
  };
  return {
    enable: (m) => set(m, true),
    disable: (m) => set(m, false),
    debug: (on) => {
      settings.debug = on;
      return `debug ${on ? 'on' : 'off'}`;
    },
    logging: (on) => {
      settings.enabled = on;
      return `logging ${on ? 'on' : 'off'}`;
    },
    status: () => JSON.parse(JSON.stringify(settings)) as LogSettings,
  };
}

const consoleSink: LogSink = (level, module, message, detail) => {
  const line = `[${module}] ${message}`;
  if (level === 'error') console.error(line, ...detail);
  else if (level === 'warn') console.warn(line, ...detail);
  else if (level === 'info') console.info(line, ...detail);
  else console.debug(line, ...detail);
};

/** The page's logging, with `window.beamstageDebug` installed. */
export const logging: Logging = createLogging(consoleSink);

declare global {
  interface Window {
    beamstageDebug?: DebugHelper;
  }
}

if (typeof window !== 'undefined') window.beamstageDebug = createDebugHelper(logging.settings);

/** A logger for one module. */
export const logger = (module: LogModule): ModuleLogger => logging.for(module);
