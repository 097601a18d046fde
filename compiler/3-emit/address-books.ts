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
 * The content is the analysis's (`model.books`, derived once in
 * 2-analyze/address-book-content.ts); this module only stamps the serial,
 * seals each book with its digest and serializes. The bucket key of a book is
 * its path under `books/`. Pure: the serial is passed in (`diene compile
 * --serial N`, else 0; `diene apply books` stamps its own).
 */
import type { BookContent, DocCContent, FleetModel } from '../2-analyze/fleet-model.js';
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

/** Doc C of one service, sealed with `serial`. */
export function sealDocC(content: DocCContent, serial: number): DocCBook {
  return sealBook(content, serial);
}

/** Every published book by bucket key (Doc A, each Doc B, each Doc C), sorted by key. */
export function buildAddressBooks(model: { books: BookContent }, serial: number): Map<string, AddressBook> {
  const { docA, docB, docC } = model.books;
  const books = new Map<string, AddressBook>();
  books.set(DOC_A_KEY, sealBook(docA, serial));
  for (const book of docB) books.set(docBKey(book.platform), sealBook(book, serial));
  for (const book of docC) books.set(docCKey(book.platform, book.service), sealDocC(book, serial));
  return new Map([...books].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The issuer table: every landscape the sign-in platform lists → its issuer URL (SPEC §3.5). Empty when that platform is absent. */
export function buildIssuerTable(model: { books: Pick<BookContent, 'issuers'> }): Record<string, string> {
  return Object.fromEntries(model.books.issuers.map((entry) => [entry.landscape, entry.issuer]));
}

/** The `books/` output files: path (under the output dir) → canonical JSON bytes. */
export function emitAddressBooks(model: FleetModel, serial: number): Map<string, string> {
  return madeOutputs(addressBookFiles(model, serial));
}

/** The plan of the `books/` output files, the books of {@link buildAddressBooks} and the issuer table (each made when it is written). */
export function addressBookFiles(model: FleetModel, serial: number): Map<string, () => string> {
  const { docA, docB, docC } = model.books;
  const books: [string, () => string][] = [[DOC_A_KEY, () => toJson(sealBook(docA, serial))]];
  for (const book of docB) books.push([docBKey(book.platform), () => toJson(sealBook(book, serial))]);
  for (const book of docC) books.push([docCKey(book.platform, book.service), () => toJson(sealDocC(book, serial))]);
  books.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const files = new Map<string, () => string>(books.map(([key, make]) => [`books/${key}`, make]));
  files.set(`books/${ISSUERS_KEY}`, () => toJson(buildIssuerTable(model)));
  return files;
}
