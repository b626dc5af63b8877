import { describe, expect, it } from 'vitest';
import { trustedPeer } from './trusted-peer';

describe('trustedPeer', () => {
  it('trusts nobody by default, the nearest hop with a count, and only the listed proxies otherwise', () => {
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer(1)('203.0.113.9')).toBe(true);
    const listed = trustedPeer(['10.0.0.0/8', '192.0.2.7', 'loopback']);
    expect(listed('10.1.2.3')).toBe(true);
    expect(listed('::ffff:10.1.2.3')).toBe(true);
    expect(listed('192.0.2.7')).toBe(true);
    expect(listed('::1')).toBe(true);
    expect(listed('192.0.2.8')).toBe(false);
    expect(listed('203.0.113.9')).toBe(false);
    expect(listed(undefined)).toBe(false);
  });
});
