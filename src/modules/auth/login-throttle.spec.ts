import { describe, expect, it } from 'vitest';
import { throttleSource } from './login-throttle.js';

describe('throttleSource', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(throttleSource('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleSource('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleSource('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64', () => {
    expect(throttleSource('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(throttleSource('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(throttleSource('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleSource('::1')).toBe('0:0:0:0::/64');
    expect(throttleSource('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(throttleSource('unknown')).toBe('unknown');
  });
});
