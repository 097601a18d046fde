/**
 * Load-balancer address rules (SPEC §4): an address must be global unicast.
 * Private, loopback, link-local, CGNAT (100.64.0.0/10), multicast, unique-local,
 * IPv4-mapped and every other special-purpose range of the IANA registries
 * (RFC 6890, as ipaddr.js classifies them) are refused; the documentation
 * ranges 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24 (RFC 5737) and
 * 2001:db8::/32 (RFC 3849) are accepted only in an example fleet.
 */
import ipaddr from 'ipaddr.js';

const DOCUMENTATION_RANGES = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32'].map((cidr) => ipaddr.parseCIDR(cidr));

/** The outcome of checking one address: its canonical text, or why it is refused. */
export type AddressVerdict =
  { ok: true; canonical: string; family: 'ipv4' | 'ipv6' } | { ok: false; invalid: true } | { ok: false; invalid: false; range: string; advice: string };

/**
 * Parses and classifies `text`. IPv4 must be four-part decimal without
 * leading zeros; IPv6 has no zone index. The canonical form is dotted quad or
 * RFC 5952 compressed lower-case IPv6.
 */
export function checkAddress(text: string, exampleFleet: boolean): AddressVerdict {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) address = ipaddr.IPv4.parse(text);
  else if (!text.includes('%') && ipaddr.IPv6.isValid(text)) address = ipaddr.IPv6.parse(text);
  else return { ok: false, invalid: true };
  const documentation = DOCUMENTATION_RANGES.find(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
  if (documentation) {
    if (exampleFleet) return { ok: true, canonical: address.toString(), family: address.kind() };
    return {
      ok: false,
      invalid: false,
      range: `documentation range ${documentation[0].toString()}/${documentation[1]}`,
      advice: "use the load balancer's public address; documentation ranges are accepted only when fleet.yaml says example: true",
    };
  }
  const range = address.range();
  if (range === 'unicast') return { ok: true, canonical: address.toString(), family: address.kind() };
  return {
    ok: false,
    invalid: false,
    range: `${range} range`,
    advice: 'DNS answers must reach the load balancer from the internet: use its public, global unicast address',
  };
}
