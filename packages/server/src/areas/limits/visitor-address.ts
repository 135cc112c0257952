import { isIPv6 } from 'node:net';

/**
 * The subject a visitor's share is counted under: an IPv4 address as it is, an IPv6 address by
 * its /64 network. One IPv6 subscriber is usually given a whole /64 (2^64 addresses), so counting
 * single IPv6 addresses would hand one client as many shares as it cares to use.
 */
export function visitorSubject(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  const address = ip.split('%')[0];
  if (!isIPv6(address)) return ip;
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const front = groups(head);
  const back = groups(tail);
  const all =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
