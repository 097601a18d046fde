/**
 * What the address books hold (SPEC §3.5), derived once per analysis: the
 * book checker (check-books.ts) reports on this value and the model carries
 * the same object (`FleetModel.books`), which the emitter only seals and
 * serializes; so what is checked is exactly what is written. Only the
 * analysis imports this module (test/architecture/derived-once.test.ts).
 *
 * - Doc C candidates of (module, service, platform, landscape): the host on
 *   the main base, then on the spare base when fleet.yaml names one.
 * - The sign-in service's Doc C leaves out the issuer's module.
 * - The issuer's host, on either base, never appears in any book.
 * - Doc B lists the platform's landscapes (its order) that have at least one
 *   built cluster with traffic on.
 * - A place is written canonically (book-places.ts).
 */
import { canonicalPlace, placeHost, placeProblem } from './book-places.js';
import { clusterModelsOfIndex } from './cluster-models.js';
import type { FleetIndex } from './fleet-index.js';
import { issuerUrl, serviceHost } from './hostnames.js';
import { DEFAULT_MODULES } from './routes.js';

/** Doc A as written, less `serial` and `digest`. */
export type DocAContent = {
  /** Every valid place, canonical, first occurrence kept, fleet.yaml order. */
  places: string[];
};

/** Doc B of one platform as written, less `serial` and `digest`. */
export type DocBContent = {
  platform: string;
  /** The platform's landscapes (its order) with at least one built cluster with traffic on. */
  landscapes: string[];
};

/** Doc C of one service as written, less `serial` and `digest`. */
export type DocCContent = {
  platform: string;
  service: string;
  /** Every landscape the platform lists → every module (less the issuer's for the sign-in service) → [host on `dns.base`, host on `dns.spare`]. */
  landscapes: Record<string, Record<string, string[]>>;
};

/** One place of fleet.yaml `addressBooks.places`, as written and as Doc A writes it. */
export interface PlaceContent {
  written: string;
  /** Why it cannot be a place ({@link placeProblem}); the other fields are then absent. */
  problem?: string;
  canonical?: string;
  host?: string;
}

/** The sign-in issuer of one landscape the sign-in platform lists (SPEC §3.5). */
export interface IssuerContent {
  landscape: string;
  /** The issuer URL on the main base: `books/issuers.json`'s value, the `iss` of every token. */
  issuer: string;
  /** The sign-in server's origin on the main base, `https://<issuer host>`. */
  endpoint: string;
  /** The issuer URL and origin on the spare base, when fleet.yaml names one. */
  spare?: { issuer: string; endpoint: string };
}

/** The address-book content of a fleet: what the books and the issuer table say, before a serial is stamped. */
export interface BookContent {
  /** fleet.yaml's places in their order, each checked. */
  places: PlaceContent[];
  docA: DocAContent;
  /** One per platform, sorted by platform. */
  docB: DocBContent[];
  /** One per service (row folder), sorted by platform then service. */
  docC: DocCContent[];
  /** Every landscape the sign-in platform lists, in its order; empty when that platform is absent. */
  issuers: IssuerContent[];
  /** Every host of the issuer, on either base, for every registered landscape → that landscape: never in a book. */
  issuerHosts: ReadonlyMap<string, string>;
}

/** The DNS bases of fleet.yaml that books use. */
interface BookDns {
  base: string;
  spare?: string;
}

/** The sign-in service of fleet.yaml (SPEC §2 `issuer`). */
interface BookIssuer {
  module: string;
  service: string;
  platform: string;
}

/** The candidates of one Doc C entry: the host on the main base, then on the spare base (SPEC §3.5). */
function candidateHosts(module: string, service: string, platform: string, landscape: string, dns: BookDns): string[] {
  const hosts = [serviceHost(module, service, platform, landscape, dns.base)];
  if (dns.spare !== undefined) hosts.push(serviceHost(module, service, platform, landscape, dns.spare));
  return hosts;
}

/** The modules a service's Doc C lists: all of `modules`, less the issuer's module for the sign-in service (SPEC §3.5). Order kept. */
function bookModules(platform: string, service: string, modules: readonly string[], issuer: BookIssuer): string[] {
  if (platform !== issuer.platform || service !== issuer.service) return [...modules];
  return modules.filter((module) => module !== issuer.module);
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const contentByIndex = new WeakMap<FleetIndex, BookContent>();

/** The {@link BookContent} of `index`; `undefined` without fleet.yaml. Derived once per index: the checker and buildModel() read the same object. */
export function bookContentOfIndex(index: FleetIndex): BookContent | undefined {
  const known = contentByIndex.get(index);
  if (known) return known;
  const fleet = index.fleet.fleet;
  if (!fleet) return undefined;
  const content = deriveBookContent(index, fleet.data);
  contentByIndex.set(index, content);
  return content;
}

function deriveBookContent(index: FleetIndex, settings: NonNullable<FleetIndex['fleet']['fleet']>['data']): BookContent {
  const { dns, issuer, addressBooks } = settings;

  const places = addressBooks.places.map((written): PlaceContent => {
    const problem = placeProblem(written);
    return problem !== undefined ? { written, problem } : { written, canonical: canonicalPlace(written), host: placeHost(written) };
  });
  const docA = { places: [...new Set(places.flatMap((p) => (p.canonical !== undefined ? [p.canonical] : [])))] };

  const live = new Set(
    clusterModelsOfIndex(index)
      .filter((c) => c.built && c.traffic)
      .map((c) => c.landscape),
  );
  const platforms = [...index.platforms].sort(([a], [b]) => byText(a, b));
  const docB = platforms.map(([name, platform]): DocBContent => ({
    platform: name,
    landscapes: platform.data.landscapes.filter((l) => live.has(l) && index.landscapes.has(l)),
  }));

  const docC: DocCContent[] = [];
  for (const [name, platform] of platforms) {
    for (const service of [...(index.rows.get(name)?.keys() ?? [])].sort()) {
      const modules = bookModules(name, service, platform.data.services?.[service]?.modules ?? DEFAULT_MODULES, issuer);
      const landscapes: Record<string, Record<string, string[]>> = {};
      for (const landscape of platform.data.landscapes) {
        const entry: Record<string, string[]> = {};
        for (const module of modules) entry[module] = candidateHosts(module, service, name, landscape, dns);
        landscapes[landscape] = entry;
      }
      docC.push({ platform: name, service, landscapes });
    }
  }

  const issuers = (index.platforms.get(issuer.platform)?.data.landscapes ?? []).map((landscape): IssuerContent => {
    const [main, spare] = candidateHosts(issuer.module, issuer.service, issuer.platform, landscape, dns) as [string, string?];
    return {
      landscape,
      issuer: issuerUrl(issuer, landscape, dns.base),
      endpoint: `https://${main}`,
      ...(spare !== undefined && dns.spare !== undefined ? { spare: { issuer: issuerUrl(issuer, landscape, dns.spare), endpoint: `https://${spare}` } } : {}),
    };
  });

  const issuerHosts = new Map<string, string>();
  for (const landscape of [...index.landscapes.keys()].sort()) {
    for (const host of candidateHosts(issuer.module, issuer.service, issuer.platform, landscape, dns)) issuerHosts.set(host, landscape);
  }

  return { places, docA, docB, docC, issuers, issuerHosts };
}
