/**
 * Load-balancer address rules (SPEC §4): an address must be global unicast,
 * the only class a resolver on the internet can reach.
 *
 * Classes are ipaddr.js's range names (its tables of the IANA special-purpose
 * registries, RFC 6890): only `unicast` is public. IPv6 must also sit in
 * 2000::/3, the global unicast space (RFC 4291 §2.4); the library calls the
 * rest of the unassigned space `unicast` too, so `4000::1` or `100:0:0:1::1`
 * would otherwise pass. An IPv6 address that carries an IPv4 address
 * (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, IPv4-translated
 * `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:aabb:ccdd::`) is
 * never public as IPv6; the refusal names the embedded address and its class,
 * so `::ffff:127.0.0.1` reads as loopback, not as an odd IPv6 address.
 * (ipaddr.js itself rewrites the deprecated `::a.b.c.d` to the mapped form
 * when parsing: the compatible form is recognised from the text.)
 *
 * The documentation ranges 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24
 * (RFC 5737) and 2001:db8::/32 (RFC 3849) are accepted only in an example
 * fleet.
 */
import ipaddr from 'ipaddr.js';

const DOCUMENTATION_RANGES = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32'].map((cidr) => ipaddr.parseCIDR(cidr));

/** The IPv6 global unicast space (RFC 4291 §2.4, IANA's IPv6 address space registry). */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** The deprecated IPv4-compatible form written with a dotted quad: `::a.b.c.d` (ipaddr.js parses it as `::ffff:a.b.c.d`). */
const COMPATIBLE_DOTTED = /^::(\d{1,3}\.){3}\d{1,3}$/;

const PUBLIC_ADVICE = 'DNS answers must reach the load balancer from the internet: use its public, global unicast address';
const DOCUMENTATION_ADVICE = "use the load balancer's public address; documentation ranges are accepted only when fleet.yaml says example: true";

/** The outcome of checking one address: its canonical text, or why it is refused. */
export type AddressVerdict =
  { ok: true; canonical: string; family: 'ipv4' | 'ipv6' } | { ok: false; invalid: true } | { ok: false; invalid: false; range: string; advice: string };

/** An IPv4 address carried inside an IPv6 one, and the name of the form that carries it. */
interface Embedded {
  form: string;
  ipv4: ipaddr.IPv4;
}

function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function embeddedIPv4(address: ipaddr.IPv6, text: string): Embedded | undefined {
  const p = address.parts;
  const zeros = (from: number, to: number): boolean => p.slice(from, to).every((part) => part === 0);
  const last = ipv4Of(p[6] as number, p[7] as number);
  if (COMPATIBLE_DOTTED.test(text)) return { form: 'IPv4-compatible', ipv4: last };
  if (zeros(0, 5) && p[5] === 0xffff) return { form: 'IPv4-mapped', ipv4: last };
  // ::/96 minus :: and ::1, which the library names (unspecified, loopback)
  if (zeros(0, 6) && !(p[6] === 0 && (p[7] as number) <= 1)) return { form: 'IPv4-compatible', ipv4: last };
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return { form: 'IPv4-translated', ipv4: last };
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return { form: 'NAT64', ipv4: last };
  if (p[0] === 0x2002) return { form: '6to4', ipv4: ipv4Of(p[1] as number, p[2] as number) };
  return undefined;
}

function documentationRange(address: ipaddr.IPv4 | ipaddr.IPv6): string | undefined {
  const found = DOCUMENTATION_RANGES.find(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
  return found ? `documentation range ${found[0].toString()}/${found[1]}` : undefined;
}

/** The class of an IPv4 address as the refusal names it: the documentation range, or ipaddr.js's range name. */
function ipv4Class(address: ipaddr.IPv4): string {
  return documentationRange(address) ?? `${address.range()} range`;
}

/**
 * Parses and classifies `text`. IPv4 must be four-part decimal without
 * leading zeros; IPv6 has no zone index. The canonical form is dotted quad or
 * RFC 5952 compressed lower-case IPv6. `exampleFleet` admits the
 * documentation ranges (never in an embedded form).
 */
export function checkAddress(text: string, exampleFleet: boolean): AddressVerdict {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) address = ipaddr.IPv4.parse(text);
  else if (!text.includes('%') && ipaddr.IPv6.isValid(text)) address = ipaddr.IPv6.parse(text);
  else return { ok: false, invalid: true };
  const accepted: AddressVerdict = { ok: true, canonical: address.toString(), family: address.kind() };
  const documentation = documentationRange(address);
  if (documentation) return exampleFleet ? accepted : { ok: false, invalid: false, range: documentation, advice: DOCUMENTATION_ADVICE };
  if (address.kind() === 'ipv6') {
    const embedded = embeddedIPv4(address as ipaddr.IPv6, text.toLowerCase());
    if (embedded) {
      const inner = ipv4Class(embedded.ipv4);
      const publicInner = inner === 'unicast range';
      return {
        ok: false,
        invalid: false,
        range: `the ${embedded.form} form of ${embedded.ipv4.toString()}, ${publicInner ? 'a public IPv4 address' : inner}`,
        advice: publicInner
          ? `an IPv4 address written as IPv6 is no public IPv6 address: list ${embedded.ipv4.toString()} itself (an A record), and the load balancer's own IPv6 address if it has one`
          : PUBLIC_ADVICE,
      };
    }
  }
  const range = address.range();
  if (range !== 'unicast') return { ok: false, invalid: false, range: `${range} range`, advice: PUBLIC_ADVICE };
  if (address.kind() === 'ipv6' && !address.match(GLOBAL_UNICAST_V6)) {
    return { ok: false, invalid: false, range: 'outside 2000::/3, the IPv6 global unicast space', advice: PUBLIC_ADVICE };
  }
  return accepted;
}
