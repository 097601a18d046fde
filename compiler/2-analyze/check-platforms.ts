/**
 * Platform rules of SPEC §2 and §4: each `carbon/<platform>/platform.yaml`
 * against the registry and its rows, plus the fleet-wide issuer and the
 * unused-dark-landscape warning. Returns findings; never throws.
 */
import { at, type Loaded } from '../1-load/load-fleet.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { closestName } from '../diagnostics/spelling.js';
import { DEFAULT_MODULES, splitServiceHost } from './routes.js';
import { claimInput, fleetShapeOfIndex } from './route-paths.js';
import { normalizeStages, type RawStageEntry } from './stage-graph.js';
import type { Platform } from '../types/generated/platform.js';
import { hasRowFolder, known, landscapeOfMisspeltCluster, misspeltPlatformLandscapes, type FleetIndex } from './fleet-index.js';
import { sharedRowPath } from '../1-load/row-format.js';

/** The services of a platform: its row folder names (SPEC §2), sorted. */
export function servicesOf(index: FleetIndex, platform: string): string[] {
  return [...(index.rows.get(platform)?.keys() ?? [])].sort();
}

function checkStages(index: FleetIndex, platform: Loaded<Platform>): Diagnostic[] {
  const found: Diagnostic[] = [];
  const listed = new Set(platform.data.landscapes);
  const seen = new Set<string>();
  const meantBySteps = new Set<string>();
  // A stage for the landscape a misspelt listing meant follows from that misspelling (platform_landscape_unknown folds it).
  const meantByListing = new Set(misspeltPlatformLandscapes(index, platform.data.name).values());
  const groups = normalizeStages(platform.data.stages as RawStageEntry[]);
  groups.forEach((group, groupIndex) => {
    for (const step of group) {
      // Located only when a finding needs it: most steps have none.
      const landscapePlace = () => at(platform, ['stages', ...step.landscapePath]);
      if (!listed.has(step.landscape)) {
        if (!meantByListing.has(step.landscape)) {
          const meant = closestName(step.landscape, listed);
          const guess = meant === undefined ? '' : `did you mean "${meant}"? `;
          // The landscape meant is then missing from stages: that follows from this finding and is not said again.
          if (meant !== undefined) meantBySteps.add(meant);
          found.push(diagnose(landscapePlace(), 'stage_unknown_landscape', { landscape: step.landscape, known: [...listed].sort().join(', '), guess }));
        }
      } else if (seen.has(step.landscape)) {
        found.push(diagnose(landscapePlace(), 'stage_duplicate_landscape', { landscape: step.landscape }));
      }
      seen.add(step.landscape);
      if (groupIndex === 0 && step.soak !== undefined) {
        found.push(diagnose(at(platform, ['stages', ...step.path, 'soak']), 'stage_soak_first', { landscape: step.landscape }));
      }
      const clusters = index.clustersByLandscape.get(step.landscape) ?? [];
      // A cluster whose file names this landscape but whose content misspells it is reported there, once.
      const misspelt = index.fleet.clusters.some((cluster) => landscapeOfMisspeltCluster(index, cluster) === step.landscape);
      if (listed.has(step.landscape) && index.landscapes.has(step.landscape) && clusters.length === 0 && !misspelt) {
        found.push(diagnose(landscapePlace(), 'landscape_no_clusters', { landscape: step.landscape, platform: platform.data.name }));
      }
    }
  });
  platform.data.landscapes.forEach((landscape, i) => {
    // An unregistered landscape missing from stages: is folded under platform_landscape_unknown.
    if (index.landscapes.has(landscape) && !seen.has(landscape) && !meantBySteps.has(landscape) && platform.data.landscapes.indexOf(landscape) === i) {
      found.push(diagnose(at(platform, ['landscapes', i]), 'stage_missing_landscape', { landscape }));
    }
  });
  return found;
}

/**
 * The rows of the platform's shared charts (platforms/<platform>/_shared/<chart>/<landscape>.yaml):
 * one per listed chart and listed landscape. A missing row is warned about (its Stage has no file
 * to write); a row for a chart or landscape the platform does not list is refused, since nothing
 * would promote it and its ApplicationSet would still deploy it.
 */
function checkSharedChartRows(index: FleetIndex, platform: Loaded<Platform>, rowsRead: ReadonlySet<string> | undefined): Diagnostic[] {
  const found: Diagnostic[] = [];
  const folder = platform.identity[0] as string;
  const charts = platform.data.sharedCharts ?? [];
  const have = new Set<string>();
  for (const row of index.fleet.sharedRows) {
    const [rowPlatform, chart, landscape] = row.identity as [string, string, string];
    if (rowPlatform !== folder) continue;
    have.add(`${chart}/${landscape}`);
    const path = sharedRowPath(folder, chart, landscape);
    if (!charts.includes(chart)) {
      const meant = closestName(chart, charts);
      found.push(
        diagnose(at(row, []), 'shared_row_unlisted', {
          path,
          what: `shared chart "${chart}", which carbon/${folder}/platform.yaml does not list under sharedCharts:`,
          fix:
            meant !== undefined
              ? `did you mean "${meant}"? move the row to platforms/${folder}/_shared/${meant}/`
              : `add ${chart} to sharedCharts: in carbon/${folder}/platform.yaml, or delete the row`,
        }),
      );
    } else if (!platform.data.landscapes.includes(landscape)) {
      found.push(
        diagnose(at(row, []), 'shared_row_unlisted', {
          path,
          what: `landscape "${landscape}", which platform ${folder} does not list under landscapes:`,
          fix: `add ${landscape} to landscapes: and stages: in carbon/${folder}/platform.yaml, or delete the row`,
        }),
      );
    }
  }
  // The one name a shared chart's can share: its namespace <platform>-shared-<chart> is the primordial namespace of a service `shared` in a landscape named like the chart.
  if (hasRowFolder(index, folder, 'shared') || platform.data.services?.['shared'] !== undefined) {
    charts.forEach((chart, i) => {
      if (platform.data.landscapes.includes(chart))
        found.push(diagnose(at(platform, ['sharedCharts', i]), 'shared_chart_namespace_taken', { platform: folder, chart }));
    });
  }
  // A platform whose rows were not read (render reads only its own) cannot be judged to lack them.
  if (rowsRead !== undefined && !rowsRead.has(folder)) return found;
  charts.forEach((chart, i) => {
    for (const landscape of new Set(platform.data.landscapes)) {
      if (!have.has(`${chart}/${landscape}`))
        found.push(diagnose(at(platform, ['sharedCharts', i]), 'shared_row_missing', { platform: folder, chart, landscape }));
    }
  });
  return found;
}

function checkPlatform(index: FleetIndex, platform: Loaded<Platform>, rowsRead: ReadonlySet<string> | undefined): Diagnostic[] {
  const found: Diagnostic[] = [];
  const folder = platform.identity[0] as string;
  const name = platform.data.name;
  if (folder !== name)
    found.push(diagnose(at(platform, ['name']), 'file_name_mismatch', { actual: folder, expected: name, expectedFile: `carbon/${name}/platform.yaml` }));

  found.push(...checkSharedChartRows(index, platform, rowsRead));

  platform.data.landscapes.forEach((landscape, i) => {
    if (!index.landscapes.has(landscape)) {
      found.push(diagnose(at(platform, ['landscapes', i]), 'platform_landscape_unknown', unknownLandscape(index, name, landscape)));
    } else if (platform.data.landscapes.indexOf(landscape) !== i) {
      found.push(diagnose(at(platform, ['landscapes', i]), 'platform_landscape_duplicate', { landscape }));
    }
  });
  found.push(...checkStages(index, platform));

  (platform.data.vlandscapes ?? []).forEach((name, i) => {
    const vlandscape = index.vlandscapes.get(name);
    if (!vlandscape) {
      // A file of that name whose content names another follows from that mismatch, reported there (file_name_mismatch).
      if (index.fleet.vlandscapes.some((v) => v.identity[0] === name)) return;
      // A virtual landscape with a landscape's name is refused (vlandscape_name_taken): it is none to name here.
      const usable = new Map([...index.vlandscapes].filter(([other]) => !index.landscapes.has(other)));
      found.push(diagnose(at(platform, ['vlandscapes', i]), 'platform_vlandscape_unknown', { vlandscape: name, known: known(usable) }));
      return;
    }
    const serving = vlandscape.data.members.filter((m) => m.serve).map((m) => m.landscape);
    if (!serving.some((landscape) => platform.data.landscapes.includes(landscape))) {
      found.push(diagnose(at(platform, ['vlandscapes', i]), 'platform_vlandscape_unserved', { vlandscape: name, members: serving.join(', ') || 'none' }));
    }
  });

  const services = servicesOf(index, folder);
  const listedServices = new Set(services);
  // A platform whose row folders were not read (render reads only its own) cannot be judged to lack rows.
  const rowsKnown = rowsRead === undefined || rowsRead.has(folder);
  for (const service of Object.keys(platform.data.services ?? {}).sort()) {
    if (rowsKnown && !listedServices.has(service) && !hasRowFolder(index, folder, service))
      found.push(
        diagnose(at(platform, ['services', service], 'key'), 'platform_service_without_rows', serviceWithoutRows(index, platform.data, folder, service)),
      );
  }

  // Each name's place is located only when a mark captures it.
  const namesToCheck: { what: string; name: string; where: () => ReturnType<typeof at> }[] = [{ what: 'platform', name, where: () => at(platform, ['name']) }];
  for (const service of new Set([...services, ...Object.keys(platform.data.services ?? {})])) {
    const facts = platform.data.services?.[service];
    const where = facts
      ? () => at(platform, ['services', service], 'key')
      : () => at(index.rows.get(folder)?.get(service)?.values().next().value ?? platform, []);
    namesToCheck.push({ what: 'service', name: service, where });
  }
  for (const landscape of new Set(platform.data.landscapes)) {
    for (const cluster of index.clustersByLandscape.get(landscape) ?? []) {
      for (const candidate of namesToCheck) {
        if (candidate.name === cluster.data.mark) {
          found.push(
            diagnose(candidate.where(), 'name_captured_by_mark', {
              what: candidate.what,
              name: candidate.name,
              cluster: `${landscape}-${cluster.data.mark}`,
              landscape,
            }),
          );
        }
      }
    }
  }
  return found;
}

function checkIssuer(index: FleetIndex): Diagnostic[] {
  const fleet = index.fleet.fleet;
  if (!fleet) return [];
  const issuer = fleet.data.issuer;
  // "did you mean …?" among the names that exist where the issuer's name does not.
  const suggestion = (name: string, names: Iterable<string>): string => {
    const closest = closestName(name, [...names].sort());
    return closest === undefined ? '' : `did you mean "${closest}"? `;
  };
  const platform = index.platforms.get(issuer.platform);
  if (!platform)
    return [
      diagnose(at(fleet, ['issuer', 'platform']), 'issuer_unknown', {
        what: 'platform',
        name: issuer.platform,
        suggestion: suggestion(issuer.platform, index.platforms.keys()),
      }),
    ];
  if (!hasRowFolder(index, issuer.platform, issuer.service) && !platform.data.services?.[issuer.service]) {
    return [
      diagnose(at(fleet, ['issuer', 'service']), 'issuer_unknown', {
        what: 'service',
        name: issuer.service,
        suggestion: suggestion(issuer.service, Object.keys(platform.data.services ?? {})),
      }),
    ];
  }
  const modules = platform.data.services?.[issuer.service]?.modules ?? ['api'];
  if (!modules.includes(issuer.module))
    return [
      diagnose(at(fleet, ['issuer', 'module']), 'issuer_unknown', { what: 'module', name: issuer.module, suggestion: suggestion(issuer.module, modules) }),
    ];
  return [];
}

/** fleet.yaml `intake` names an existing platform and service: a typo would leave the intake's permanent host names unprotected. */
function checkIntake(index: FleetIndex): Diagnostic[] {
  const fleet = index.fleet.fleet;
  const intake = fleet?.data.intake;
  if (!fleet || !intake) return [];
  const platform = index.platforms.get(intake.platform);
  if (!platform)
    return [diagnose(at(fleet, ['intake', 'platform']), 'intake_unknown', { what: 'platform', name: intake.platform, known: known(index.platforms) })];
  // `diene render` reads only its own platform's rows (and the sign-in platform's): with none read for the intake's platform, its services are unknown here.
  const rows = index.rows.get(intake.platform);
  if (rows && !rows.has(intake.service) && !platform.data.services?.[intake.service]) {
    return [
      diagnose(at(fleet, ['intake', 'service']), 'intake_unknown', {
        what: 'service',
        name: intake.service,
        known: servicesOf(index, intake.platform).join(', ') || 'none',
      }),
    ];
  }
  return [];
}

function checkDarkLandscapes(index: FleetIndex): Diagnostic[] {
  const used = new Set<string>();
  for (const platform of index.platforms.values()) for (const landscape of platform.data.landscapes) used.add(landscape);
  const found: Diagnostic[] = [];
  for (const [name, landscape] of [...index.landscapes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const clusters = index.clustersByLandscape.get(name) ?? [];
    if (clusters.length > 0 && clusters.every((c) => c.data.traffic === false) && !used.has(name)) {
      found.push(diagnose(at(landscape, ['name']), 'landscape_dark_unused', { landscape: name }));
    }
  }
  return found;
}

/**
 * Runs every platform rule over `index`. `rowsRead` names the platforms whose
 * row folders were read, when not all were (`diene render`); the others are
 * not told they lack rows.
 */
export function checkPlatforms(index: FleetIndex, rowsRead?: ReadonlySet<string>): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const platform of index.fleet.platforms) found.push(...checkPlatform(index, platform, rowsRead));
  found.push(...checkIssuer(index), ...checkIntake(index), ...checkDarkLandscapes(index));
  return found;
}

/**
 * The arguments of `platform_service_without_rows`: when a row folder of the
 * platform with no entry under `services:` is a likely misspelling of the key,
 * the name it most likely meant and what that service gets meanwhile (the
 * default modules, so the key's other modules give it no hosts).
 */
function serviceWithoutRows(
  index: FleetIndex,
  platform: Platform,
  folder: string,
  service: string,
): { service: string; platform: string; meant: string; fix: string } {
  const facts = platform.services ?? {};
  const withRows = servicesOf(index, folder);
  const folders = new Set(withRows);
  for (const entry of index.emptyRowFolders) if (entry.startsWith(`${folder}/`)) folders.add(entry.slice(folder.length + 1));
  const unlisted = [...folders].filter((name) => !Object.prototype.hasOwnProperty.call(facts, name));
  const suggestion = closestName(service, unlisted);
  if (suggestion === undefined) return { service, platform: folder, meant: '', fix: 'run `diene materialize` to write its empty rows, or remove the entry' };
  const lost = (facts[service]?.modules ?? []).filter((module) => !DEFAULT_MODULES.includes(module));
  const hosts = lost.length > 0 ? `, so its ${lost.join(', ')} hosts are not generated` : '';
  return {
    service,
    platform: folder,
    meant: `: did you mean "${suggestion}"? ${suggestion} has ${withRows.includes(suggestion) ? 'rows' : 'an empty row folder'} but no facts: it gets the default modules [${DEFAULT_MODULES.join(', ')}]${hosts}`,
    fix: `rename the key "${service}" to "${suggestion}" under services: (the row folder is platforms/${folder}/${suggestion}/); if "${service}" is a new service instead, \`diene materialize\` writes its empty rows`,
  };
}

/**
 * The arguments of `platform_landscape_unknown`: the fix (the registered name
 * it most likely meant, else the list) and, for a misspelling, the findings
 * that follow from it and are folded under it: the platform's rows and
 * claims for the meant landscape, which it does not list.
 */
function unknownLandscape(index: FleetIndex, platform: string, landscape: string): { landscape: string; folded: string; fix: string } {
  const meant = misspeltPlatformLandscapes(index, platform).get(landscape);
  const suggestion = meant ?? closestName(landscape, index.landscapes.keys());
  const folded: string[] = [];
  let consequences = 0;
  const stages = index.platforms.get(platform)?.data.stages as RawStageEntry[] | undefined;
  const staged = new Set(normalizeStages(stages ?? []).flatMap((group) => group.map((step) => step.landscape)));
  if (!staged.has(landscape)) {
    folded.push(`"${landscape}" is missing from stages:`);
    consequences += 1;
  }
  // The misspelling in landscapes: alone: stages: already names the landscape meant.
  const stagedMeant = meant !== undefined && staged.has(meant) && !staged.has(landscape);
  if (stagedMeant) {
    folded.push(`stage "${meant}" is not in landscapes:`);
    consequences += 1;
  }
  if (meant !== undefined) {
    const rows = [...(index.rows.get(platform)?.values() ?? [])].filter((byLandscape) => byLandscape.has(meant)).length;
    if (rows > 0) folded.push(`${rows} row(s) platforms/${platform}/*/${meant}.yaml for a landscape it does not list`);
    consequences += rows;
    const shape = fleetShapeOfIndex(index);
    const claims = shape
      ? index.fleet.claims.filter((claim) => {
          const host = splitServiceHost(shape, claimInput(claim).host);
          return host?.platform === platform && host.landscape === meant;
        }).length
      : 0;
    if (claims > 0) folded.push(`${claims} claim(s) on hosts of ${platform} in ${meant}`);
    consequences += claims;
  }
  return {
    landscape,
    folded: folded.length > 0 ? ` (${consequences} consequence(s) not reported separately: ${folded.join('; ')})` : '',
    fix: suggestion
      ? `did you mean "${suggestion}"? write ${suggestion} in ${stagedMeant ? 'landscapes:' : 'landscapes: and stages:'}, or add registry/landscapes/${landscape}.yaml`
      : `add registry/landscapes/${landscape}.yaml, or name one of: ${known(index.landscapes)}`,
  };
}
