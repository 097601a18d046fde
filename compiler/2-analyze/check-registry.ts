/**
 * Registry rules of SPEC §2 and §4: regions, landscapes, virtual landscapes,
 * accounts, clusters and cluster state. Returns findings; never throws.
 */
import { at, type Loaded } from '../1-load/load-fleet.js';
import { sourceTextAt } from '../1-load/parse-yaml.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { checkAddress } from './addresses.js';
import { closestName } from '../diagnostics/spelling.js';
import type { Cluster } from '../types/generated/cluster.js';
import { clusterName, known, landscapeOfMisspeltCluster, misspeltClustersOf, type FleetIndex } from './fleet-index.js';

/** Reserved cluster mark (SPEC §2): the primordial chart's Applications use it. */
export const RESERVED_MARK = 'primordial';

/** An account reference: `<vendor>-<name>`, an account file's stem (account.schema.json's vendor and name patterns, joined). */
const ACCOUNT_REFERENCE = /^[a-z][a-z0-9]*-[a-z0-9]+(-[a-z0-9]+)*$/;

function decimals(source: string): number {
  const match = /\.(\d+)/.exec(source.replace(/e.*$/i, ''));
  return match ? (match[1] as string).length : 0;
}

/**
 * The message and hint arguments of `cluster_landscape_unknown`: the fix (the
 * landscape the file name or the spelling suggests, else the list) and the
 * errors that follow from it and are folded under it, counted.
 */
function misspeltLandscape(index: FleetIndex, cluster: Loaded<Cluster>): { landscape: string; folded: string; fix: string } {
  const { landscape, mark } = cluster.data;
  const stem = cluster.identity[0] as string;
  const suggestion = landscapeOfMisspeltCluster(index, cluster) ?? closestName(landscape, index.landscapes.keys());
  const folded: string[] = [];
  if (stem !== `${landscape}-${mark}` && stem.endsWith(`-${mark}`)) folded.push(`the file name ${stem}.yaml disagrees with it`);
  if (index.fleet.clusterStates.some((state) => state.identity[0] === stem)) folded.push(`state/clusters/${stem}.yaml names no registered cluster`);
  const stranded = landscapeOfMisspeltCluster(index, cluster);
  if (stranded && (index.clustersByLandscape.get(stranded) ?? []).length === 0) {
    const platforms = [...index.platforms.values()].filter((p) => p.data.landscapes.includes(stranded)).length;
    if (platforms > 0) folded.push(`landscape "${stranded}" has no cluster for ${platforms} platform(s)`);
  }
  if (stranded && cluster.data.traffic) {
    const siblings = index.clustersByLandscape.get(stranded) ?? [];
    if (siblings.length > 0 && !siblings.some((c) => c.data.traffic)) folded.push(`landscape "${stranded}" has no other cluster with traffic on`);
  }
  const strandedLandscape = stranded ? index.landscapes.get(stranded) : undefined;
  if (strandedLandscape?.data.tier === 'prod' && (index.clustersByLandscape.get(stranded as string) ?? []).length === 1)
    folded.push(`prod landscape "${stranded}" has one cluster left`);
  return {
    landscape,
    folded: folded.length > 0 ? ` (${folded.length} consequence(s) not reported separately: ${folded.join('; ')})` : '',
    fix: suggestion
      ? `did you mean "${suggestion}"? write \`landscape: ${suggestion}\`, or add registry/landscapes/${landscape}.yaml`
      : `name one of: ${known(index.landscapes)}, or add registry/landscapes/${landscape}.yaml`,
  };
}

/**
 * The fix for a reference `key: name` to a registry file that does not exist:
 * the registered name it most likely meant first, else the registered names;
 * then the file that would register it.
 */
function unknownName(key: string, name: string, registered: ReadonlyMap<string, unknown>, file: string): string {
  const meant = closestName(name, registered.keys());
  return meant !== undefined ? `did you mean "${meant}"? write \`${key}: ${meant}\`, or add ${file}` : `add ${file}, or name one of: ${known(registered)}`;
}

/** Runs every registry rule over `index`. */
export function checkRegistry(index: FleetIndex): Diagnostic[] {
  const found: Diagnostic[] = [];
  const { fleet } = index;
  const exampleFleet = fleet.fleet?.data.example === true;
  const regions = fleet.regions?.data.regions ?? {};

  if (fleet.regions) {
    for (const code of Object.keys(regions).sort()) {
      for (const axis of ['lat', 'lon'] as const) {
        const source = sourceTextAt(fleet.regions.parsed, ['regions', code, axis]);
        if (source !== undefined && decimals(source) > 2) {
          const value = Number(source);
          found.push(
            diagnose(at(fleet.regions, ['regions', code, axis]), 'region_coordinates_precision', {
              axis,
              value: source,
              rounded: (Math.round(value * 100) / 100).toFixed(2),
            }),
          );
        }
      }
    }
  }

  for (const landscape of fleet.landscapes) {
    const stem = landscape.identity[0] as string;
    if (stem !== landscape.data.name) {
      found.push(
        diagnose(at(landscape, ['name']), 'file_name_mismatch', {
          actual: stem,
          expected: landscape.data.name,
          expectedFile: `registry/landscapes/${landscape.data.name}.yaml`,
        }),
      );
    }
    if (fleet.regions && !Object.prototype.hasOwnProperty.call(regions, landscape.data.region)) {
      found.push(
        diagnose(at(landscape, ['region']), 'region_unknown', { region: landscape.data.region, known: Object.keys(regions).sort().join(', ') || 'none' }),
      );
    }
  }

  for (const vlandscape of fleet.vlandscapes) {
    const stem = vlandscape.identity[0] as string;
    if (stem !== vlandscape.data.name) {
      found.push(
        diagnose(at(vlandscape, ['name']), 'file_name_mismatch', {
          actual: stem,
          expected: vlandscape.data.name,
          expectedFile: `registry/vlandscapes/${vlandscape.data.name}.yaml`,
        }),
      );
    }
    if (index.landscapes.has(vlandscape.data.name)) found.push(diagnose(at(vlandscape, ['name']), 'vlandscape_name_taken', { name: vlandscape.data.name }));
    vlandscape.data.members.forEach((member, i) => {
      if (!index.landscapes.has(member.landscape)) {
        found.push(
          diagnose(at(vlandscape, ['members', i, 'landscape']), 'vlandscape_member_unknown', {
            landscape: member.landscape,
            fix: unknownName('landscape', member.landscape, index.landscapes, `registry/landscapes/${member.landscape}.yaml`),
          }),
        );
      }
    });
  }

  for (const account of fleet.accounts) {
    const stem = account.identity[0] as string;
    const expected = `${account.data.vendor}-${account.data.name}`;
    if (stem !== expected)
      found.push(diagnose(at(account, ['name']), 'file_name_mismatch', { actual: stem, expected, expectedFile: `registry/accounts/${expected}.yaml` }));
  }

  for (const cluster of fleet.clusters) {
    const stem = cluster.identity[0] as string;
    const name = clusterName(cluster.data);
    const landscape = index.landscapes.get(cluster.data.landscape);
    // A misspelt landscape is the one cause: the file name mismatch, the state file and the
    // landscape left without clusters all follow from it and are folded under it.
    if (stem !== name && (landscape || !stem.endsWith(`-${cluster.data.mark}`)))
      found.push(diagnose(at(cluster, ['mark']), 'file_name_mismatch', { actual: stem, expected: name, expectedFile: `registry/clusters/${name}.yaml` }));
    if (cluster.data.mark === RESERVED_MARK) found.push(diagnose(at(cluster, ['mark']), 'cluster_mark_reserved'));
    const account = index.accounts.get(cluster.data.account);
    if (!account && !ACCOUNT_REFERENCE.test(cluster.data.account)) {
      const close = closestName(cluster.data.account, index.accounts.keys());
      found.push(
        diagnose(at(cluster, ['account']), 'cluster_account_invalid', {
          account: cluster.data.account,
          suggestion: close ? `did you mean "${close}"? ` : '',
          known: known(index.accounts),
        }),
      );
    } else if (!account) {
      found.push(
        diagnose(at(cluster, ['account']), 'cluster_account_unknown', {
          account: cluster.data.account,
          fix: unknownName('account', cluster.data.account, index.accounts, `registry/accounts/${cluster.data.account}.yaml`),
        }),
      );
    } else if (account.data.vendor !== cluster.data.provider) {
      found.push(
        diagnose(
          at(cluster, ['provider']),
          'cluster_account_vendor_mismatch',
          vendorMismatch(index, name, cluster.data.provider, cluster.data.account, account.data.vendor),
        ),
      );
    }
    if (!landscape) {
      found.push(diagnose(at(cluster, ['landscape']), 'cluster_landscape_unknown', misspeltLandscape(index, cluster)));
      continue;
    }
    const region = regions[landscape.data.region];
    if (region && !region.providers.includes(cluster.data.provider)) {
      found.push(
        diagnose(at(cluster, ['provider']), 'region_unsupported', {
          provider: cluster.data.provider,
          region: landscape.data.region,
          cluster: name,
          known: [...region.providers].sort().join(', '),
        }),
      );
    }
  }

  // One load balancer, one cluster: an address two clusters list sends one cluster's names to the other's (a state file copied
  // by hand in an incident). Said at every holder after the first in name order, pointing at the first.
  const holders = new Map<string, { cluster: string; state: (typeof fleet.clusterStates)[number]; index: number }>();
  for (const state of [...fleet.clusterStates].sort((a, b) => ((a.identity[0] as string) < (b.identity[0] as string) ? -1 : 1))) {
    const name = state.identity[0] as string;
    state.data.addresses.forEach((text, i) => {
      const verdict = checkAddress(text, exampleFleet);
      if (!verdict.ok) return;
      const first = holders.get(verdict.canonical);
      if (first === undefined) holders.set(verdict.canonical, { cluster: name, state, index: i });
      else if (first.cluster !== name) {
        const where = at(first.state, ['addresses', first.index]);
        found.push(
          diagnose(at(state, ['addresses', i]), 'address_shared', { value: text, cluster: name, other: first.cluster }, [
            { file: where.file ?? null, line: where.line ?? null, column: where.column ?? null, message: `${first.cluster} lists it here` },
          ]),
        );
      }
    });
  }

  for (const state of fleet.clusterStates) {
    const name = state.identity[0] as string;
    // A cluster file of that name whose content names another cluster is blamed there, once.
    if (!index.clusters.has(name) && !fleet.clusters.some((cluster) => cluster.identity[0] === name))
      found.push(diagnose(at(state, []), 'state_cluster_unknown', { cluster: name }));
    state.data.addresses.forEach((text, i) => {
      const verdict = checkAddress(text, exampleFleet);
      if (verdict.ok) return;
      if (verdict.invalid) found.push(diagnose(at(state, ['addresses', i]), 'address_invalid', { value: text, example: exampleFleet ? 'sample' : 'real' }));
      else found.push(diagnose(at(state, ['addresses', i]), 'address_not_global_unicast', { value: text, range: verdict.range, advice: verdict.advice }));
    });
  }

  for (const [landscapeName, landscape] of [...index.landscapes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const clusters = index.clustersByLandscape.get(landscapeName) ?? [];
    if (landscape.data.tier === 'prod' && clusters.length + misspeltClustersOf(index, landscapeName).length < 2) {
      // A cluster file naming a landscape that does not exist may be one of this landscape's: point at it.
      const strays = index.fleet.clusters.filter((cluster) => !index.landscapes.has(cluster.data.landscape));
      const nearest =
        misspeltClustersOf(index, landscapeName)[0] ??
        strays.find((cluster) => cluster.data.landscape === closestName(landscapeName, [...new Set(strays.map((c) => c.data.landscape))].sort()));
      found.push(
        diagnose(at(landscape, ['tier']), 'landscape_prod_single_cluster', {
          landscape: landscapeName,
          clusters: clusters.length === 0 ? 'none' : 'one',
          register: clusters.length === 0 ? 'none' : 'one',
          stray:
            nearest === undefined
              ? ''
              : `; ${nearest.parsed.file.path} names landscape ${JSON.stringify(nearest.data.landscape)}, which does not exist: if it is meant for "${landscapeName}", correct its landscape:`,
        }),
      );
    }
  }
  return found;
}

/** The arguments of `cluster_account_vendor_mismatch`: which accounts would fit the provider, if any. */
function vendorMismatch(index: FleetIndex, cluster: string, provider: string, account: string, vendor: string) {
  const fitting = [...index.accounts]
    .filter(([, candidate]) => candidate.data.vendor === provider)
    .map(([stem]) => stem)
    .sort();
  const fix = fitting.length > 0 ? `name one of the ${provider} accounts (${fitting.join(', ')})` : `add registry/accounts/${provider}-<name>.yaml and name it`;
  return { cluster, provider, account, vendor, fix };
}
