/**
 * Where a DNS host's credential goes, as fleet.yaml says it (docs/hardening.md
 * "Credentials"). fleet.yaml arrives in pull requests, so the environment
 * variable an applier reads a secret from and the endpoint it sends it to
 * are reviewed input like any other:
 *
 * - a fleet-named variable is one of {@link CREDENTIAL_VARIABLE_PREFIX}'s
 *   names or the provider's own standard name ({@link STANDARD_VARIABLES}),
 *   never any variable of the CI job (`GITHUB_TOKEN`, a cloud key);
 * - a host's *route* is the fleet-named endpoint and variables its adapter
 *   uses (powerdns `url` and `apiKeyEnv`; rfc2136 `server` and
 *   `tsig.secretEnv`; cloudflare `apiKeyEnv`, sent to Cloudflare's API).
 *   Route 53 and Google have none: their SDKs read their own default chains
 *   and talk to their own APIs. The live commands compare routes with the
 *   base revision (plan/endpoint-changes.ts).
 */
import type { DnsHost } from '../types/generated/fleet.js';

/** The prefix of the variables any DNS host may name: the operator's own namespace. */
export const CREDENTIAL_VARIABLE_PREFIX = 'DIENE_';

/**
 * `DIENE_` names that hold diene's other credentials (`claim set-paths`' git
 * user name and password, `DIENE_GIT_USERNAME`/`DIENE_GIT_PASSWORD`): no
 * DNS host may name them.
 */
export const RESERVED_VARIABLE_PREFIX = 'DIENE_GIT_';

/**
 * Each provider's standard name for the credential fleet.yaml names: the
 * name its own tools read (Cloudflare's client and wrangler:
 * CLOUDFLARE_API_TOKEN; PowerDNS clients such as lego and the Terraform
 * provider: PDNS_API_KEY). An RFC 2136 TSIG secret has no standard
 * variable. Route 53 and Google take no fleet-named variable: the AWS SDK
 * and Google's client read AWS_* and GOOGLE_APPLICATION_CREDENTIALS
 * themselves, and those names are refused here, since naming them would
 * send a cloud key to a fleet-named server.
 */
export const STANDARD_VARIABLES: Readonly<Record<DnsHost['provider'], readonly string[]>> = {
  cloudflare: ['CLOUDFLARE_API_TOKEN'],
  google: [],
  powerdns: ['PDNS_API_KEY'],
  rfc2136: [],
  route53: [],
};

/** A `DIENE_` name for each provider's credential, as hints and docs suggest it. */
export const EXAMPLE_VARIABLES: Readonly<Record<DnsHost['provider'], string>> = {
  cloudflare: 'DIENE_CLOUDFLARE_API_TOKEN',
  google: 'DIENE_GOOGLE_KEY',
  powerdns: 'DIENE_PDNS_API_KEY',
  rfc2136: 'DIENE_TSIG_SECRET',
  route53: 'DIENE_ROUTE53_KEY',
};

/** Why `variable` may not hold a credential of a `provider` host: `prefix` (outside the allowed names) or `reserved` (a `DIENE_GIT_` name); `undefined` when it may. */
export function variableRefusal(provider: DnsHost['provider'], variable: string): 'prefix' | 'reserved' | undefined {
  if (variable.startsWith(RESERVED_VARIABLE_PREFIX)) return 'reserved';
  if (variable.startsWith(CREDENTIAL_VARIABLE_PREFIX) && variable.length > CREDENTIAL_VARIABLE_PREFIX.length) return undefined;
  return STANDARD_VARIABLES[provider].includes(variable) ? undefined : 'prefix';
}

/** The variables a `provider` host may name, as a hint lists them: `DIENE_… or PDNS_API_KEY`. */
export function allowedVariablesText(provider: DnsHost['provider']): string {
  return [`${CREDENTIAL_VARIABLE_PREFIX}…`, ...STANDARD_VARIABLES[provider]].join(' or ');
}

/** One fleet-named part of a host's route: the field as fleet.yaml spells it, its path under the host, and its value. */
export interface RouteField {
  /** `url`, `server`, `apiKeyEnv` or `tsig.secretEnv`. */
  field: 'url' | 'server' | 'apiKeyEnv' | 'tsig.secretEnv';
  /** Where the field is under the host in fleet.yaml. */
  path: readonly string[];
  kind: 'endpoint' | 'variable';
  value: string;
}

/** The fleet-named variables of `host` that hold a credential: `apiKeyEnv` and `tsig.secretEnv`, when set. */
export function credentialVariables(host: Pick<DnsHost, 'apiKeyEnv' | 'tsig'>): RouteField[] {
  return [
    ...(host.apiKeyEnv !== undefined ? [{ field: 'apiKeyEnv' as const, path: ['apiKeyEnv'], kind: 'variable' as const, value: host.apiKeyEnv }] : []),
    ...(host.tsig !== undefined
      ? [{ field: 'tsig.secretEnv' as const, path: ['tsig', 'secretEnv'], kind: 'variable' as const, value: host.tsig.secretEnv }]
      : []),
  ];
}

/**
 * The route of `host`: its fleet-named endpoint (`url` of powerdns,
 * `server` of rfc2136) and credential variables, in that order; empty for a
 * host that reads no fleet-named variable and has no fleet-named endpoint
 * (route53, google, cloudflare without `apiKeyEnv`). A field the adapter of
 * the host's provider ignores is left out.
 */
export function routeOf(host: Pick<DnsHost, 'provider' | 'url' | 'server' | 'apiKeyEnv' | 'tsig'>): RouteField[] {
  const variables = credentialVariables(host);
  switch (host.provider) {
    case 'powerdns':
      return [
        ...(host.url !== undefined ? [{ field: 'url' as const, path: ['url'], kind: 'endpoint' as const, value: host.url }] : []),
        ...variables.filter((v) => v.field === 'apiKeyEnv'),
      ];
    case 'rfc2136':
      return [
        ...(host.server !== undefined ? [{ field: 'server' as const, path: ['server'], kind: 'endpoint' as const, value: host.server }] : []),
        ...variables.filter((v) => v.field === 'tsig.secretEnv'),
      ];
    case 'cloudflare':
      return variables.filter((v) => v.field === 'apiKeyEnv');
    case 'route53':
    case 'google':
      return [];
  }
}
