/**
 * Every DNS host kind and its capabilities, listed explicitly (STYLE.md: no
 * registry filled by import side effects). Adding a host kind = one folder
 * `adapters/dns/<kind>/` and one line here.
 */
import { cloudflareCapabilities } from './capabilities/cloudflare.js';
import { googleCapabilities } from './capabilities/google.js';
import type { DnsHostCapabilities, DnsHostKind } from './host-capabilities.js';
import { powerdnsCapabilities } from './capabilities/powerdns.js';
import { rfc2136Capabilities } from './capabilities/rfc2136.js';
import { route53Capabilities } from './capabilities/route53.js';

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
