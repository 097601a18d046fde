/**
 * What each kind of user gets in one column, given what the DNS hosts answer
 * and which clusters are down. Pure.
 *
 * Design note. A user is looked at from every *vantage*: each DNS host that
 * answers (a resolver may ask any of them) and each place clients sit (the
 * landscape's region; for a virtual landscape, each serving member's region,
 * since geo routing answers by place). At each vantage the user resolves a
 * name, gets addresses, and connects to one whose cluster is up:
 *
 * - browsers, outside callers and our apps try the next address when one
 *   does not connect, so a dead address among live ones makes them *slower*;
 *   a webhook sender's delivery fails on it and is retried (*retry*);
 * - a DNS host that is down makes lookups slower (resolvers time out on its
 *   nameservers before another host answers), and so does being served from
 *   a region other than the client's;
 * - our apps follow the client rule (`compiler/client/address-book-client.ts`):
 *   the Doc C entry's candidates in order, main base first, then the spare
 *   base (*spare base*), until one connects or the list is exhausted;
 * - a signed-in user is our app plus the issuer, needed again when the token
 *   needs a refresh (*until token refresh* when only the issuer is lost);
 * - a first sign-in reaches the issuer of the landscape (books/issuers.json),
 *   on the main base only: the issuer is never in a book, so never rescued.
 *
 * Vantages that disagree make the cell *degraded* for *some users*; all down
 * is down.
 */
import type { LiveSnapshot } from '../1-load/load-dns-live.js';
import type { AddressBookClient } from '../client/address-book-client.js';
import { isBelow } from '../dns/record-sets.js';
import type { ClientPlace, DnsAnswerer, HostAnswer } from './dns-answers.js';
import { applies, type Column, type UserKind } from './user-targets.js';

/** How a user fares. `n/a`: nothing to reach for this kind of user here. */
export type Outcome = 'works' | 'degraded' | 'down' | 'n/a';

/** How a degraded user fares, in the order listed. */
export const HOW_ORDER = ['slower', 'retry', 'spare-base', 'until-token-refresh', 'some-users'] as const;

/** One way of being degraded. */
export type How = (typeof HOW_ORDER)[number];

/** The DNS of one zone as users see it. */
export interface ZoneState {
  zone: string;
  /** The hosts that answer, in fleet.yaml order. */
  snapshots: readonly LiveSnapshot[];
  /** Hosts of the zone that are down. */
  hostsDown: readonly string[];
  /** Set when nobody can resolve names of the zone, and why. */
  lost?: string;
}

/** The DNS as users see it at one moment. */
export interface DnsState {
  zones: readonly ZoneState[];
  /** Hosts a resolver may ask, in fleet.yaml order (empty when none answers). */
  hosts: readonly string[];
}

/** The facts every cell of a scenario shares. */
export interface Conditions {
  /** Clusters that are down. */
  down: ReadonlySet<string>;
  /** Address → its cluster. */
  owners: ReadonlyMap<string, string>;
  /** Cluster → its landscape's region. */
  regions: ReadonlyMap<string, string>;
  client: AddressBookClient;
  answerer: DnsAnswerer;
  /** The book place apps refresh from (the first one up, in Doc A order), or undefined when none is. */
  refreshFrom: string | undefined;
}

/** One address of an answer and whether its cluster is up. */
export interface AddressFact {
  address: string;
  cluster?: string;
  up: boolean;
}

/** One distinct answer for a name, with the hosts and client regions that get it. */
export interface AnswerGroup {
  hosts: string[];
  near: string[];
  chain: string[];
  addresses: AddressFact[];
  /** Why there is no address (no such name, a lost delegation, every host down…). */
  empty?: string;
}

/** A step of the path a user takes. */
export type PathStep =
  /** `refreshedFrom`: the place apps fetch newer books from; absent when no place answers (apps keep their saved copy). */
  | { step: 'book'; key: string; entry: string; candidates: string[]; refreshedFrom?: string; result: string }
  | { step: 'issuer'; url: string }
  | { step: 'route'; host: string; path: string; serves?: string; match?: string; prefix?: string }
  | { step: 'dns'; name: string; zone: string; answers: AnswerGroup[]; hostsDown: string[] };

/** One cell of the matrix: a kind of user in a column. */
export interface Cell {
  user: UserKind;
  outcome: Outcome;
  how: How[];
  /** Short clauses saying why. */
  because: string[];
  /** `<platform>/<service> <module>` of the service used, when one is. */
  service?: string;
  path: PathStep[];
  /** When the outcome differs right after the failure: how long until it holds, and what users get until then. */
  settle?: { seconds: number; before: Outcome; beforeHow: How[]; beforeBecause: string[]; why: string };
  /** When the outcome differs from the fleet without failures: how long after the failure ends until it is back. */
  recovery?: { seconds: number; why: string };
}

interface Visit {
  name: string;
  zone: string;
  host?: string;
  client: ClientPlace;
  answer?: HostAnswer;
  lost?: string;
  hostsDown: readonly string[];
  live: string[];
  dead: string[];
}

interface Verdict {
  ok: boolean;
  how: How[];
  because: string[];
}

interface VantageResult {
  outcome: 'works' | 'degraded' | 'down';
  how: Set<How>;
  because: string[];
  visits: Visit[];
  result?: string;
}

function zoneOf(state: DnsState, name: string): ZoneState | undefined {
  let best: ZoneState | undefined;
  for (const zone of state.zones) if ((name === zone.zone || isBelow(name, zone.zone)) && (!best || zone.zone.length > best.zone.length)) best = zone;
  return best;
}

function visit(state: DnsState, conditions: Conditions, name: string, host: string | undefined, client: ClientPlace): Visit {
  const zone = zoneOf(state, name);
  const base = { name, zone: zone?.zone ?? '', ...(host !== undefined ? { host } : {}), client, hostsDown: zone?.hostsDown ?? [], live: [], dead: [] };
  if (!zone) return { ...base, lost: 'no zone of the fleet holds it' };
  if (zone.lost !== undefined) return { ...base, lost: zone.lost };
  const snapshot = zone.snapshots.find((s) => s.host === host) ?? zone.snapshots[0];
  if (!snapshot) return { ...base, lost: `no host serves ${zone.zone}` };
  const answer = conditions.answerer.answer(snapshot, name, client);
  const owner = (a: string): string | undefined => conditions.owners.get(a);
  return {
    ...base,
    host: snapshot.host,
    answer,
    live: answer.addresses.filter((a) => !conditions.down.has(owner(a) ?? '')),
    dead: answer.addresses.filter((a) => conditions.down.has(owner(a) ?? '')),
  };
}

function clustersOf(conditions: Conditions, addresses: readonly string[]): string[] {
  return [...new Set(addresses.map((a) => conditions.owners.get(a) ?? a))].sort();
}

/** Whether a connection succeeds from `v`; `fallback` users try the next address after a dead one. */
function judge(conditions: Conditions, v: Visit, fallback: boolean): Verdict {
  if (v.lost !== undefined) return { ok: false, how: [], because: [`${v.name}: ${v.lost}`] };
  if (!v.answer || v.answer.empty) return { ok: false, how: [], because: [`${v.answer?.chain.at(-1) ?? v.name}: ${v.answer?.empty ?? 'no answer'}`] };
  if (v.live.length === 0) return { ok: false, how: [], because: [`no live address for ${v.name} (${clustersOf(conditions, v.dead).join(', ')} down)`] };
  const how: How[] = [];
  const because: string[] = [];
  if (v.dead.length > 0) {
    how.push(fallback ? 'slower' : 'retry');
    because.push(
      `${v.name} still answers ${clustersOf(conditions, v.dead).join(', ')} (down): ${fallback ? 'a connection tries it, times out, then takes another address' : 'a delivery sent there fails and the sender retries'}`,
    );
  }
  if (v.hostsDown.length > 0) {
    how.push('slower');
    because.push(`${v.hostsDown.join(', ')} down: lookups that ask it time out before ${v.host ?? 'another host'} answers`);
  }
  const served = [...new Set(v.live.map((a) => conditions.regions.get(conditions.owners.get(a) ?? '') ?? v.client.region))].sort();
  if (!served.includes(v.client.region)) {
    how.push('slower');
    because.push(`users near ${v.client.region} are served from ${served.join(', ')}`);
  }
  return { ok: true, how, because };
}

function fromVerdict(verdict: Verdict, visits: Visit[], extra: How[] = []): VantageResult {
  const how = new Set<How>([...verdict.how, ...extra]);
  return { outcome: !verdict.ok ? 'down' : how.size > 0 ? 'degraded' : 'works', how: verdict.ok ? how : new Set(), because: verdict.because, visits };
}

function appAt(state: DnsState, conditions: Conditions, column: Column, host: string | undefined, client: ClientPlace): VantageResult {
  const target = column.app;
  if (!applies(target)) return { outcome: 'down', how: new Set(), because: [target.none], visits: [] };
  const failed: string[] = [];
  const visits: Visit[] = [];
  const because: string[] = [];
  for (;;) {
    const pick = conditions.client.pickAddress(target.book, target.landscape, target.service.module, failed);
    if (pick.address === null) return { outcome: 'down', how: new Set(), because: [...because, `book: ${pick.detail}`], visits, result: pick.reason };
    const v = visit(state, conditions, pick.address, host, client);
    visits.push(v);
    const verdict = judge(conditions, v, true);
    if (verdict.ok) {
      const rescued = failed.length > 0;
      return {
        ...fromVerdict(verdict, visits, rescued ? ['spare-base'] : []),
        because: [...because, ...verdict.because],
        result: `connected to ${pick.address}`,
      };
    }
    because.push(...verdict.because);
    failed.push(pick.address);
  }
}

function nameAt(
  state: DnsState,
  conditions: Conditions,
  target: { host: string } | { none: string },
  host: string | undefined,
  client: ClientPlace,
  fallback: boolean,
): VantageResult {
  if (!applies(target)) return { outcome: 'down', how: new Set(), because: [target.none], visits: [] };
  const v = visit(state, conditions, target.host, host, client);
  return fromVerdict(judge(conditions, v, fallback), [v]);
}

function userAt(user: UserKind, state: DnsState, conditions: Conditions, column: Column, host: string | undefined, client: ClientPlace): VantageResult {
  switch (user) {
    case 'app':
      return appAt(state, conditions, column, host, client);
    case 'browser':
      return nameAt(state, conditions, column.browser, host, client, true);
    case 'first-sign-in':
      return nameAt(state, conditions, column.issuer, host, client, true);
    case 'outside-caller':
      return nameAt(state, conditions, column.caller, host, client, true);
    case 'webhook-sender':
      return nameAt(state, conditions, column.intake, host, client, false);
    case 'signed-in': {
      const app = appAt(state, conditions, column, host, client);
      const issuer = nameAt(state, conditions, column.issuer, host, client, true);
      const visits = [...app.visits, ...issuer.visits];
      if (app.outcome === 'down' || issuer.outcome !== 'down') return { ...app, visits };
      return {
        outcome: 'degraded',
        how: new Set([...app.how, 'until-token-refresh']),
        because: [...app.because, ...issuer.because.map((b) => `issuer: ${b}`), 'the session lasts until its token needs a refresh at the issuer'],
        visits,
        ...(app.result !== undefined ? { result: app.result } : {}),
      };
    }
  }
}

function applicable(user: UserKind, column: Column): string | undefined {
  const target = {
    app: column.app,
    browser: column.browser,
    'first-sign-in': column.issuer,
    'signed-in': column.app,
    'outside-caller': column.caller,
    'webhook-sender': column.intake,
  }[user];
  if (!applies(target)) return target.none;
  if (user === 'signed-in' && !applies(column.issuer)) return column.issuer.none;
  return undefined;
}

function answerGroups(conditions: Conditions, visits: readonly Visit[]): AnswerGroup[] {
  const groups = new Map<string, AnswerGroup>();
  for (const v of visits) {
    const addresses = (v.answer?.addresses ?? []).map((address): AddressFact => {
      const cluster = conditions.owners.get(address);
      return { address, ...(cluster !== undefined ? { cluster } : {}), up: !conditions.down.has(cluster ?? '') };
    });
    const empty = v.lost ?? v.answer?.empty;
    const chain = v.answer?.chain ?? [v.name];
    const key = JSON.stringify([chain, addresses, empty]);
    let group = groups.get(key);
    if (!group) {
      group = { hosts: [], near: [], chain, addresses, ...(empty !== undefined ? { empty } : {}) };
      groups.set(key, group);
    }
    if (v.lost === undefined && v.host !== undefined && !group.hosts.includes(v.host)) group.hosts.push(v.host);
    if (!group.near.includes(v.client.region)) group.near.push(v.client.region);
  }
  return [...groups.values()];
}

function pathOf(user: UserKind, column: Column, conditions: Conditions, results: readonly VantageResult[]): PathStep[] {
  const steps: PathStep[] = [];
  const app = column.app;
  if ((user === 'app' || user === 'signed-in') && applies(app)) {
    const outcomes = [...new Set(results.map((r) => r.result ?? 'no address'))];
    steps.push({
      step: 'book',
      key: app.key,
      entry: `${app.landscape}.${app.service.module}`,
      candidates: app.book.landscapes[app.landscape]?.[app.service.module] ?? [],
      ...(conditions.refreshFrom !== undefined ? { refreshedFrom: conditions.refreshFrom } : {}),
      result: outcomes.join('; '),
    });
  }
  if ((user === 'first-sign-in' || user === 'signed-in') && applies(column.issuer)) steps.push({ step: 'issuer', url: column.issuer.issuer });
  if (user === 'outside-caller' && applies(column.caller) && column.caller.route) {
    const route = column.caller.route;
    steps.push({
      step: 'route',
      host: route.host,
      path: route.path,
      ...(route.serves ? { serves: `${route.serves.account}/${route.serves.app} (${route.serves.host})` } : {}),
      ...(route.match !== undefined ? { match: route.match } : {}),
      ...(route.prefix !== undefined ? { prefix: route.prefix } : {}),
    });
  }
  const names: string[] = [];
  for (const r of results) for (const v of r.visits) if (!names.includes(v.name)) names.push(v.name);
  for (const name of names) {
    const visits = results.flatMap((r) => r.visits.filter((v) => v.name === name));
    const first = visits[0] as Visit;
    steps.push({ step: 'dns', name, zone: first.zone, answers: answerGroups(conditions, visits), hostsDown: [...first.hostsDown] });
  }
  return steps;
}

function serviceOf(user: UserKind, column: Column): string | undefined {
  const target =
    user === 'app' || user === 'signed-in' ? column.app : user === 'browser' ? column.browser : user === 'webhook-sender' ? column.intake : undefined;
  return target && applies(target) ? `${target.service.platform}/${target.service.service} ${target.service.module}` : undefined;
}

/** The cell of `user` in `column` with DNS as `state` shows it (no settle or recovery yet: the scenario adds them). */
export function evaluateCell(user: UserKind, column: Column, state: DnsState, conditions: Conditions): Cell {
  const none = applicable(user, column);
  if (none !== undefined) return { user, outcome: 'n/a', how: [], because: [none], path: [] };
  const hosts: (string | undefined)[] = state.hosts.length > 0 ? [...state.hosts] : [undefined];
  const vantages = column.clients.flatMap((client) => hosts.map((host) => ({ client, host, result: userAt(user, state, conditions, column, host, client) })));
  const results = vantages.map((v) => v.result);
  const downs = results.filter((r) => r.outcome === 'down').length;
  const how = new Set<How>(results.flatMap((r) => (r.outcome === 'down' ? [] : [...r.how])));
  if (downs > 0 && downs < results.length) how.add('some-users');
  const outcome: Outcome = downs === results.length ? 'down' : how.size > 0 ? 'degraded' : 'works';
  // Say whose experience a clause is when vantages disagree: the users near a region, or those whose resolver asks one host.
  const verdict = (r: VantageResult): string => `${r.outcome} ${[...r.how].sort().join(',')}`;
  const byHost = vantages.some((a) => vantages.some((b) => a.client === b.client && verdict(a.result) !== verdict(b.result)));
  const byRegion = column.clients.length > 1 && new Set(results.map(verdict)).size > 1;
  const because = [
    ...new Set(
      vantages.flatMap(({ client, host, result }) => {
        const who = [byRegion ? `near ${client.region}` : '', byHost && host !== undefined ? `via ${host}` : ''].filter((w) => w !== '').join(', ');
        return result.because.map((b) => (who ? `${who}: ${b}` : b));
      }),
    ),
  ];
  const service = serviceOf(user, column);
  return {
    user,
    outcome,
    how: HOW_ORDER.filter((h) => how.has(h)),
    because,
    ...(service !== undefined ? { service } : {}),
    path: pathOf(user, column, conditions, results),
  };
}
