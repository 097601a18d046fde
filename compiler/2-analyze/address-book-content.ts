/**
 * What the address books hold, as pure functions shared by the book checker
 * (check-books.ts, over the fleet index) and the book emitter (3-emit, over the
 * model), so that what is checked is exactly what is written (SPEC §3.5).
 *
 * - Doc C candidates of (module, service, platform, landscape): the host on
 *   the main base, then on the spare base when fleet.yaml names one.
 * - The sign-in service's Doc C leaves out the issuer's module.
 * - The issuer's host, on either base, never appears in any book.
 * - A place is an https base URL; it is written canonically (lower-case host
 *   in its `xn--` form, no trailing slash) so clients can append `/<key>`.
 */
import { serviceHost } from './hostnames.js';

/** The DNS bases of fleet.yaml that books use. */
export interface BookDns {
  base: string;
  spare?: string;
}

/** The sign-in service of fleet.yaml (SPEC §2 `issuer`). */
export interface BookIssuer {
  module: string;
  service: string;
  platform: string;
}

/** Which fleet.yaml key a candidate's base comes from: `dns.base` or `dns.spare`. */
export type CandidateBase = 'base' | 'spare';

/** One candidate host name of a Doc C entry and the base it ends in. */
export interface Candidate {
  host: string;
  base: CandidateBase;
}

/** The candidates of one Doc C entry, main base first, spare after (SPEC §3.5). */
export function candidateHosts(module: string, service: string, platform: string, landscape: string, dns: BookDns): Candidate[] {
  const candidates: Candidate[] = [{ host: serviceHost(module, service, platform, landscape, dns.base), base: 'base' }];
  if (dns.spare !== undefined) candidates.push({ host: serviceHost(module, service, platform, landscape, dns.spare), base: 'spare' });
  return candidates;
}

/** The modules a service's Doc C lists: all of `modules`, less the issuer's module for the sign-in service (SPEC §3.5). Order kept. */
export function bookModules(platform: string, service: string, modules: readonly string[], issuer: BookIssuer): string[] {
  if (platform !== issuer.platform || service !== issuer.service) return [...modules];
  return modules.filter((module) => module !== issuer.module);
}

/** Every host of the sign-in issuer for `landscapes`, on the main and the spare base, mapped to its landscape. */
export function issuerHosts(issuer: BookIssuer, landscapes: Iterable<string>, dns: BookDns): Map<string, string> {
  const hosts = new Map<string, string>();
  for (const landscape of landscapes) {
    for (const candidate of candidateHosts(issuer.module, issuer.service, issuer.platform, landscape, dns)) hosts.set(candidate.host, landscape);
  }
  return hosts;
}

/**
 * Why `place` cannot be a place of Doc A, or `undefined`: it must parse as a
 * URL with the `https:` scheme and carry no user name, password, query or
 * fragment (a client fetches `<place>/<key>`).
 */
export function placeProblem(place: string): string | undefined {
  let url: URL;
  try {
    url = new URL(place);
  } catch {
    return 'does not parse as a URL';
  }
  if (url.protocol !== 'https:') return `uses ${url.protocol.replace(/:$/, '')}, not https`;
  if (url.username !== '' || url.password !== '') return 'carries a user name or password';
  if (url.search !== '' || place.includes('?')) return 'carries a query';
  if (url.hash !== '' || place.includes('#')) return 'carries a fragment';
  return undefined;
}

/** The canonical form of a valid place (see {@link placeProblem}): WHATWG URL serialization, trailing slashes removed. */
export function canonicalPlace(place: string): string {
  return new URL(place).href.replace(/\/+$/, '');
}

/** The host name of a valid place, lower case, `xn--` form. */
export function placeHost(place: string): string {
  return new URL(place).hostname;
}
