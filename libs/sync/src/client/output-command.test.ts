import { describe, expect, it } from 'vitest';
import { commandTargets, parseOutputCommand, parseProjectorPresence } from './output-command';

const head = { kind: 'output', id: 'c1', from: 'usr_a', target: '*' };

describe('parseOutputCommand', () => {
  it('reads every op', () => {
    expect(parseOutputCommand({ ...head, op: 'blackout', on: true, fadeMs: 2000 })).toEqual({ ...head, op: 'blackout', on: true, fadeMs: 2000 });
    expect(parseOutputCommand({ ...head, op: 'pattern', pattern: 'grid' })).toMatchObject({ op: 'pattern', pattern: 'grid' });
    expect(parseOutputCommand({ ...head, op: 'pattern', pattern: null })).toMatchObject({ op: 'pattern', pattern: null });
    expect(parseOutputCommand({ ...head, op: 'identify' })).toMatchObject({ op: 'identify' });
    expect(parseOutputCommand({ ...head, op: 'reload' })).toMatchObject({ op: 'reload' });
    expect(parseOutputCommand({ ...head, op: 'label', label: '  Left wall\u202e ' })).toMatchObject({ op: 'label', label: 'Left wall' });
  });

  it('refuses unknown fields, ops, patterns and bad values', () => {
    expect(parseOutputCommand({ ...head, op: 'identify', on: true })).toBeNull();
    expect(parseOutputCommand({ ...head, op: 'explode' })).toBeNull();
    expect(parseOutputCommand({ ...head, op: 'pattern', pattern: 'zebra' })).toBeNull();
    expect(parseOutputCommand({ ...head, op: 'blackout', on: 'yes', fadeMs: 0 })).toBeNull();
    expect(parseOutputCommand({ ...head, op: 'blackout', on: true, fadeMs: Infinity })).toBeNull();
    expect(parseOutputCommand({ ...head, op: 'blackout', on: true, fadeMs: 60_001 })).toBeNull();
    expect(parseOutputCommand({ ...head, op: 'label', label: '\u0000' })).toBeNull();
    expect(parseOutputCommand({ ...head, from: '', op: 'reload' })).toBeNull();
    expect(parseOutputCommand([head])).toBeNull();
  });

  it('targets one projector or all', () => {
    expect(commandTargets({ target: '*' }, 'p1')).toBe(true);
    expect(commandTargets({ target: 'p1' }, 'p1')).toBe(true);
    expect(commandTargets({ target: 'p2' }, 'p1')).toBe(false);
  });
});

describe('parseProjectorPresence', () => {
  const presence = {
    kind: 'projector',
    projectorId: 'p1',
    label: 'Projector 1',
    width: 1920,
    height: 1080,
    fps: 59.94,
    status: 'warning',
    blackout: true,
    pattern: 'bars',
    offline: 'ready',
    notCached: ['Webcam'],
    version: '0.1.0',
  };
  it('reads a projector and refuses extras or bad values', () => {
    expect(parseProjectorPresence(presence)).toEqual({ ...presence, fps: 59.9 });
    expect(parseProjectorPresence({ ...presence, html: '<b>' })).toBeNull();
    expect(parseProjectorPresence({ ...presence, status: 'great' })).toBeNull();
    expect(parseProjectorPresence({ ...presence, width: 1.5 })).toBeNull();
    expect(parseProjectorPresence({ ...presence, notCached: [1] })).toBeNull();
  });
});
