import { addressLimitKey } from '../src/platform/http/clientAddress';

describe('addressLimitKey: what a per-address limit counts by', () => {
  it('gives every address of one IPv6 /64 the same key, and another /64 another', () => {
    const a = addressLimitKey('2001:db8:aa:bb:1:2:3:4');
    expect(addressLimitKey('2001:db8:aa:bb:ffff::9')).toBe(a);
    expect(addressLimitKey('2001:0db8:00aa:00bb::1')).toBe(a);
    expect(addressLimitKey('2001:db8:aa:bc::1')).not.toBe(a);
  });
  it('keeps IPv4 addresses apart and folds IPv4-mapped IPv6 onto them', () => {
    expect(addressLimitKey('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(addressLimitKey('10.0.0.7')).not.toBe(addressLimitKey('10.0.0.8'));
  });
  it('counts what it cannot parse as itself, never longer than 64 characters', () => {
    expect(addressLimitKey('x'.repeat(500))).toHaveLength(64);
  });
});
