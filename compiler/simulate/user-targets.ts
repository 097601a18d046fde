/**
 * Who uses each landscape, and what each kind of user reaches for,
 * fixed by the fleet before anything fails. Pure.
 *
 * Design note. The kinds of user are the design's: our apps, which carry the
 * client rule and the address books; browsers; a user signing in for the
 * first time; a user already signed in (our app, plus the issuer when the
 * token needs a refresh); an outside caller on a service name; a webhook
 * sender to the intake. Every service host of a landscape rides the same
 * names (`*.<l>.<base>` → `<l>.<base>`) and the same clusters, so one
 * *representative* service stands for the landscape: the first ready service
 * in platform and service order, outside the sign-in platform and the intake
 * (`--service` chooses another). The intake is named with `--intake`
 * (fleet.yaml has no key for it). Columns are the landscapes, then the
 * virtual landscapes; books and issuers name landscapes only, so on a
 * virtual landscape the app and sign-in users do not apply.
 */
import type { DocCContent, FleetOutline, PlatformOutline } from '../2-analyze/fleet-model.js';
import { serviceHost } from '../2-analyze/hostnames.js';
import { rowKey, splitServiceHost } from '../2-analyze/routes.js';
import { buildIssuerTable, docCKey, sealDocC, type DocCBook } from '../3-emit/address-books.js';
import { explainRoute, fleetUpstreams, type RouteExplanation } from '../route/explain-route.js';
import type { ClientPlace } from './dns-answers.js';

/** The kinds of user, in the order the matrix shows them. */
export const USER_KINDS = ['app', 'browser', 'first-sign-in', 'signed-in', 'outside-caller', 'webhook-sender'] as const;

/** A kind of user. */
export type UserKind = (typeof USER_KINDS)[number];

/** Column titles of the matrix. */
export const USER_TITLES: Readonly<Record<UserKind, string>> = {
  app: 'our app',
  browser: 'browser',
  'first-sign-in': 'first sign-in',
  'signed-in': 'signed in',
  'outside-caller': 'outside caller',
  'webhook-sender': 'webhook sender',
};

/** A service and the module its users call. */
export interface ServiceRef {
  platform: string;
  service: string;
  module: string;
}

/** Why a kind of user has nothing to reach in a column. */
export interface NotApplicable {
  none: string;
}

/** Our app: the Doc C it rescues with, and its entry. */
export interface AppTarget {
  service: ServiceRef;
  /** Bucket key of the Doc C, e.g. `nitroso/tin/doc-c.json`. */
  key: string;
  book: DocCBook;
  landscape: string;
}

/** A user who calls one host name on the main base (a browser, a webhook sender). */
export interface NameTarget {
  service: ServiceRef;
  host: string;
}

/** A first sign-in: the issuer of the landscape (books/issuers.json). */
export interface IssuerTarget {
  issuer: string;
  host: string;
}

/** An outside caller: a URL on a service name and the route that serves it (`route_paths`). */
export interface CallerTarget {
  host: string;
  path: string;
  /** Absent on a virtual landscape: route tables hold landscape hosts only. */
  route?: RouteExplanation;
}

/** One column of the matrix: a landscape or a virtual landscape, and what each kind of user reaches for there. */
export interface Column {
  name: string;
  virtual: boolean;
  /** The landscape's region; a virtual landscape's serving members' regions. */
  clients: ClientPlace[];
  /** The member landscapes of a virtual landscape that serve. */
  members: string[];
  app: AppTarget | NotApplicable;
  browser: NameTarget | NotApplicable;
  issuer: IssuerTarget | NotApplicable;
  caller: CallerTarget | NotApplicable;
  intake: NameTarget | NotApplicable;
}

/** A platform/service named on the command line. */
export interface ServiceChoice {
  platform: string;
  service: string;
}

/** Choices of `diene simulate`: the representative service and the intake. */
export interface TargetOptions {
  service?: ServiceChoice;
  intake?: ServiceChoice;
}

/** True when `target` is a real target, not a reason there is none. */
export function applies<T extends object>(target: T | NotApplicable): target is T {
  return !('none' in target);
}

function clientOf(model: FleetOutline, region: string): ClientPlace {
  const r = model.regions[region];
  return { region, latitude: r?.lat ?? 0, longitude: r?.lon ?? 0, googleRegion: r?.googleRegion ?? '' };
}

/** Where a service is served in a column: the landscape, or the serving members of the virtual landscape the platform lists. */
function servedIn(platform: PlatformOutline, column: { name: string; virtual: boolean; members: string[] }): string[] {
  if (!column.virtual) return platform.landscapes.includes(column.name) ? [column.name] : [];
  if (!platform.vlandscapes.includes(column.name)) return [];
  return column.members.filter((m) => platform.landscapes.includes(m));
}

/** The module a service's users call: the first its Doc C lists (the sign-in service's Doc C leaves out the issuer's module). */
function moduleOf(book: DocCContent | undefined): string | undefined {
  const listed = book ? Object.values(book.landscapes)[0] : undefined;
  return listed ? Object.keys(listed)[0] : undefined;
}

/**
 * The first ready service of `column` in platform and service order that
 * `accept` takes, with the module its users call; or why there is none.
 */
function pickService(
  model: FleetOutline,
  docC: ReadonlyMap<string, DocCContent>,
  ready: ReadonlySet<string>,
  column: { name: string; virtual: boolean; members: string[] },
  accept: (platform: string, service: string) => boolean,
  what: string,
): ServiceRef | NotApplicable {
  for (const platform of model.platforms) {
    const places = servedIn(platform, column);
    if (places.length === 0) continue;
    for (const service of platform.services) {
      if (!accept(platform.name, service.name)) continue;
      if (!places.some((l) => ready.has(rowKey(platform.name, service.name, l)))) continue;
      const module = moduleOf(docC.get(docCKey(platform.name, service.name)));
      if (module !== undefined) return { platform: platform.name, service: service.name, module };
    }
  }
  return { none: `no ready ${what} serves ${column.name}` };
}

/** The columns of the matrix for `model`: every landscape, then every virtual landscape, sorted by name. */
export function buildColumns(model: FleetOutline, options: TargetOptions = {}): Column[] {
  const { ready } = model.routes.rows;
  const { dns, issuer } = model.settings;
  const issuers = buildIssuerTable(model);
  const upstreams = fleetUpstreams(model);
  const { shape } = model.routes;
  const firstRow = new Map<string, { host: string; prefix: string }>();
  for (const row of upstreams.rows) {
    const parts = splitServiceHost(shape, row.host);
    if (!parts || parts.base !== dns.base.toLowerCase()) continue;
    const seen = firstRow.get(parts.landscape);
    if (!seen || row.host < seen.host || (row.host === seen.host && row.prefix < seen.prefix))
      firstRow.set(parts.landscape, { host: row.host, prefix: row.prefix });
  }
  const docC = new Map(model.books.docC.map((content) => [docCKey(content.platform, content.service), content]));
  const books = new Map<string, DocCBook>();
  const bookOf = (ref: ServiceRef): DocCBook => {
    const key = docCKey(ref.platform, ref.service);
    let book = books.get(key);
    if (!book) books.set(key, (book = sealDocC(docC.get(key) as DocCContent, 0)));
    return book;
  };
  const isIntake = (p: string, s: string): boolean => options.intake !== undefined && options.intake.platform === p && options.intake.service === s;
  const representative = (column: { name: string; virtual: boolean; members: string[] }): ServiceRef | NotApplicable => {
    if (options.service) {
      const chosen = options.service;
      return pickService(model, docC, ready, column, (p, s) => p === chosen.platform && s === chosen.service, `${chosen.platform}/${chosen.service}`);
    }
    const outside = pickService(model, docC, ready, column, (p, s) => p !== issuer.platform && !isIntake(p, s), 'service');
    return applies(outside) ? outside : pickService(model, docC, ready, column, (p) => p !== issuer.platform, 'service');
  };

  const columns: Column[] = [];
  const shapes = [
    ...model.landscapes.map((l) => ({ name: l.name, virtual: false, members: [] as string[], regions: [l.region] })),
    ...model.vlandscapes.map((v) => {
      const members = v.members.filter((m) => m.serve && model.landscapes.some((l) => l.name === m.landscape)).map((m) => m.landscape);
      const regions = [...new Set(members.map((m) => model.landscapes.find((l) => l.name === m)?.region as string))].sort();
      return { name: v.name, virtual: true, members, regions };
    }),
  ];
  for (const column of shapes) {
    const service = representative(column);
    const nameTarget = (ref: ServiceRef | NotApplicable): NameTarget | NotApplicable =>
      applies(ref) ? { service: ref, host: serviceHost(ref.module, ref.service, ref.platform, column.name, dns.base) } : ref;
    const app: AppTarget | NotApplicable = column.virtual
      ? { none: 'books list landscapes only' }
      : applies(service)
        ? { service, key: docCKey(service.platform, service.service), book: bookOf(service), landscape: column.name }
        : service;
    const issuerUrl = column.virtual ? undefined : issuers[column.name];
    const issuerTarget: IssuerTarget | NotApplicable = column.virtual
      ? { none: 'issuers exist for landscapes only' }
      : issuerUrl === undefined
        ? { none: `the sign-in platform ${issuer.platform} does not list ${column.name}` }
        : !ready.has(rowKey(issuer.platform, issuer.service, column.name))
          ? { none: `the sign-in service ${issuer.platform}/${issuer.service} has no release in ${column.name}` }
          : { issuer: issuerUrl, host: new URL(issuerUrl).hostname };
    const browser = nameTarget(service);
    let caller: CallerTarget | NotApplicable = applies(browser) ? { host: browser.host, path: '/' } : browser;
    const row = column.virtual ? undefined : firstRow.get(column.name);
    if (row) caller = { host: row.host, path: `/${row.prefix}` };
    if (applies(caller) && !column.virtual) caller = { ...caller, route: explainRoute(upstreams, caller.host, caller.path) };
    const intake: NameTarget | NotApplicable =
      options.intake === undefined
        ? { none: 'no intake named (--intake PLATFORM/SERVICE)' }
        : nameTarget(pickService(model, docC, ready, column, (p, s) => isIntake(p, s), `intake ${options.intake.platform}/${options.intake.service}`));
    columns.push({
      name: column.name,
      virtual: column.virtual,
      clients: column.regions.map((r) => clientOf(model, r)),
      members: column.members,
      app,
      browser,
      issuer: issuerTarget,
      caller,
      intake,
    });
  }
  return columns;
}
