import { describe, expect, it } from 'vitest';
import { createDebugHelper, createLogging, defaultLogSettings, shouldLog } from './logger';
import type { LogLevel } from './logger';

describe('editor logging (spec section 9)', () => {
  it('shows errors and warnings, not debug, with only startup on by default', () => {
    const s = defaultLogSettings();
    expect(shouldLog(s, 'error', 'sync')).toBe(true);
    expect(shouldLog(s, 'warn', 'stage')).toBe(true);
    expect(shouldLog(s, 'info', 'startup')).toBe(true);
    expect(shouldLog(s, 'info', 'sync')).toBe(false);
    expect(shouldLog(s, 'debug', 'startup')).toBe(false);
  });

  it('the debug helper toggles modules, debug lines and logging as a whole', () => {
    const lines: [LogLevel, string][] = [];
    const logging = createLogging((level, module, message) => void lines.push([level, `${module}: ${message}`]));
    const helper = createDebugHelper(logging.settings);
    logging.for('sync').info('hidden');
    expect(helper.enable('sync')).toBe('sync on');
    logging.for('sync').info('shown');
    logging.for('sync').debug('hidden debug');
    helper.debug(true);
    logging.for('sync').debug('shown debug');
    helper.logging(false);
    logging.for('sync').error('nothing at all');
    expect(lines).toEqual([
      ['info', 'sync: shown'],
      ['debug', 'sync: shown debug'],
    ]);
    expect(helper.enable('nope' as 'sync')).toMatch(/Unknown module/);
  });
});
