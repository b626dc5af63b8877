import { describe, expect, it } from 'vitest';
import { createEventBus, EVENT_HISTORY_MAX, LISTENER_OLD_MS } from './event-bus';

const recorder = () => {
  const warnings: string[] = [];
  const errors: string[] = [];
  return {
    warnings,
    errors,
    log: { warn: (m: string) => void warnings.push(m), error: (m: string) => void errors.push(m), info: () => undefined, debug: () => undefined },
  };
};

describe('the editor event bus', () => {
  it('delivers, unsubscribes, and survives a failing listener', () => {
    const r = recorder();
    const bus = createEventBus(r.log, () => 0);
    const got: unknown[] = [];
    const off = bus.on('x', (p) => void got.push(p));
    bus.on('x', () => {
      throw new Error('boom');
    });
    bus.emit('x', 1);
    off();
    bus.emit('x', 2);
    expect(got).toEqual([1]);
    expect(r.errors).toHaveLength(2);
  });

  it('warns at 50 listeners on one event and keeps 100 history entries', () => {
    const r = recorder();
    const bus = createEventBus(r.log, () => 0);
    for (let i = 0; i < 49; i += 1) bus.on('e', () => undefined);
    expect(r.warnings).toHaveLength(0);
    bus.on('e', () => undefined);
    expect(r.warnings[0]).toMatch(/50 listeners/);
    for (let i = 0; i < 150; i += 1) bus.emit('h');
    expect(bus.history()).toHaveLength(EVENT_HISTORY_MAX);
  });

  it('the listener audit flags more than 100 as high and listeners older than 5 minutes', () => {
    const r = recorder();
    let t = 0;
    const bus = createEventBus(r.log, () => t);
    for (let i = 0; i < 101; i += 1) bus.on(`e${i % 3}`, () => undefined);
    t = LISTENER_OLD_MS + 1;
    const audit = bus.audit();
    expect(audit.high).toBe(true);
    expect(audit.old).toHaveLength(101);
    expect(r.warnings.some((w) => w.includes('more than 100'))).toBe(true);
  });
});
