import { describe, expect, it } from 'vitest';
import { addressCheckFor, basicAddressCheck } from './address-check';

describe('basicAddressCheck', () => {
  it('accepts https, loopback http, bundled media paths and rtmp streams', () => {
    expect(basicAddressCheck('https://example.com/a.png', 'media')).toBeNull();
    expect(basicAddressCheck('http://localhost:4173/page', 'web')).toBeNull();
    expect(basicAddressCheck('/app/editor/samples/a.png', 'media')).toBeNull();
    expect(basicAddressCheck('rtmp://live.example.com/app/key', 'stream')).toBeNull();
  });

  it('refuses other schemes and plain http with a reason', () => {
    expect(basicAddressCheck('javascript:alert(1)', 'web')).toMatch(/never allowed/);
    expect(basicAddressCheck('data:text/html,x', 'media')).toMatch(/data: addresses are not allowed/);
    expect(basicAddressCheck('http://example.com', 'web')).toMatch(/not secure/);
    expect(addressCheckFor({ development: false, ownOrigins: ['https://studio.example'] })('https://studio.example/editor/x', 'web')).toMatch(/own pages/);
    expect(basicAddressCheck('not a url', 'web')).toMatch(/not a web address/);
    expect(basicAddressCheck('/app/editor/', 'web')).toMatch(/not a web address/);
    expect(basicAddressCheck('rtmp://x/y', 'web')).toMatch(/https/);
    expect(basicAddressCheck('', 'web')).toBe('Enter an address.');
  });
});
