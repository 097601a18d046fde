/** An RFC 2136 dynamic-update server such as BIND or Knot (`provider: rfc2136`): see {@link DnsHostCapabilities}. Sources: RFC 2136, RFC 2181 §8 (TTL), RFC 1035 §5.1 (presentation form). */
import type { DnsHostCapabilities } from '../host-capabilities.js';

/** RFC 2136 servers' capabilities. */
export const rfc2136Capabilities: DnsHostCapabilities = {
  kind: 'rfc2136',
  title: 'RFC 2136 dynamic update',
  ttl: { min: 0, max: 2147483647, why: 'a TTL is an unsigned 31-bit number of seconds (RFC 2181 §8)' },
  geo: { routing: 'none', why: "the protocol has no geo routing: a virtual name holds the union of its members' addresses" },
  batch: {
    unit: 'one UPDATE message',
    atomic: true,
    why: 'the update section of one message is applied atomically (RFC 2136 §3.7); its size is bounded only by the 65,535-byte TCP message',
  },
  names: {
    caseInsensitive: true,
    returnsLowerCase: false,
    trailingDot: true,
    escapes: 'decimal',
    idn: 'a-label',
    why: 'a zone transfer returns names as stored (DNS is case-preserving) in RFC 1035 presentation form',
  },
  deleteMustMatch: { required: false, why: 'an RRset is deleted by name and type (CLASS ANY); the planner still sends the live values as a prerequisite' },
  negativeTtl: {
    managed: true,
    why: "an UPDATE that adds an SOA at the apex replaces the zone's SOA when its serial is greater (RFC 2136 §3.4.2.2); diene sends the live serial plus one",
  },
};
