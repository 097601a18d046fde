/**
 * The DNS hosts whose credential route differs from the base revision's
 * (docs/hardening.md "Credentials"): a pull request that points a host at
 * another endpoint (powerdns `url`, rfc2136 `server`) or has it read another
 * variable (`apiKeyEnv`, `tsig.secretEnv`), or that adds such a host. The
 * live commands refuse these hosts unless `--allow-endpoint-change`;
 * `diene report --base` lists them. Hosts are matched by name; a host whose
 * route is empty (dns/credential-routes.ts) never counts. Pure.
 */
import { routeOf, type RouteField } from '../dns/credential-routes.js';
import type { DnsHost } from '../types/generated/fleet.js';

/** A host of a base revision's fleet.yaml, as far as it could be read: only what a route needs. */
export type BaseHost = Pick<DnsHost, 'name' | 'provider' | 'url' | 'server' | 'apiKeyEnv' | 'tsig'>;

/** One difference: a route field (or the provider), its value in the base (absent: none there) and in the head. */
export interface EndpointFieldChange {
  field: RouteField['field'] | 'provider';
  before?: string;
  after: string;
  /** Where the head's value is under the host in fleet.yaml. */
  path: readonly string[];
}

/** A head host whose route the base does not have. */
export interface EndpointChange {
  host: string;
  provider: DnsHost['provider'];
  /** The host's index in the head's `dns.hosts`. */
  index: number;
  /** `added`: no host of that name in the base; `changed`: a field differs. */
  status: 'added' | 'changed';
  /** For `added`, the host's whole route; for `changed`, the fields that differ. */
  fields: EndpointFieldChange[];
}

/** The head hosts (in their order) whose route differs from the same-named base host's, or that the base lacks. */
export function endpointChanges(head: readonly DnsHost[], base: readonly BaseHost[]): EndpointChange[] {
  const changes: EndpointChange[] = [];
  head.forEach((host, index) => {
    const route = routeOf(host);
    if (route.length === 0) return;
    const before = base.find((b) => b.name === host.name);
    if (before === undefined) {
      changes.push({
        host: host.name,
        provider: host.provider,
        index,
        status: 'added',
        fields: route.map((f) => ({ field: f.field, after: f.value, path: f.path })),
      });
      return;
    }
    const old = new Map(routeOf(before).map((f) => [f.field, f.value]));
    const fields: EndpointFieldChange[] = [
      ...(before.provider !== host.provider ? [{ field: 'provider' as const, before: before.provider, after: host.provider, path: ['provider'] }] : []),
      ...route
        .filter((f) => old.get(f.field) !== f.value)
        .map((f) => ({ field: f.field, ...(old.has(f.field) ? { before: old.get(f.field) as string } : {}), after: f.value, path: f.path })),
    ];
    if (fields.length > 0) changes.push({ host: host.name, provider: host.provider, index, status: 'changed', fields });
  });
  return changes;
}

/** The fields of `change` as one line: `url http://a → http://b, apiKeyEnv DIENE_PDNS_API_KEY` (a field the base lacked: `(none) → …`; an added host: the values). */
export function endpointChangeText(change: EndpointChange): string {
  return change.fields.map((f) => (change.status === 'added' ? `${f.field} ${f.after}` : `${f.field} ${f.before ?? '(none)'} → ${f.after}`)).join(', ');
}
