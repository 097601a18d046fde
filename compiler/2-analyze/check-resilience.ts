/**
 * Resilience rules: decisions of the design that only the whole fleet shows.
 * Each finding carries the design's reason in its hint (docs/checks.md).
 *
 * - `platform_signin_vlandscape` (error): the sign-in platform lists a
 *   virtual landscape. The design gives each landscape one issuer and one
 *   name; a virtual name in front of sign-in would hand a browser to
 *   whichever member is nearest, whose issuer differs from the one its
 *   tokens carry.
 * - `dns_single_host` (warning): one DNS host serves both bases, so its
 *   outage takes every name down with it.
 * - `dns_spare_same_domain` (error): the spare base has the base's
 *   registrable domain (the public suffix list's ICANN section, so
 *   `x.github.io` and `y.github.io` share `github.io`): one registrar or
 *   registry fault takes both; the spare must survive the base's registrar
 *   and TLD.
 * - `dns_spare_same_tld` (error): another registrable domain, but the same
 *   top-level domain (the last label: `co.uk` and `org.uk` share `uk`): a
 *   fault of that TLD's registry or servers takes both bases.
 * - `landscape_prod_single_account` (warning): a prod landscape with two or
 *   more clusters, all in one account; a suspended or locked account takes
 *   the landscape down. (One cluster is already `landscape_prod_single_cluster`.)
 * - `landscape_prod_single_serving` (warning): a prod landscape with two or
 *   more clusters, only one of them serving (built, traffic on): the others
 *   are in no DNS answer, so the loss of that one takes the landscape down,
 *   whatever the registry counts. (No serving cluster at all is already
 *   `landscape_not_built`, or refused when a platform uses the landscape.)
 *
 * Returns findings; never throws.
 */
import { getDomain } from 'tldts';
import { at } from '../1-load/load-fleet.js';
import { diagnose, type Diagnostic, type RelatedLocation } from '../diagnostics/diagnostic.js';
import { clusterModelsOfIndex } from './cluster-models.js';
import { clusterName, type FleetIndex } from './fleet-index.js';

/**
 * The registrable domain of `name` (one label below its ICANN public suffix),
 * lower case; the name itself when the list gives none (a bare suffix).
 */
export function registrableDomain(name: string): string {
  const lower = name.toLowerCase();
  return getDomain(lower, { allowPrivateDomains: false }) ?? lower;
}

/** The top-level domain of `name`: its last label, lower case, without a trailing dot. */
export function topLevelDomain(name: string): string {
  const labels = name.toLowerCase().replace(/\.$/, '').split('.');
  return labels[labels.length - 1] ?? '';
}

/** Runs every resilience rule over `index`. */
export function checkResilience(index: FleetIndex): Diagnostic[] {
  const found: Diagnostic[] = [];
  const fleet = index.fleet.fleet;
  if (fleet) {
    const { dns, issuer } = fleet.data;
    const signIn = index.platforms.get(issuer.platform);
    signIn?.data.vlandscapes?.forEach((vlandscape, i) => {
      found.push(diagnose(at(signIn, ['vlandscapes', i]), 'platform_signin_vlandscape', { platform: issuer.platform, vlandscape }));
    });
    if (dns.hosts.length === 1) {
      found.push(diagnose(at(fleet, ['dns', 'hosts']), 'dns_single_host', { host: dns.hosts[0]?.name ?? '' }));
    }
    if (dns.spare !== undefined && dns.spare.toLowerCase() !== dns.base.toLowerCase()) {
      const domain = registrableDomain(dns.base);
      const tld = topLevelDomain(dns.base);
      if (registrableDomain(dns.spare) === domain) {
        found.push(diagnose(at(fleet, ['dns', 'spare']), 'dns_spare_same_domain', { spare: dns.spare, base: dns.base, domain }));
      } else if (topLevelDomain(dns.spare) === tld) {
        found.push(diagnose(at(fleet, ['dns', 'spare']), 'dns_spare_same_tld', { spare: dns.spare, base: dns.base, tld }));
      }
    }
  }

  for (const [name, landscape] of [...index.landscapes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (landscape.data.tier !== 'prod') continue;
    const clusters = index.clustersByLandscape.get(name) ?? [];
    const serving = singleServing(index, name, clusters);
    if (serving) found.push(serving);
    const accounts = new Set(clusters.map((c) => c.data.account));
    if (clusters.length < 2 || accounts.size !== 1) continue;
    const related: RelatedLocation[] = clusters.map((cluster) => {
      const where = at(cluster, ['account']);
      return {
        file: where.file ?? null,
        line: where.line ?? null,
        column: where.column ?? null,
        message: `${cluster.data.landscape}-${cluster.data.mark} is in ${cluster.data.account}`,
      };
    });
    found.push(
      diagnose(
        at(landscape, ['tier']),
        'landscape_prod_single_account',
        { landscape: name, count: clusters.length, account: [...accounts][0] as string },
        related,
      ),
    );
  }
  return found;
}

/** `landscape_prod_single_serving` for prod landscape `name` with 2 or more `clusters` of which exactly one is built with traffic on; each other cluster's traffic line (or its file) is related, saying why it does not serve. */
function singleServing(index: FleetIndex, name: string, clusters: NonNullable<ReturnType<FleetIndex['clustersByLandscape']['get']>>): Diagnostic | undefined {
  if (clusters.length < 2) return undefined;
  const models = new Map(clusterModelsOfIndex(index).map((c) => [c.name, c]));
  const serving = clusters.filter((c) => {
    const model = models.get(clusterName(c.data));
    return model !== undefined && model.built && model.traffic;
  });
  if (serving.length !== 1) return undefined;
  const alone = clusterName((serving[0] as (typeof clusters)[number]).data);
  const why = (cluster: (typeof clusters)[number]): string => {
    const model = models.get(clusterName(cluster.data));
    const notBuilt = model === undefined || !model.built;
    if (!cluster.data.traffic) return notBuilt ? 'has traffic off and is not built' : 'has traffic off';
    return 'is not built (its state file lists no address)';
  };
  const others = clusters.filter((c) => c !== serving[0]);
  const related: RelatedLocation[] = others.map((cluster) => {
    const where = at(cluster, cluster.data.traffic ? [] : ['traffic']);
    return { file: where.file ?? null, line: where.line ?? null, column: where.column ?? null, message: `${clusterName(cluster.data)} ${why(cluster)}` };
  });
  const reasons = others.map((c) => `${clusterName(c.data)} ${why(c)}`).join('; ');
  const landscape = index.landscapes.get(name);
  if (!landscape) return undefined;
  return diagnose(at(landscape, ['tier']), 'landscape_prod_single_serving', { landscape: name, cluster: alone, count: clusters.length, reasons }, related);
}
