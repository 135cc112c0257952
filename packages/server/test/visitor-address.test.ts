import { describe, expect, it } from 'vitest';
import { visitorSubject } from '../src/areas/limits/visitor-address.js';

describe('the subject of a visitor share', () => {
  it('is an IPv4 address as it is, also when IPv6-mapped', () => {
    expect(visitorSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(visitorSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 network of an IPv6 address, however it is written', () => {
    const net = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0:0:0:9',
      '2001:DB8:1:2::abcd%eth0',
      '2001:db8:1:2:0:0:1.2.3.4',
    ]) {
      expect(visitorSubject(ip), ip).toBe(net);
    }
    expect(visitorSubject('2001:db8:1:3::1')).not.toBe(net);
    expect(visitorSubject('::1')).toBe('0:0:0:0::/64');
    expect(visitorSubject('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(visitorSubject('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });

  it('passes anything else through (an address the server could not read)', () => {
    expect(visitorSubject('unknown')).toBe('unknown');
  });
});
