/**
 * The edge address books and the issuer table (SPEC §3.5, §3.6):
 *
 * | path (under the output dir)            | content |
 * | ---                                    | --- |
 * | `books/doc-a.json`                     | `{serial, digest, places}`: every place, fleet.yaml order |
 * | `books/<platform>/doc-b.json`          | `{serial, digest, platform, landscapes}`: the platform's landscapes (its order) with at least one built cluster with traffic on |
 * | `books/<platform>/<service>/doc-c.json`| `{serial, digest, platform, service, landscapes: {<l>: {<module>: [main, spare]}}}`: every landscape the platform lists, every module (less the issuer's for the sign-in service) |
 * | `books/issuers.json`                   | `{<landscape>: <issuer URL>}` for every landscape the sign-in platform lists; baked into apps, never published |
 *
 * The bucket key of a book is its path under `books/`. Pure: the serial is
 * passed in (`diene compile --serial N`, else 0; `diene apply books` stamps
 * its own).
 */
import type { FleetModel, PlatformModel } from '../2-analyze/fleet-model.js';
import { bookModules, candidateHosts, canonicalPlace } from '../2-analyze/address-book-content.js';
import { issuerUrl } from '../2-analyze/hostnames.js';
import { sealBook } from './book-digest.js';
import { madeOutputs } from './output-plan.js';
import { toJson } from './serialize.js';

/** Doc A as written (SPEC §3.6). */
export interface DocABook {
  serial: number;
  digest: string;
  places: string[];
}

/** Doc B as written (SPEC §3.6). */
export interface DocBBook {
  serial: number;
  digest: string;
  platform: string;
  landscapes: string[];
}

/** Doc C as written (SPEC §3.6). */
export interface DocCBook {
  serial: number;
  digest: string;
  platform: string;
  service: string;
  landscapes: Record<string, Record<string, string[]>>;
}

/** A published book. */
export type AddressBook = DocABook | DocBBook | DocCBook;

/** The bucket key of Doc A. */
export const DOC_A_KEY = 'doc-a.json';
/** The key of the issuer table (never published). */
export const ISSUERS_KEY = 'issuers.json';

/** The bucket key of a platform's Doc B. */
export function docBKey(platform: string): string {
  return `${platform}/doc-b.json`;
}

/** The bucket key of a service's Doc C. */
export function docCKey(platform: string, service: string): string {
  return `${platform}/${service}/doc-c.json`;
}

/** Doc A: every place, canonical, first occurrence kept. */
export function buildDocA(model: FleetModel, serial: number): DocABook {
  const places = [...new Set(model.settings.addressBooks.places.map(canonicalPlace))];
  return sealBook({ places }, serial);
}

/** The landscapes of `platform` (its order) that have at least one built cluster with traffic on. */
export function liveLandscapes(model: FleetModel, platform: PlatformModel): string[] {
  const live = new Set(model.landscapes.filter((l) => l.clusters.some((c) => c.built && c.traffic)).map((l) => l.name));
  return platform.landscapes.filter((landscape) => live.has(landscape));
}

/** Doc B of `platform`. */
export function buildDocB(model: FleetModel, platform: PlatformModel, serial: number): DocBBook {
  return sealBook({ platform: platform.name, landscapes: liveLandscapes(model, platform) }, serial);
}

/** Doc C of one service of `platform`. */
export function buildDocC(model: FleetModel, platform: PlatformModel, service: PlatformModel['services'][number], serial: number): DocCBook {
  const { dns, issuer } = model.settings;
  const modules = bookModules(platform.name, service.name, service.modules, issuer);
  const landscapes: Record<string, Record<string, string[]>> = {};
  for (const landscape of platform.landscapes) {
    const entry: Record<string, string[]> = {};
    for (const module of modules) entry[module] = candidateHosts(module, service.name, platform.name, landscape, dns).map((c) => c.host);
    landscapes[landscape] = entry;
  }
  return sealBook({ platform: platform.name, service: service.name, landscapes }, serial);
}

/** Every published book by bucket key (Doc A, each Doc B, each Doc C), sorted by key. */
export function buildAddressBooks(model: FleetModel, serial: number): Map<string, AddressBook> {
  const books = new Map<string, AddressBook>();
  books.set(DOC_A_KEY, buildDocA(model, serial));
  for (const platform of model.platforms) {
    books.set(docBKey(platform.name), buildDocB(model, platform, serial));
    for (const service of platform.services) books.set(docCKey(platform.name, service.name), buildDocC(model, platform, service, serial));
  }
  return new Map([...books].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The issuer table: every landscape the sign-in platform lists → its issuer URL (SPEC §3.5). Empty when that platform is absent. */
export function buildIssuerTable(model: FleetModel): Record<string, string> {
  const { issuer, dns } = model.settings;
  const platform = model.platforms.find((p) => p.name === issuer.platform);
  return Object.fromEntries((platform?.landscapes ?? []).map((landscape) => [landscape, issuerUrl(issuer, landscape, dns.base)]));
}

/** The `books/` output files: path (under the output dir) → canonical JSON bytes. */
export function emitAddressBooks(model: FleetModel, serial: number): Map<string, string> {
  return madeOutputs(addressBookFiles(model, serial));
}

/** The plan of the `books/` output files, the books of {@link buildAddressBooks} and the issuer table (each made when it is written). */
export function addressBookFiles(model: FleetModel, serial: number): Map<string, () => string> {
  const files = new Map<string, () => string>();
  files.set(`books/${DOC_A_KEY}`, () => toJson(buildDocA(model, serial)));
  for (const platform of model.platforms) {
    files.set(`books/${docBKey(platform.name)}`, () => toJson(buildDocB(model, platform, serial)));
    for (const service of platform.services) files.set(`books/${docCKey(platform.name, service.name)}`, () => toJson(buildDocC(model, platform, service, serial)));
  }
  files.set(`books/${ISSUERS_KEY}`, () => toJson(buildIssuerTable(model)));
  return files;
}
