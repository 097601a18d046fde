/**
 * Every DNS host kind and its capabilities, listed explicitly (STYLE.md: no
 * registry filled by import side effects). Adding a host kind = one folder
 * `adapters/dns/<kind>/` and one line here.
 */
import { cloudflareCapabilities } from './cloudflare/capabilities.js';
import { googleCapabilities } from './google/capabilities.js';
import type { DnsHostCapabilities, DnsHostKind } from './host-capabilities.js';
import { powerdnsCapabilities } from './powerdns/capabilities.js';
import { rfc2136Capabilities } from './rfc2136/capabilities.js';
import { route53Capabilities } from './route53/capabilities.js';

/** Capabilities by host kind. */
export const DNS_HOST_CAPABILITIES: Readonly<Record<DnsHostKind, DnsHostCapabilities>> = {
  cloudflare: cloudflareCapabilities,
  google: googleCapabilities,
  powerdns: powerdnsCapabilities,
  rfc2136: rfc2136Capabilities,
  route53: route53Capabilities,
};

/** True when `kind` is a known host kind. */
export function isDnsHostKind(kind: string): kind is DnsHostKind {
  return Object.prototype.hasOwnProperty.call(DNS_HOST_CAPABILITIES, kind);
}

/** The capabilities of `kind`. Throws on an unknown kind (the fleet schema admits only known kinds, so that is a bug). */
export function capabilitiesOf(kind: string): DnsHostCapabilities {
  if (!isDnsHostKind(kind)) throw new Error(`unknown DNS host kind "${kind}"`);
  return DNS_HOST_CAPABILITIES[kind];
}
