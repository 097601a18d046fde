/**
 * The adapter of each DNS host kind, listed explicitly (STYLE.md: no registry
 * filled by import side effects). Adding a host kind = one folder
 * `adapters/dns/<kind>/` with adapter.ts, observe.ts, convert.ts and apply.ts,
 * its capabilities as data in `dns/capabilities/<kind>.ts`, one line in
 * `dns/host-kinds.ts` and one case here.
 */
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
  switch (host.provider) {
    case 'rfc2136':
      return createRfc2136Adapter(host, env);
    case 'powerdns':
      return createPowerDnsAdapter(host, env);
    case 'route53':
      return createRoute53Adapter(host, env);
    case 'google':
      return createGoogleAdapter(host, env);
    case 'cloudflare':
      return createCloudflareAdapter(host, env);
  }
}
