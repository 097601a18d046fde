/**
 * Every DNS host kind's capabilities, listed explicitly (STYLE.md: no
 * registry filled by import side effects). Adding a host kind: its name in
 * `DNS_HOST_KINDS` (host-capabilities.ts), its capabilities in
 * `capabilities/<kind>.ts` and one line here, its adapter in
 * `adapters/dns/<kind>/` and one line in adapters/dns/host-adapters.ts
 * (docs/contributing.md).
 */
import { cloudflareCapabilities } from './capabilities/cloudflare.js';
import { googleCapabilities } from './capabilities/google.js';
import { DNS_HOST_KINDS, type DnsHostCapabilities, type DnsHostKind } from './host-capabilities.js';
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
  return (DNS_HOST_KINDS as readonly string[]).includes(kind);
}
