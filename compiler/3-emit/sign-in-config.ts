/**
 * Sign-in configuration per landscape, beside `books/issuers.json`.
 * Every value is derived from the fleet (fleet.yaml `issuer` and
 * `dns`, the platforms, their services and modules, the clusters), never typed:
 *
 * | path | content |
 * | --- | --- |
 * | `books/sign-in/<landscape>.json` | the Logto endpoint configuration of that landscape's sign-in server |
 * | `books/sign-in-spare.json` | `{<landscape>: <issuer URL on the spare base>}`: the spare sign-in address table apps bake in beside `issuers.json` |
 *
 * The landscapes, issuer URLs and sign-in origins are the analysis's
 * (`model.books.issuers`, the entries of `issuers.json`): every landscape the
 * sign-in platform lists. A landscape's file:
 *
 * - `issuer`: its issuer URL, exactly as in `issuers.json` (the `iss` of
 *   every token, on the main base whatever base the request came in on);
 * - `endpoint`, `spareEndpoint`: the sign-in server's origin on the main and
 *   the spare base (Logto's `ENDPOINT` is `endpoint`; Logto's issuer is
 *   `<ENDPOINT>/oidc`);
 * - `socialCallbackUrls`: `<endpoint>/callback/{connectorId}` on both bases,
 *   Logto's social sign-in callback (`{connectorId}` is the id each connector
 *   gets in Logto, not in the fleet);
 * - `tokenLifetimes`: `accessTokenTtl` 600 (seconds, each API resource's
 *   field) and `refreshTokenTtlInDays` 14 (each application's
 *   `customClientMetadata`), as the design decided;
 * - `applications`: one Logto application per `<platform>-<service>` that
 *   runs in the landscape (the sign-in service itself aside: it is the
 *   server), with `redirectUris` `https://<host>/callback` and
 *   `postLogoutRedirectUris` `https://<host>` for every host of
 *   2-analyze/served-hosts.ts but the virtual names (the landscape's and
 *   every cluster's ops names; both bases), sorted. Tokens are per
 *   landscape: a sign-in through a virtual name would land on whichever
 *   member is nearest, whose issuer is not the one the session belongs to,
 *   so no virtual name is a redirect or callback URI of any member;
 * - `apiResources`: one Logto API resource per `<platform>-<service>`, the
 *   audience of the machine tokens (client credentials) that call it in
 *   this landscape: `indicator` `https://<service>.<platform>.<landscape>.<base>`
 *   (the main base; a token's audience names the API, not the door it came
 *   in by) and the access token lifetime. A token for one landscape is
 *   never one for another.
 *
 * Never published (`diene apply books` publishes Doc A, B and C only). Pure.
 */
import type { FleetModel, IssuerContent } from '../2-analyze/fleet-model.js';
import { opsNames, sharedServedNames, type HostsSlice } from '../2-analyze/served-hosts.js';

/** Access token lifetime in seconds (the design: 10 minutes; Logto API resource `accessTokenTtl`). */
export const ACCESS_TOKEN_TTL_SECONDS = 600;
/** Refresh token lifetime in days (the design: 14 days = 1,209,600 s; Logto application `customClientMetadata.refreshTokenTtlInDays`). */
export const REFRESH_TOKEN_TTL_DAYS = 14;
/** The path apps receive the authorization response on (Logto's SDK guides use `/callback`). */
export const REDIRECT_PATH = '/callback';
/** Logto's social connector callback: `<endpoint>/callback/<connector id>`. */
export const SOCIAL_CALLBACK_PATH = '/callback/{connectorId}';

/** One Logto application's URIs. */
export interface SignInApplication {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

/** One Logto API resource: the audience of the machine tokens for one service of the landscape. */
export interface SignInApiResource {
  indicator: string;
  accessTokenTtl: number;
}

/** The content of `books/sign-in/<landscape>.json`. */
export interface SignInConfig {
  landscape: string;
  issuer: string;
  endpoint: string;
  spareEndpoint?: string;
  socialCallbackUrls: string[];
  tokenLifetimes: { accessTokenTtl: number; refreshTokenTtlInDays: number };
  applications: Record<string, SignInApplication>;
  apiResources: Record<string, SignInApiResource>;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The sign-in configuration of one landscape's issuer entry. */
export function buildSignInConfig(model: HostsSlice, entry: IssuerContent): SignInConfig {
  const { issuer } = model.settings;
  const { landscape, endpoint: main } = entry;
  const spare = entry.spare?.endpoint;
  const marks = model.clusters.filter((c) => c.landscape === landscape).map((c) => c.mark);
  // Every name the landscape's clusters serve: the shared ones and each mark's ops names, made once for the gateway files too.
  const hostsByApp = new Map<string, Set<string>>();
  for (const names of [sharedServedNames(model, landscape), ...marks.map((mark) => opsNames(model, landscape, mark))]) {
    let last: { platform: string; service: string; hosts: Set<string> } | undefined;
    for (const name of names) {
      if (name.platform === issuer.platform && name.service === issuer.service) continue;
      if (name.scope === 'virtual') continue;
      if (last === undefined || last.platform !== name.platform || last.service !== name.service) {
        const app = `${name.platform}-${name.service}`;
        let hosts = hostsByApp.get(app);
        if (hosts === undefined) hostsByApp.set(app, (hosts = new Set<string>()));
        last = { platform: name.platform, service: name.service, hosts };
      }
      last.hosts.add(name.host);
    }
  }
  const applications: Record<string, SignInApplication> = {};
  for (const [app, hosts] of [...hostsByApp].sort(([a], [b]) => byText(a, b))) {
    const sorted = [...hosts].sort(); // code-unit order, as byText, without a call per comparison
    applications[app] = {
      redirectUris: sorted.map((host) => `https://${host}${REDIRECT_PATH}`),
      postLogoutRedirectUris: sorted.map((host) => `https://${host}`),
    };
  }
  const apiResources: Record<string, SignInApiResource> = {};
  for (const platform of [...model.platforms].sort((a, b) => byText(a.name, b.name))) {
    if (!platform.landscapes.includes(landscape)) continue;
    for (const service of [...platform.services].sort((a, b) => byText(a.name, b.name))) {
      if (platform.name === issuer.platform && service.name === issuer.service) continue;
      apiResources[`${platform.name}-${service.name}`] = {
        indicator: `https://${service.name}.${platform.name}.${landscape}.${model.settings.dns.base}`,
        accessTokenTtl: ACCESS_TOKEN_TTL_SECONDS,
      };
    }
  }
  return {
    landscape,
    issuer: entry.issuer,
    endpoint: main,
    ...(spare !== undefined ? { spareEndpoint: spare } : {}),
    socialCallbackUrls: [main, ...(spare !== undefined ? [spare] : [])].map((origin) => `${origin}${SOCIAL_CALLBACK_PATH}`),
    tokenLifetimes: { accessTokenTtl: ACCESS_TOKEN_TTL_SECONDS, refreshTokenTtlInDays: REFRESH_TOKEN_TTL_DAYS },
    applications,
    apiResources,
  };
}

/** The spare sign-in address table: every sign-in landscape → its issuer URL on the spare base (`{}` without `dns.spare`). */
export function buildSpareSignInTable(model: { books: Pick<FleetModel['books'], 'issuers'> }): Record<string, string> {
  return Object.fromEntries(model.books.issuers.flatMap((entry) => (entry.spare !== undefined ? [[entry.landscape, entry.spare.issuer]] : [])));
}
