import { describe, expect, it } from 'vitest';
import { trustProxyOption } from './trusted-proxies.js';

describe('trustProxyOption', () => {
  it('trusts nobody by default', () => {
    expect(trustProxyOption(undefined)).toBe(false);
    expect(trustProxyOption('')).toBe(false);
    expect(trustProxyOption(' , ')).toBe(false);
  });

  it('passes addresses, CIDRs and proxy-addr range names on as a list', () => {
    expect(trustProxyOption('10.0.0.1, 10.1.0.0/16 ,fd00::/8,::1,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses anything else, naming the setting', () => {
    expect(() => trustProxyOption('10.0.0.1,proxy.example.com')).toThrow(
      'TRUSTED_PROXIES: not an IP address or CIDR: "proxy.example.com"',
    );
    expect(() => trustProxyOption('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES/);
    expect(() => trustProxyOption('10.0.0.0/8/8')).toThrow(/TRUSTED_PROXIES/);
    expect(() => trustProxyOption('true')).toThrow(/TRUSTED_PROXIES/);
  });
});
