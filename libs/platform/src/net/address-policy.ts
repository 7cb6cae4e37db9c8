import ipaddr from 'ipaddr.js';

/**
 * Which addresses a URL chosen by someone other than the operator may reach: public unicast only. Everything a
 * request could use to reach inside the operator's network (or a neighbour's) is refused: loopback, private
 * (RFC 1918, ULA fc00::/7), link-local, CGNAT, multicast, unspecified, broadcast, benchmark, documentation and
 * reserved ranges, and the IPv6 forms that carry an IPv4 address (IPv4-mapped, SIIT, NAT64, 6to4), whose embedded
 * address is judged instead.
 */
export interface AddressVerdict {
  /** The address as given. */
  address: string;
  /** Whether a fetch of a URL someone else chose may connect to it. */
  public: boolean;
  /**
   * The range it falls in, as ipaddr.js names them (`loopback`, `private`, `carrierGradeNat`, `uniqueLocal`, ...),
   * `unicast` for a public address; for an embedded IPv4 address the IPv6 range and the IPv4 one
   * (`ipv4Mapped/loopback`, `rfc6052/unicast`, `6to4/private`); `invalid` for what is not an IP address.
   */
  range: string;
}

/** Global unicast IPv6 is 2000::/3; anything outside it that ipaddr.js calls `unicast` is unassigned space. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** The NAT64 well-known prefix (RFC 6052): 64:ff9b::/96 carries the IPv4 address in its last 32 bits. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function v4(address: ipaddr.IPv4): AddressVerdict {
  const range = address.range();
  return { address: address.toString(), public: range === 'unicast', range };
}

function embedded(kind: string, bytes: number[], address: string): AddressVerdict {
  const inner = v4(new ipaddr.IPv4(bytes));
  return { address, public: inner.public, range: `${kind}/${inner.range}` };
}

function v6(address: ipaddr.IPv6, given: string): AddressVerdict {
  const range = address.range();
  const bytes = address.toByteArray();
  switch (range) {
    // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (SIIT, RFC 6145): the socket reaches the IPv4 address.
    case 'ipv4Mapped':
    case 'rfc6145':
      return embedded(range, bytes.slice(12), given);
    // NAT64: the well-known prefix translates to the embedded IPv4 address; the local-use 64:ff9b:1::/48 is the
    // operator's own translator, so refused whole.
    case 'rfc6052':
      return address.match(NAT64_WELL_KNOWN) ? embedded(range, bytes.slice(12), given) : { address: given, public: false, range };
    // 6to4: 2002:AABB:CCDD::/48 is routed to the IPv4 address AA.BB.CC.DD.
    case '6to4':
      return embedded(range, bytes.slice(2, 6), given);
    case 'unicast': {
      // ::a.b.c.d (IPv4-compatible, deprecated) and other unassigned space outside 2000::/3.
      const globalUnicast = address.match(GLOBAL_UNICAST_V6);
      return { address: given, public: globalUnicast, range: globalUnicast ? 'unicast' : 'unassigned' };
    }
    default:
      // loopback, unspecified, linkLocal, uniqueLocal, multicast, teredo, benchmarking, reserved, discard, ...
      return { address: given, public: false, range };
  }
}

/** The verdict on one IP address (v4 or v6, brackets and a zone id allowed). */
export function classifyAddress(address: string): AddressVerdict {
  const bare = address.replace(/^\[|\]$/g, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return v4(ipaddr.IPv4.parse(bare));
  if (ipaddr.IPv6.isValid(bare)) {
    const parsed = ipaddr.IPv6.parse(bare);
    // A zone id names a local interface: only link-local addresses carry one, and none is public.
    if (parsed.zoneId) return { address, public: false, range: 'zoned' };
    return v6(parsed, address);
  }
  return { address, public: false, range: 'invalid' };
}

/** Whether a URL someone else chose may make this process connect to `address`. */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address).public;
}
