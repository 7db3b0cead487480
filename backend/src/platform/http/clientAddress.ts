// The key a per-address limit counts by. One IPv6 customer is given a whole /64 (a phone or a home
// router picks a new address in it whenever it likes), so IPv6 addresses count by their /64;
// IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the IPv4 address it carries. Whatever cannot be parsed
// (a test's made-up address) counts as itself, capped in length.
import ipaddr from 'ipaddr.js';

export function addressLimitKey(ip: string): string {
  const text = String(ip ?? '').trim();
  if (!ipaddr.isValid(text)) return text.slice(0, 64);
  const address = ipaddr.process(text);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
