/**
 * The output tree, the last step of the pipeline (3-emit). Maps each output
 * path (relative to the output directory, `/`-separated) to its bytes, or to
 * a function that makes them (the plan the CLI streams to disk); the
 * filesystem adapter writes it all-or-nothing. Every output kind (ArgoCD,
 * Kargo, platforms, DNS, route_paths, books, gateways) has its emitters here.
 */
import { dnsIntent } from '../2-analyze/dns-names.js';
import {
  platformOutline,
  type ClusterModel,
  type DocAContent,
  type DocBContent,
  type DocCContent,
  type FleetModel,
  type IssuerContent,
  type PlatformOutline,
  type RegistrySlice,
} from '../2-analyze/fleet-model.js';
import { servedHostsSlice, type HostsSlice } from '../2-analyze/served-hosts.js';
import { buildIssuerTable, docBKey, docCKey, DOC_A_KEY, ISSUERS_KEY } from './address-books.js';
import { sealBook } from './book-digest.js';
import { ARGOCD_HEALTH_PATCH, argocdHealthPatch } from './argocd-health-checks.js';
import { argocdObjects } from './argocd-applicationsets.js';
import { renderZoneFile } from './dns-zone-file.js';
import { zonePlanDocument, zonePlanHosts, zonePlanPath, zoneRecordsIntent, type ZoneRecordsIntent } from './dns-zone-plans.js';
import { buildGatewayHosts } from './gateway-hosts.js';
import { emitPlatformRecord } from './platform-record.js';
import { withOutputManifest } from './output-manifest.js';
import { madeOutputs, sortedPlan, type MakeOutput } from './output-plan.js';
import { keyedOutput, SlicePart, type KeyedEmitter } from './output-slice.js';
import { kargoObjects } from './platform-objects.js';
import { routePathDocuments, type RoutePathsDocument } from './route-paths.js';
import { renderRoutePathsSql } from './route-paths-sql.js';
import { toJson, YamlWriter } from './serialize.js';
import { buildSignInConfig, buildSpareSignInTable } from './sign-in-config.js';

/** The command named in generated-file comments (SPEC §3.6: no paths, no arguments). */
export const COMPILE_COMMAND = 'diene compile';

export { platformObjects } from './platform-objects.js';

// The keyed emitters (output-slice.ts): each makes one file from the slices it is given and nothing else.
const applicationSetsFile: KeyedEmitter<[RegistrySlice, PlatformOutline]> = {
  name: 'argocd',
  emit: ([registry, platform], yaml) => yaml.stream(argocdObjects(registry, platform), COMPILE_COMMAND),
};
const kargoFile: KeyedEmitter<[RegistrySlice, PlatformOutline]> = {
  name: 'kargo',
  emit: ([registry, platform], yaml) => yaml.stream(kargoObjects(registry, platform), COMPILE_COMMAND),
};
const platformRecordFile: KeyedEmitter<[PlatformOutline]> = {
  name: 'platform',
  emit: ([platform], yaml) => yaml.stream([emitPlatformRecord(platform)], COMPILE_COMMAND),
};
const bookFile: KeyedEmitter<[DocAContent | DocBContent | DocCContent, number]> = {
  name: 'book',
  emit: ([content, serial]) => toJson(sealBook(content, serial)),
};
const issuerTableFile: KeyedEmitter<[IssuerContent[]]> = { name: 'issuers', emit: ([issuers]) => toJson(buildIssuerTable({ books: { issuers } })) };
const spareSignInFile: KeyedEmitter<[IssuerContent[]]> = { name: 'sign-in-spare', emit: ([issuers]) => toJson(buildSpareSignInTable({ books: { issuers } })) };
const gatewayFile: KeyedEmitter<[HostsSlice, ClusterModel]> = { name: 'gateway', emit: ([hosts, cluster]) => toJson(buildGatewayHosts(hosts, cluster)) };
const signInFile: KeyedEmitter<[HostsSlice, IssuerContent]> = { name: 'sign-in', emit: ([hosts, entry]) => toJson(buildSignInConfig(hosts, entry)) };
const zonePlanFile: KeyedEmitter<[ZoneRecordsIntent, string | null]> = { name: 'dns-zone-plan', emit: ([zone, host]) => toJson(zonePlanDocument(zone, host)) };
const zoneFile: KeyedEmitter<[ZoneRecordsIntent]> = { name: 'dns-zone-file', emit: ([zone]) => renderZoneFile(zone, COMPILE_COMMAND) };
const routePathsJsonFile: KeyedEmitter<[RoutePathsDocument]> = { name: 'route-paths-json', emit: ([document]) => toJson(document) };
const routePathsSqlFile: KeyedEmitter<[RoutePathsDocument]> = {
  name: 'route-paths-sql',
  emit: ([document]) => renderRoutePathsSql(document.landscape, document.fingerprint, document.rows, COMPILE_COMMAND),
};

/**
 * Every output file, sorted by path: `argocd/`, `kargo/` and `platforms/` per
 * platform, Argo CD's health checks (`argocd-cm/dependency-health.yaml`), the
 * address books and the sign-in configuration under `books/`, the zone plans
 * under `dns/`, the route tables under `route-paths/`, the host lists under
 * `gateways/`, and the manifest `.diene-manifest.json` listing all of them
 * with their digests.
 */
export function emitOutputs(model: FleetModel, options: { serial?: number } = {}): Map<string, string> {
  return withOutputManifest(madeOutputs(outputPlan(model, options)));
}

/**
 * The files of {@link emitOutputs} but its manifest, sorted by path, each
 * made only when asked: a writer holds one output at a time, never the tree.
 * The plan's YAML files share one {@link YamlWriter}, made here.
 */
export function outputPlan(model: FleetModel, options: { serial?: number } = {}): Map<string, MakeOutput> {
  const outputs = new Map<string, MakeOutput>();
  const yaml = new YamlWriter();
  // The books, the issuer table and the spare sign-in table, as address-books.ts and sign-in-config.ts make them, keyed.
  const serial = new SlicePart(options.serial ?? 0);
  const { docA, docB, docC, issuers } = model.books;
  outputs.set(`books/${DOC_A_KEY}`, keyedOutput(yaml, bookFile, new SlicePart(docA), serial));
  for (const book of docB) outputs.set(`books/${docBKey(book.platform)}`, keyedOutput(yaml, bookFile, new SlicePart(book), serial));
  for (const book of docC) outputs.set(`books/${docCKey(book.platform, book.service)}`, keyedOutput(yaml, bookFile, new SlicePart(book), serial));
  const issuerSlice = new SlicePart(issuers);
  outputs.set(`books/${ISSUERS_KEY}`, keyedOutput(yaml, issuerTableFile, issuerSlice));
  for (const document of routePathDocuments(model)) {
    const slice = new SlicePart(document);
    outputs.set(`route-paths/${document.landscape}.json`, keyedOutput(yaml, routePathsJsonFile, slice));
    outputs.set(`route-paths/${document.landscape}.sql`, keyedOutput(yaml, routePathsSqlFile, slice));
  }
  // The gateway files and the sign-in configuration, as gateway-hosts.ts and sign-in-config.ts make them, keyed by the served names' slice.
  const hosts = new SlicePart(servedHostsSlice(model));
  for (const cluster of model.clusters) outputs.set(`gateways/${cluster.name}.json`, keyedOutput(yaml, gatewayFile, hosts, new SlicePart(cluster)));
  for (const entry of issuers) outputs.set(`books/sign-in/${entry.landscape}.json`, keyedOutput(yaml, signInFile, hosts, new SlicePart(entry)));
  outputs.set('books/sign-in-spare.json', keyedOutput(yaml, spareSignInFile, issuerSlice));
  outputs.set(ARGOCD_HEALTH_PATCH, () => yaml.stream([argocdHealthPatch(model, COMPILE_COMMAND)], COMPILE_COMMAND));
  // The zone plans and files, keyed by their zone's names and hosts.
  for (const zone of dnsIntent(model).zones) {
    const records = new SlicePart(zoneRecordsIntent(zone));
    for (const host of zonePlanHosts(zone)) outputs.set(zonePlanPath(zone, host), keyedOutput(yaml, zonePlanFile, records, new SlicePart(host)));
    if (zone.role === 'zone') outputs.set(`dns/${zone.zone}.zone`, keyedOutput(yaml, zoneFile, records));
  }
  const registry = new SlicePart<RegistrySlice>({ settings: model.settings, clusters: model.clusters });
  for (const platform of model.platforms) {
    const own = new SlicePart(platformOutline(platform));
    outputs.set(`argocd/${platform.name}.yaml`, keyedOutput(yaml, applicationSetsFile, registry, own));
    outputs.set(`kargo/${platform.name}.yaml`, keyedOutput(yaml, kargoFile, registry, own));
    outputs.set(`platforms/${platform.name}.yaml`, keyedOutput(yaml, platformRecordFile, own));
  }
  return sortedPlan(outputs);
}
