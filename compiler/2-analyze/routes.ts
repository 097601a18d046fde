/**
 * Routes of path routing (SPEC §3.4). Design note:
 *
 * - A *fleet service host* is `<module>.<service>.<platform>.<landscape>.<base>`
 *   written exactly (lower case, no trailing dot) where the platform exists,
 *   the service is one of its row folders, the module is one of the service's
 *   modules, the landscape is one the platform lists, and the base is the
 *   fleet's main base or its spare base (both carry the same service, SPEC
 *   §3.5 Doc C). Names never hold a dot (SPEC §2), so splitting on dots is
 *   unambiguous.
 * - A *route* is a fleet service host whose row is *ready* (a non-empty
 *   `pin.chart`); its account is the platform, its app the service and its box
 *   the landscape.
 *
 * The {@link FleetShape} is everything a claim's shape is checked against; it is
 * built from a validated fleet here and from a fleet repo's tree by the write
 * door (`diene claim set-paths`), so both apply the same rules.
 */
import type { Fleet } from '../types/generated/fleet.js';

/** Modules of a service that platform.yaml says nothing about (SPEC §2). */
export const DEFAULT_MODULES: readonly string[] = ['api'];

/** The parts of a fleet service host. */
export interface ServiceHost {
  host: string;
  module: string;
  service: string;
  platform: string;
  landscape: string;
  base: string;
}

/** One platform as claims see it. */
export interface PlatformShape {
  landscapes: ReadonlySet<string>;
  /** service (row folder) → its modules */
  services: ReadonlyMap<string, readonly string[]>;
}

/** The facts a claim's shape is checked against (SPEC §3.4). */
export interface FleetShape {
  /** Main base then, when set, the spare base. */
  bases: readonly string[];
  /** fleet.yaml `issuer.platform`: no claim may sit on any of its hosts. */
  issuerPlatform: string;
  platforms: ReadonlyMap<string, PlatformShape>;
}

/** What {@link buildFleetShape} needs of one platform: its listed landscapes and its services with their modules. */
export interface PlatformFacts {
  name: string;
  landscapes: readonly string[];
  services: readonly { name: string; modules: readonly string[] }[];
}

/** Builds the {@link FleetShape} from fleet.yaml's `dns` and `issuer` and the platforms. */
export function buildFleetShape(settings: Pick<Fleet, 'dns' | 'issuer'>, platforms: readonly PlatformFacts[]): FleetShape {
  const bases = [settings.dns.base.toLowerCase(), ...(settings.dns.spare ? [settings.dns.spare.toLowerCase()] : [])];
  return {
    bases,
    issuerPlatform: settings.issuer.platform,
    platforms: new Map(
      platforms.map((p) => [p.name, { landscapes: new Set(p.landscapes), services: new Map(p.services.map((s) => [s.name, [...s.modules]])) }]),
    ),
  };
}

/**
 * Splits `host` into `<module>.<service>.<platform>.<landscape>` and one of the
 * fleet's bases, without checking that the names exist; `undefined` when the
 * host is not four labels under a base. Used for the sign-in rule, which holds
 * for any host of the sign-in platform.
 */
export function splitServiceHost(shape: FleetShape, host: string): ServiceHost | undefined {
  for (const base of shape.bases) {
    if (!host.endsWith(`.${base}`)) continue;
    const labels = host.slice(0, host.length - base.length - 1).split('.');
    if (labels.length !== 4) continue;
    const [module, service, platform, landscape] = labels as [string, string, string, string];
    return { host, module, service, platform, landscape, base };
  }
  return undefined;
}

/**
 * Why a name is not a fleet service host: not of the form at all (upper
 * case, a final dot, another shape or base), or one of its parts names what
 * its owner does not have (`owner` says who, in the diagnostic's words).
 */
export type ServiceHostProblem =
  { kind: 'malformed' } | { kind: 'unknown'; what: 'platform' | 'service' | 'module' | 'landscape'; name: string; owner: string; known: readonly string[] };

/**
 * The parts of `host` when it is exactly a fleet service host, else why it
 * is not (for the diagnostic). Case matters: `API.tin…` is not one.
 */
export function parseServiceHost(shape: FleetShape, host: string): { ok: true; parts: ServiceHost } | { ok: false; problem: ServiceHostProblem } {
  const parts = host === host.toLowerCase() && !host.endsWith('.') ? splitServiceHost(shape, host) : undefined;
  if (!parts) return { ok: false, problem: { kind: 'malformed' } };
  const unknown = (what: 'platform' | 'service' | 'module' | 'landscape', name: string, owner: string, known: Iterable<string>) =>
    ({ ok: false, problem: { kind: 'unknown', what, name, owner, known: [...known].sort() } }) as const;
  const platform = shape.platforms.get(parts.platform);
  if (!platform) return unknown('platform', parts.platform, 'the fleet', shape.platforms.keys());
  const modules = platform.services.get(parts.service);
  if (!modules) return unknown('service', parts.service, `platform "${parts.platform}"`, platform.services.keys());
  if (!modules.includes(parts.module)) return unknown('module', parts.module, `service "${parts.service}"`, modules);
  if (!platform.landscapes.has(parts.landscape)) return unknown('landscape', parts.landscape, `platform "${parts.platform}"`, platform.landscapes);
  return { ok: true, parts };
}

/** Key of a row in a {@link ReadyRows} set: `<platform>/<service>/<landscape>`. */
export function rowKey(platform: string, service: string, landscape: string): string {
  return `${platform}/${service}/${landscape}`;
}

/** The rows with a non-empty `pin.chart` (SPEC §3.4 "ready"), by {@link rowKey}. */
export type ReadyRows = ReadonlySet<string>;

/** A route: a ready service host and the account, app and box it belongs to. */
export interface Route {
  host: string;
  /** the platform */
  account: string;
  /** the service */
  app: string;
  /** the landscape */
  box: string;
}

/** Every route of the fleet: each module of each ready row, on every base; sorted by host. */
export function fleetRoutes(shape: FleetShape, ready: ReadyRows): Route[] {
  const routes: Route[] = [];
  for (const [platform, facts] of shape.platforms) {
    for (const [service, modules] of facts.services) {
      for (const landscape of facts.landscapes) {
        if (!ready.has(rowKey(platform, service, landscape))) continue;
        for (const module of modules) {
          for (const base of shape.bases)
            routes.push({ host: `${module}.${service}.${platform}.${landscape}.${base}`, account: platform, app: service, box: landscape });
        }
      }
    }
  }
  return routes.sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
}
