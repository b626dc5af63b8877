import { describe, expect, it } from 'vitest';
import { filterEphemeral, relaysAcrossRooms } from './ephemeral-filter';

const editor = { mode: 'read-write' as const, userId: 'usr_a' };
const viewer = { mode: 'read-only' as const, userId: 'usr_v' };
const anonymous = { mode: 'read-only' as const, userId: null };
const blackout = { kind: 'output', id: 'c1', from: 'usr_a', target: '*', op: 'blackout', on: true, fadeMs: 500 };
const presence = {
  kind: 'projector',
  projectorId: 'p1',
  label: 'Projector 1',
  width: 1920,
  height: 1080,
  fps: 60,
  status: 'good',
  blackout: false,
  pattern: null,
  offline: 'off',
  notCached: [],
  version: '1',
};

describe('filterEphemeral', () => {
  it("passes an editor's well-formed command in its own name", () => {
    expect(filterEphemeral(blackout, editor)).toEqual({ pass: true });
  });

  it('drops output commands from viewers and anonymous projectors', () => {
    expect(filterEphemeral({ ...blackout, from: 'usr_v' }, viewer)).toEqual({ pass: false, reason: 'output command from a read-only socket' });
    expect(filterEphemeral(blackout, anonymous)).toEqual({ pass: false, reason: 'output command from a read-only socket' });
    expect(filterEphemeral(blackout, { mode: 'read-write', userId: null })).toEqual({ pass: false, reason: 'output command from an anonymous peer' });
  });

  it('drops a forged sender and unknown fields', () => {
    expect(filterEphemeral({ ...blackout, from: 'usr_b' }, editor)).toEqual({ pass: false, reason: 'output command with a forged sender' });
    expect(filterEphemeral({ ...blackout, script: 'alert(1)' }, editor)).toEqual({ pass: false, reason: 'malformed output command or unknown fields' });
    expect(filterEphemeral({ ...blackout, fadeMs: -1 }, editor).pass).toBe(false);
  });

  it('lets a read-only socket announce a projector or leave, and nothing else', () => {
    expect(filterEphemeral(presence, anonymous)).toEqual({ pass: true });
    expect(filterEphemeral({ kind: 'presence-leave' }, anonymous)).toEqual({ pass: true });
    expect(filterEphemeral({ ...presence, extra: 1 }, anonymous)).toEqual({ pass: false, reason: 'malformed projector presence' });
    expect(filterEphemeral({ kind: 'drag', target: 'l1', seq: 1, x: 0 }, viewer)).toEqual({ pass: false, reason: 'ephemeral message from a read-only socket' });
    expect(filterEphemeral({ i: 1 }, anonymous).pass).toBe(false);
  });

  it('passes editors their presence and drags, and drops non-objects', () => {
    expect(filterEphemeral({ kind: 'drag', target: 'l1', seq: 1, x: 0 }, editor)).toEqual({ pass: true });
    expect(filterEphemeral('hello', editor)).toEqual({ pass: false, reason: 'not an object' });
    expect(filterEphemeral(null, editor).pass).toBe(false);
  });

  it("crosses to the project's other room as they are only output commands and projector presence", () => {
    expect(['output', 'projector', 'presence-leave'].every(relaysAcrossRooms)).toBe(true);
    expect(relaysAcrossRooms('drag')).toBe(false);
    expect(relaysAcrossRooms('presence')).toBe(false);
    expect(relaysAcrossRooms(undefined)).toBe(false);
  });
});
