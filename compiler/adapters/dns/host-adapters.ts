/**
 * The adapter of each DNS host kind, listed explicitly (STYLE.md: no registry
 * filled by import side effects), one line per kind of `DNS_HOST_KINDS`
 * (dns/host-capabilities.ts). Adding a host kind = one folder
 * `adapters/dns/<kind>/` with adapter.ts, observe.ts, convert.ts and apply.ts,
 * its capabilities as data in `dns/capabilities/<kind>.ts`, and one line in
 * each list (docs/contributing.md).
 */
import type { DnsHostKind } from '../../dns/host-capabilities.js';
import type { DnsHost } from '../../types/generated/fleet.js';
import { createCloudflareAdapter } from './cloudflare/adapter.js';
import type { DnsHostAdapter, Environment } from './dns-host.js';
import { createGoogleAdapter } from './google/adapter.js';
import { createPowerDnsAdapter } from './powerdns/adapter.js';
import { createRfc2136Adapter } from './rfc2136/adapter.js';
import { createRoute53Adapter } from './route53/adapter.js';

/**
 * The adapter of `host`, reading secrets from `env` (the names fleet.yaml
 * gives: `tsig.secretEnv`, `apiKeyEnv`; the cloud SDKs' own default
 * credential chains otherwise). Creates no connection until first used.
 */
export function createDnsAdapter(host: DnsHost, env: Environment): DnsHostAdapter {
  return (DNS_HOST_ADAPTERS[host.provider] as (host: DnsHost, env: Environment) => DnsHostAdapter)(host, env);
}

/** The adapter factory of each host kind, given a host of that kind. */
const DNS_HOST_ADAPTERS: { readonly [K in DnsHostKind]: (host: DnsHost & { provider: K }, env: Environment) => DnsHostAdapter } = {
  cloudflare: createCloudflareAdapter,
  google: createGoogleAdapter,
  powerdns: createPowerDnsAdapter,
  rfc2136: createRfc2136Adapter,
  route53: createRoute53Adapter,
};
