import { isIPv4, isIPv6 } from 'node:net';

type Cidr = { bytes: number[]; prefix: number };

/** Strict dotted-quad IPv4 (what `node:net` accepts: no octal, hex or shortened forms) as 4 bytes. */
function parseIPv4(ip: string): number[] | null {
  if (!isIPv4(ip)) return null;
  return ip.split('.').map(Number);
}

/** Any valid IPv6 spelling (compressed, with an IPv4 tail, with a zone) as 16 bytes. */
function parseIPv6(ip: string): number[] | null {
  const address = ip.split('%')[0] ?? '';
  if (!isIPv6(address)) return null;
  const [head = '', tail] = address.split('::');
  const toGroups = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      const v4 = group.includes('.') ? parseIPv4(group) : null;
      if (v4) return [((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0)];
      return [Number.parseInt(group, 16)];
    });
  };
  const headGroups = toGroups(head);
  const tailGroups = tail === undefined ? [] : toGroups(tail);
  const zeros = new Array<number>(8 - headGroups.length - tailGroups.length).fill(0);
  return [...headGroups, ...zeros, ...tailGroups].flatMap((group) => [group >> 8, group & 0xff]);
}

function parseCidr(cidr: string): Cidr {
  const [address = '', prefix = ''] = cidr.split('/');
  const bytes = parseIPv4(address) ?? parseIPv6(address);
  if (!bytes) throw new Error(`Bad CIDR in the address policy: ${cidr}`);
  return { bytes, prefix: Number(prefix) };
}

function inCidr(bytes: number[], { bytes: base, prefix }: Cidr): boolean {
  if (bytes.length !== base.length) return false;
  for (let bit = 0; bit < prefix; bit += 8) {
    const width = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((base[index] ?? 0) & mask)) return false;
  }
  return true;
}

const inAny = (bytes: number[], list: Cidr[]): boolean => list.some((cidr) => inCidr(bytes, cidr));

// IANA special-purpose IPv4 blocks that are not reachable on the public internet.
const FORBIDDEN_V4 = [
  '0.0.0.0/8', // "this network", unspecified
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, includes the cloud metadata address 169.254.169.254
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes the broadcast address 255.255.255.255
].map(parseCidr);

const LOOPBACK_V4 = parseCidr('127.0.0.0/8');

// IPv6 blocks whose last (or, for 6to4, second to third) 32 bits are an IPv4 address the packet ends up at.
const IPV4_MAPPED = parseCidr('::ffff:0:0/96');
const NAT64 = parseCidr('64:ff9b::/96');
const SIX_TO_FOUR = parseCidr('2002::/16');

const FORBIDDEN_V6 = [
  '::/96', // unspecified ::, loopback ::1 and the deprecated IPv4-compatible ::a.b.c.d
  '::ffff:0:0:0/96', // SIIT IPv4-translated
  '64:ff9b:1::/48', // local-use NAT64
  '100::/64', // discard-only
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, ORCHID …
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
  '5f00::/16', // SRv6 segment identifiers
  'fc00::/7', // unique local (private)
  'fe80::/10', // link-local
  'fec0::/10', // deprecated site-local
  'ff00::/8', // multicast
].map(parseCidr);

// Everything outside global unicast is unassigned or special, so it is refused rather than listed.
const GLOBAL_UNICAST_V6 = parseCidr('2000::/3');

function isForbiddenV4(bytes: number[]): boolean {
  return inAny(bytes, FORBIDDEN_V4);
}

function isForbiddenV6(bytes: number[]): boolean {
  if (inCidr(bytes, IPV4_MAPPED) || inCidr(bytes, NAT64)) return isForbiddenV4(bytes.slice(12, 16));
  if (inCidr(bytes, SIX_TO_FOUR)) return isForbiddenV4(bytes.slice(2, 6));
  if (inAny(bytes, FORBIDDEN_V6)) return true;
  return !inCidr(bytes, GLOBAL_UNICAST_V6);
}

/**
 * Whether the server must not connect to this IP address: anything that is not a public unicast
 * address (loopback, private, link-local and metadata, CGNAT, multicast, reserved, documentation,
 * benchmarking), also when wrapped in IPv4-mapped, IPv4-compatible, NAT64 or 6to4 IPv6 forms.
 * A string that is not a canonical IPv4 or IPv6 address is forbidden too (fail closed).
 */
export function isForbiddenAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return isForbiddenV4(v4);
  const v6 = parseIPv6(ip);
  if (v6) return isForbiddenV6(v6);
  return true;
}

/** Whether the address is a loopback address (127.0.0.0/8, ::1, or 127.x.x.x mapped into IPv6). */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return inCidr(v4, LOOPBACK_V4);
  const v6 = parseIPv6(ip);
  if (!v6) return false;
  if (inCidr(v6, IPV4_MAPPED)) return inCidr(v6.slice(12, 16), LOOPBACK_V4);
  return v6.every((byte, index) => byte === (index === 15 ? 1 : 0));
}
