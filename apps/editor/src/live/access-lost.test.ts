import { describe, expect, it } from 'vitest';
import { accessLostFrom } from './access-lost';

describe('what a connection state says about access to the project', () => {
  const refused = { status: 'error', slow: false, attempt: 1, error: 'stopped', retrying: false } as const;
  it('a refused ticket after the server closed for "member removed" or "project deleted" is lost access', () => {
    expect(accessLostFrom({ ...refused, closedBy: 'member removed' })).toBe('removed');
    expect(accessLostFrom({ ...refused, closedBy: 'project deleted' })).toBe('deleted');
  });
  it('anything else is not: a close still being retried, another reason, a plain refusal, a live connection', () => {
    expect(accessLostFrom({ ...refused, retrying: true, closedBy: 'member removed' })).toBeNull();
    expect(accessLostFrom({ ...refused, closedBy: 'role changed' })).toBeNull();
    expect(accessLostFrom(refused)).toBeNull();
    expect(accessLostFrom({ status: 'connected', slow: false, attempt: 0 })).toBeNull();
  });
});
