/**
 * Address-book rules of SPEC §3.5 and §4, checked over exactly the content
 * the emitter writes (the one value of address-book-content.ts, which the
 * model then carries as `books`):
 *
 * - `book_address_outside_allowlist`: every Doc C address sits strictly under
 *   an `addressBooks.allowlist` root on a label boundary (the clients' own
 *   test, `isUnderRoot`), so `evilcluster.atomi.cloud` is not under
 *   `cluster.atomi.cloud`. One finding per base (`dns.base`, `dns.spare`) with
 *   the count and a first example, blamed on that base, the allowlist related.
 * - `book_issuer_host`: the issuer's host (on either base, for any landscape)
 *   is never a place of Doc A. (Doc C keeps it out by construction: the
 *   sign-in service's Doc C leaves out the issuer's module.)
 * - `book_place_invalid`: a place is an https base URL without user info,
 *   query or fragment (the schema refuses a non-https place with this code).
 *
 * Returns findings; never throws.
 */
import { at, type Loaded } from '../1-load/load-fleet.js';
import { bookContentOfIndex } from './address-book-content.js';
import { isUnderRoot } from '../client/address-book-client.js';
import { diagnose, type Diagnostic, type RelatedLocation } from '../diagnostics/diagnostic.js';
import type { Fleet } from '../types/generated/fleet.js';
import type { FleetIndex } from './fleet-index.js';

function related(fleet: Loaded<Fleet>, path: (string | number)[], message: string): RelatedLocation {
  const where = at(fleet, path);
  return { file: where.file ?? null, line: where.line ?? null, column: where.column ?? null, message };
}

/** Which fleet.yaml key a candidate's base comes from, by its position in a Doc C entry (main first, spare second). */
const CANDIDATE_BASES = ['base', 'spare'] as const;
type CandidateBase = (typeof CANDIDATE_BASES)[number];

interface Outside {
  count: number;
  example: string;
}

/** Runs every address-book rule over `index`. */
export function checkBooks(index: FleetIndex): Diagnostic[] {
  const fleet = index.fleet.fleet;
  const content = bookContentOfIndex(index);
  if (!fleet || !content) return [];
  const found: Diagnostic[] = [];
  const { dns, issuer, addressBooks } = fleet.data;
  const roots = addressBooks.allowlist.map((root) => root.toLowerCase());
  const issuerRelated = related(
    fleet,
    ['issuer'],
    `the sign-in issuer (${issuer.module}.${issuer.service}.${issuer.platform}.<landscape>.<base>) is baked into apps, never read from a book`,
  );

  content.places.forEach((place, i) => {
    if (place.host === undefined) {
      found.push(diagnose(at(fleet, ['addressBooks', 'places', i]), 'book_place_invalid', { value: place.written }));
      return;
    }
    const landscape = content.issuerHosts.get(place.host);
    if (landscape !== undefined)
      found.push(diagnose(at(fleet, ['addressBooks', 'places', i]), 'book_issuer_host', { host: place.host, landscape, book: 'Doc A' }, [issuerRelated]));
  });

  const outside = new Map<CandidateBase, Outside>();
  for (const book of content.docC) {
    for (const modules of Object.values(book.landscapes)) {
      for (const hosts of Object.values(modules)) {
        hosts.forEach((host, i) => {
          if (roots.some((root) => isUnderRoot(host, root))) return;
          const base = CANDIDATE_BASES[i] as CandidateBase;
          const tally = outside.get(base);
          if (tally) tally.count++;
          else outside.set(base, { count: 1, example: host });
        });
      }
    }
  }

  for (const [base, tally] of [...outside].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const baseName = base === 'base' ? dns.base : (dns.spare as string);
    found.push(
      diagnose(
        at(fleet, ['dns', base]),
        'book_address_outside_allowlist',
        { count: tally.count, base: baseName, example: tally.example, allowlist: roots.join(', ') },
        [related(fleet, ['addressBooks', 'allowlist'], `the allowlisted roots: ${roots.join(', ')}`)],
      ),
    );
  }
  return found;
}
