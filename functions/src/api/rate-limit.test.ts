import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limit';

describe('addressKey', () => {
  it('keeps an IPv4 address, mapped or not, and keys IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressKey('2001:db8:85a3:8d3::1')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:0DB8:0000:0001::abcd')).toBe('2001:db8:0:1::/64');
    expect(addressKey(undefined)).toBe('unknown');
  });
});
