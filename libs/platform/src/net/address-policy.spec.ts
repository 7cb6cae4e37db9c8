import { describe, expect, it } from 'vitest';
import { classifyAddress, isPublicAddress } from './address-policy';

describe('address policy for URLs someone else chose', () => {
  it.each([
    ['8.8.8.8'],
    ['93.184.216.34'],
    ['1.1.1.1'],
    ['172.32.0.1'], // just outside 172.16/12
    ['100.128.0.1'], // just outside 100.64/10
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'], // NAT64 of 8.8.8.8
    ['2002:808:808::1'], // 6to4 of 8.8.8.8
  ])('lets %s through: a public unicast address', (address) => {
    expect(classifyAddress(address)).toMatchObject({ public: true });
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'], // cloud metadata
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'reserved'], // benchmarking
    ['198.19.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'], // documentation
    ['198.51.100.1', 'reserved'],
    ['203.0.113.1', 'reserved'],
    ['192.0.0.8', 'reserved'], // IETF protocol assignments
    ['240.0.0.1', 'reserved'],
  ])('refuses the IPv4 address %s (%s)', (address, range) => {
    expect(classifyAddress(address)).toEqual({ address, public: false, range });
  });

  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['febf::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['2001:db8::1', 'reserved'], // documentation
    ['2001:2::1', 'benchmarking'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['64:ff9b:1::a00:1', 'rfc6052'], // local-use NAT64: the operator's own translator
    ['::7f00:1', 'unassigned'], // IPv4-compatible ::127.0.0.1
    ['4000::1', 'unassigned'], // outside 2000::/3
  ])('refuses the IPv6 address %s (%s)', (address, range) => {
    expect(classifyAddress(address)).toEqual({ address, public: false, range });
  });

  it.each([
    ['::ffff:127.0.0.1', 'ipv4Mapped/loopback'],
    ['::ffff:7f00:1', 'ipv4Mapped/loopback'],
    ['::ffff:10.1.2.3', 'ipv4Mapped/private'],
    ['::ffff:169.254.169.254', 'ipv4Mapped/linkLocal'],
    ['::ffff:100.64.0.1', 'ipv4Mapped/carrierGradeNat'],
    ['::ffff:0:127.0.0.1', 'rfc6145/loopback'],
    ['64:ff9b::127.0.0.1', 'rfc6052/loopback'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052/linkLocal'],
    ['64:ff9b::c0a8:101', 'rfc6052/private'],
    ['2002:7f00:1::1', '6to4/loopback'],
    ['2002:a00:1::', '6to4/private'],
    ['2002:a9fe:a9fe::1', '6to4/linkLocal'],
    ['2002:6440:1::1', '6to4/carrierGradeNat'],
  ])('judges the IPv4 address embedded in %s (%s)', (address, range) => {
    expect(classifyAddress(address)).toEqual({ address, public: false, range });
  });

  it('refuses a zoned link-local address, brackets and all, and what is not an address', () => {
    expect(isPublicAddress('fe80::1%eth0')).toBe(false);
    expect(isPublicAddress('[::1]')).toBe(false);
    expect(isPublicAddress('[2606:4700:4700::1111]')).toBe(true);
    expect(classifyAddress('localhost')).toMatchObject({ public: false, range: 'invalid' });
    expect(classifyAddress('2130706433')).toMatchObject({ public: false, range: 'invalid' });
  });
});
