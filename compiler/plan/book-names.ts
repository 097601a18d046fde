/**
 * Names resolve before books point at them (`diene apply books`). A client
 * that follows a book to a name its resolver has not seen yet gets a miss,
 * and the resolver caches that miss for the zone's negative TTL (1800 s,
 * RFC 2308): half an hour of failures for a name that exists a second later.
 * So every host name a Doc C lists, under a zone the fleet's DNS hosts serve,
 * must be answered by every nameserver of every host of that zone before any
 * book is published; names under other zones (a place's host) are not ours
 * to check.
 *
 * Design note. Which nameservers: fleet.yaml's `nameservers` per host and
 * zone (the ones the parent delegates to), each asked on port 53 at the
 * address the system resolver gives for it; `--nameservers FILE` replaces a
 * host's list by `address:port` entries (a loopback server in tests, an
 * internal view). Queries run a few at a time; with `--wait` only the pairs
 * that missed are asked again, once a second, until all answer or time runs
 * out. The question is asked without recursion: what the authoritative
 * servers answer now is what every resolver will get.
 */
import type { DnsIntent } from '../2-analyze/dns-names.js';
import type { AddressBook, DocCBook } from '../3-emit/address-books.js';
import { diagnose, FLEET_WIDE, type Diagnostic } from '../diagnostics/diagnostic.js';
import { parseServer, type NameAnswer, type NameserverFailure, type ServerAddress } from '../dns/nameserver.js';
import { compareNames, isBelow } from '../dns/record-sets.js';

/** One nameserver of one DNS host for one zone. */
export interface NameserverTarget {
  host: string;
  zone: string;
  /** As written (fleet.yaml, or the --nameservers file). */
  nameserver: string;
  server: ServerAddress;
}

/** A name some books list, with the nameservers that must answer it. */
export interface NameToCheck {
  name: string;
  books: string[];
  targets: NameserverTarget[];
}

/** A (name, nameserver) pair that has not answered. */
export interface NameMiss {
  name: string;
  books: string[];
  target: NameserverTarget;
  /** The nameserver's answer (NXDOMAIN, NODATA, …), or why it could not be asked at all. */
  answer: { reason: string } | { unreachable: NameserverFailure };
}

/** Host → its nameservers as `address[:port]` entries, replacing fleet.yaml's for every zone. */
export type NameserverOverrides = ReadonlyMap<string, readonly string[]>;

/** Parses the --nameservers file: `{"<dns host>": ["127.0.0.1:5301", …]}`; a reason string when malformed. */
export function parseNameserverOverrides(text: string, hosts: readonly string[]): NameserverOverrides | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not a JSON object of DNS host → list of "address:port"';
  const out = new Map<string, string[]>();
  for (const [host, list] of Object.entries(data as Record<string, unknown>)) {
    if (!hosts.includes(host)) return `"${host}" is not a DNS host of fleet.yaml (hosts: ${hosts.join(', ')})`;
    if (!Array.isArray(list) || list.length === 0 || !list.every((s) => typeof s === 'string')) return `"${host}" must list at least one "address:port" string`;
    for (const entry of list as string[]) {
      const parsed = parseServer(entry);
      if (typeof parsed === 'string') return `"${host}": ${parsed}`;
    }
    out.set(host, [...(list as string[])]);
  }
  return out;
}

/** Every name the Doc C books list under a zone of `intent`, with the books that list it and the nameservers that must answer it, sorted. */
export function namesToCheck(books: ReadonlyMap<string, AddressBook>, intent: DnsIntent, overrides: NameserverOverrides): NameToCheck[] {
  const zones = intent.zones.filter((z) => z.role === 'zone');
  const byName = new Map<string, Set<string>>();
  for (const [key, book] of books) {
    if (!('service' in book)) continue;
    for (const modules of Object.values((book as DocCBook).landscapes))
      for (const hosts of Object.values(modules)) for (const name of hosts) byName.set(name, (byName.get(name) ?? new Set<string>()).add(key));
  }
  const out: NameToCheck[] = [];
  for (const [name, keys] of byName) {
    const zone = zones.filter((z) => isBelow(name, z.zone) || name === z.zone).sort((a, b) => b.zone.length - a.zone.length)[0];
    if (!zone) continue;
    const targets: NameserverTarget[] = [];
    for (const host of zone.hosts) {
      const list = overrides.get(host.name) ?? host.nameservers;
      for (const nameserver of list) {
        const server = parseServer(nameserver);
        if (typeof server !== 'string') targets.push({ host: host.name, zone: zone.zone, nameserver, server });
      }
    }
    out.push({ name, books: [...keys].sort(), targets });
  }
  return out.sort((a, b) => compareNames(a.name, b.name));
}

/** Asks every (name, nameserver) pair of `pairs`, `limit` at a time; the pairs that did not answer. */
export async function askAll(
  pairs: readonly { check: NameToCheck; target: NameserverTarget }[],
  ask: (server: ServerAddress, name: string) => Promise<NameAnswer>,
  limit = 16,
): Promise<NameMiss[]> {
  const misses: (NameMiss | undefined)[] = new Array<NameMiss | undefined>(pairs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pairs.length) {
      const i = next++;
      const { check, target } = pairs[i] as (typeof pairs)[number];
      const answer = await ask(target.server, check.name);
      if (!answer.answered)
        misses[i] = {
          name: check.name,
          books: check.books,
          target,
          answer: 'unreachable' in answer ? { unreachable: answer.unreachable } : { reason: answer.reason },
        };
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, pairs.length) }, worker));
  return misses.filter((m): m is NameMiss => m !== undefined);
}

/**
 * Asks until every pair answers or `waitSeconds` have passed (0: ask once),
 * asking again only the pairs that missed, every `intervalMs`. Returns the
 * misses of the last round (empty: every name is answered).
 */
export async function checkNames(
  checks: readonly NameToCheck[],
  ask: (server: ServerAddress, name: string) => Promise<NameAnswer>,
  options: { waitSeconds: number; intervalMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> },
): Promise<NameMiss[]> {
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const interval = options.intervalMs ?? 1000;
  const deadline = now() + options.waitSeconds * 1000;
  let pairs = checks.flatMap((check) => check.targets.map((target) => ({ check, target })));
  for (;;) {
    const misses = await askAll(pairs, ask);
    if (misses.length === 0 || now() + interval > deadline) return misses;
    const missed = new Set(misses.map((m) => `${m.name}\t${m.target.host}\t${m.target.nameserver}`));
    pairs = pairs.filter((p) => missed.has(`${p.check.name}\t${p.target.host}\t${p.target.nameserver}`));
    await sleep(interval);
  }
}

const BOOKS_SHOWN = 3;

/**
 * One `book_nameserver_unreachable` per nameserver that could not be asked at
 * all (its hint names the `--nameservers` file when the nameserver came from it) (its own name does not resolve, nothing listens, no answer in time):
 * that says nothing about the names, so they are not blamed; then one
 * `book_name_unanswered` per name a nameserver answered without an address,
 * naming the books and each host/nameserver that missed.
 */
export function unansweredDiagnostics(
  misses: readonly NameMiss[],
  waitSeconds: number,
  overrides?: { file: string; hosts: ReadonlySet<string> },
): Diagnostic[] {
  const byNameserver = new Map<string, { miss: NameMiss; failure: NameserverFailure; names: Set<string> }>();
  const byName = new Map<string, (NameMiss & { answer: { reason: string } })[]>();
  for (const miss of misses) {
    if ('unreachable' in miss.answer) {
      const key = `${miss.target.host}\t${miss.target.nameserver}`;
      const seen = byNameserver.get(key) ?? { miss, failure: miss.answer.unreachable, names: new Set<string>() };
      byNameserver.set(key, seen.names.add(miss.name) && seen);
    } else byName.set(miss.name, [...(byName.get(miss.name) ?? []), miss as NameMiss & { answer: { reason: string } }]);
  }
  const unreachable = [...byNameserver.values()]
    .sort((a, b) =>
      a.miss.target.host < b.miss.target.host ? -1 : a.miss.target.host > b.miss.target.host ? 1 : a.miss.target.nameserver < b.miss.target.nameserver ? -1 : 1,
    )
    .map(({ miss, failure, names }) =>
      diagnose(FLEET_WIDE, 'book_nameserver_unreachable', {
        host: miss.target.host,
        nameserver: miss.target.nameserver,
        failure,
        count: names.size,
        waited: waitSeconds > 0 ? `, still after --wait ${waitSeconds}` : '',
        ...(overrides?.hosts.has(miss.target.host) ? { fix: 'override' as const, file: overrides.file } : { fix: 'fleet' as const, file: '' }),
      }),
    );
  const unanswered = [...byName]
    .sort(([a], [b]) => compareNames(a, b))
    .map(([name, list]) => {
      const books = (list[0] as NameMiss).books;
      const shown = books.slice(0, BOOKS_SHOWN).join(', ');
      const book = books.length > BOOKS_SHOWN ? `${shown} and ${books.length - BOOKS_SHOWN} more books` : shown;
      const missed = list.map((m) => `${m.target.host} nameserver ${m.target.nameserver}`);
      const reasons = [...new Set(list.map((m) => m.answer.reason))].join('; ');
      return diagnose(FLEET_WIDE, 'book_name_unanswered', {
        book,
        name,
        misses: missed.join(', '),
        reason: waitSeconds > 0 ? `${reasons}, still after --wait ${waitSeconds}` : reasons,
      });
    });
  return [...unreachable, ...unanswered];
}
