import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, isLoopbackAddress } from './address-policy';

describe('isForbiddenAddress', () => {
  it.each([
    // unspecified and "this network"
    ['0.0.0.0', 'IPv4 unspecified'],
    ['0.1.2.3', '0.0.0.0/8'],
    ['::', 'IPv6 unspecified'],
    ['0:0:0:0:0:0:0:0', 'IPv6 unspecified, long form'],
    // loopback
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'end of 127/8'],
    ['::1', 'IPv6 loopback'],
    ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
    // private
    ['10.0.0.1', '10/8'],
    ['10.255.255.255', 'end of 10/8'],
    ['172.16.0.1', 'start of 172.16/12'],
    ['172.31.255.255', 'end of 172.16/12'],
    ['192.168.1.1', '192.168/16'],
    ['fc00::1', 'unique local fc00::/7'],
    ['fd12:3456:789a::1', 'unique local fd00::/8'],
    // link-local and metadata
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['febf:ffff::1', 'end of fe80::/10'],
    ['fec0::1', 'deprecated site-local'],
    // carrier-grade NAT, benchmarking, documentation, protocol assignments
    ['100.64.0.1', 'start of CGNAT 100.64/10'],
    ['100.127.255.255', 'end of CGNAT'],
    ['198.18.0.1', 'benchmarking 198.18/15'],
    ['198.19.255.255', 'end of benchmarking'],
    ['192.0.2.10', 'TEST-NET-1'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.99', 'TEST-NET-3'],
    ['192.0.0.170', 'IETF protocol assignments'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['3fff::1', 'IPv6 documentation 3fff::/20'],
    ['2001::1', 'Teredo'],
    ['100::1', 'discard-only'],
    // multicast, reserved, broadcast
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'SSDP multicast'],
    ['240.0.0.1', 'reserved 240/4'],
    ['255.255.255.255', 'broadcast'],
    ['ff02::1', 'IPv6 multicast'],
    ['ff0e::1', 'IPv6 global multicast'],
    // IPv4 inside IPv6
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['0:0:0:0:0:ffff:7f00:0001', 'IPv4-mapped loopback, long form'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:a00:1', 'IPv4-mapped 10.0.0.1'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated) even of a public address'],
    ['::ffff:0:7f00:1', 'SIIT IPv4-translated'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 embedding loopback'],
    ['2002:a9fe:a9fe::1', '6to4 embedding the metadata address'],
    ['2002:c0a8:0101::1', '6to4 embedding 192.168.1.1'],
    // outside global unicast
    ['4000::1', 'unassigned IPv6'],
    ['5f00::1', 'SRv6 SIDs'],
    // not canonical addresses: refused, never guessed at
    ['2130706433', 'decimal IPv4'],
    ['0177.0.0.1', 'octal IPv4'],
    ['0x7f.1', 'hex IPv4'],
    ['127.1', 'shortened IPv4'],
    ['localhost', 'a host name'],
    ['', 'empty'],
    ['1.2.3.4.5', 'five parts'],
    ['::ffff:999.0.0.1', 'bad embedded IPv4'],
  ])('refuses %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each([
    ['1.1.1.1', 'Cloudflare DNS'],
    ['8.8.8.8', 'Google DNS'],
    ['93.184.216.34', 'example.com'],
    ['9.255.255.255', 'just below 10/8'],
    ['11.0.0.1', 'just above 10/8'],
    ['100.63.255.255', 'just below CGNAT'],
    ['100.128.0.1', 'just above CGNAT'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.1', 'just above 172.16/12'],
    ['169.253.255.255', 'just below link-local'],
    ['192.167.255.255', 'just below 192.168/16'],
    ['198.17.255.255', 'just below benchmarking'],
    ['198.20.0.1', 'just above benchmarking'],
    ['223.255.255.254', 'just below multicast'],
    ['2606:4700::1111', 'Cloudflare DNS over IPv6'],
    ['2001:4860:4860::8888', 'Google DNS over IPv6'],
    ['2a00:1450:4001:82b::200e', 'a public IPv6 host'],
    ['::ffff:1.1.1.1', 'IPv4-mapped public address'],
    ['::ffff:5db8:d822', 'IPv4-mapped 93.184.216.34 in hex'],
    ['64:ff9b::8.8.8.8', 'NAT64 of a public address'],
    ['2002:0808:0808::1', '6to4 of a public address'],
  ])('allows %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['10.0.0.1', false],
    ['169.254.169.254', false],
    ['::', false],
    ['::127.0.0.1', false],
    ['fe80::1', false],
    ['1.1.1.1', false],
    ['localhost', false],
  ])('%s → %s', (ip, expected) => {
    expect(isLoopbackAddress(ip)).toBe(expected);
  });
});
