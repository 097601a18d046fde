// Generated from schemas/fleet.schema.json by `npm run gen:types`. Do not edit.

/**
 * A fully qualified DNS name in lower case, at least two labels, without a trailing dot (IDNs in their `xn--` form).
 */
export type DnsName = string;

/**
 * Fleet-wide settings: registry/fleet.yaml, one file per fleet (docs/fleet-reference.md). Names the DNS bases and the hosts that serve them, where the address books are published, the sign-in issuer, the control cluster (Primordial), the fleet git repository and the artifact locations.
 */
export interface Fleet {
  /**
   * True only for sample fleets: allows the documentation address ranges (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) in state files (docs/fleet-reference.md).
   */
  example?: boolean;
  dns: Dns;
  addressBooks: AddressBooks;
  issuer: Issuer;
  intake?: Intake;
  primordial: Primordial;
  git: Git;
  artifacts: Artifacts;
  /**
   * Permanent identifiers retired on purpose (docs/checks.md): `diene compile --check --base DIR` and `diene report --base DIR` refuse a change or removal of a published issuer URL, landscape region, base or spare domain, virtual landscape name, intake host name or Doc A place unless it is listed here. Entries are a record: keep them.
   */
  retired?: Retirement[];
}
/**
 * DNS settings: the bases, the TTL, the hosts serving both bases and the optional parent delegation (docs/dns.md).
 */
export interface Dns {
  /**
   * The main base domain; every service hostname is `<module>.<service>.<platform>.<landscape>.<base>`.
   */
  base: string;
  /**
   * Optional spare base (a second domain) served by the same hosts; address books list it after the main base.
   */
  spare?: string;
  /**
   * The TTL in seconds of every record set the compiler writes; a TTL below a host's minimum is refused.
   */
  ttl: number;
  /**
   * Optional: how long, in seconds, resolvers cache a miss (NXDOMAIN, no data) in the fleet's zones: the apex SOA's minimum field (RFC 2308). Where a host's API lets diene write the apex SOA, the plan sets it; elsewhere the plan reports the live value. Absent: the SOA is left alone (docs/dns.md).
   */
  negativeTtl?: number;
  /**
   * Every DNS host that serves both bases; each gets its own zone plan.
   *
   * @minItems 1
   */
  hosts: [DnsHost, ...DnsHost[]];
  parent?: ParentZone;
}
/**
 * One DNS host and how an applier reaches it. Secrets are never written here: name the environment variable that holds them.
 */
export interface DnsHost {
  /**
   * The host's name, unique in the fleet: lower-case letters and digits, starting with a letter, with single hyphens between them; used in output paths (`dns/<zone>/<host>.json`).
   */
  name: string;
  /**
   * The kind of DNS host: Route 53, Google Cloud DNS, Cloudflare, an RFC 2136 (dynamic update) server or PowerDNS.
   */
  provider: 'route53' | 'google' | 'cloudflare' | 'rfc2136' | 'powerdns';
  /**
   * The nameservers the host assigned to each zone, by zone name (hosts give each zone its own set).
   */
  nameservers: {
    /**
     * The zone's nameservers on this host, in order.
     *
     * @minItems 1
     */
    [k: string]: [DnsName, ...DnsName[]] | undefined;
  };
  /**
   * The server an rfc2136 host sends its updates to, as `host:port` or `host` with no spaces (required for provider rfc2136, and only there).
   */
  server?: string;
  tsig?: Tsig;
  /**
   * The base URL of a powerdns host's HTTP API, starting with `http://` or `https://` (required for provider powerdns, and only there).
   */
  url?: string;
  /**
   * powerdns (required there) and cloudflare (optional, default CLOUDFLARE_API_TOKEN): the environment variable holding the API key or token, `DIENE_…` (not `DIENE_GIT_…`) or the provider's standard name, PDNS_API_KEY or CLOUDFLARE_API_TOKEN (`dns_credential_variable_refused`, docs/hardening.md#credentials).
   */
  apiKeyEnv?: string;
}
/**
 * rfc2136 only: the TSIG key that signs updates.
 */
export interface Tsig {
  /**
   * The key name as the server knows it, without spaces.
   */
  name: string;
  /**
   * The HMAC algorithm of the key.
   */
  algorithm: 'hmac-sha1' | 'hmac-sha224' | 'hmac-sha256' | 'hmac-sha384' | 'hmac-sha512';
  /**
   * The environment variable holding the base64 key secret: a `DIENE_…` name, not `DIENE_GIT_…` (`dns_credential_variable_refused`, docs/hardening.md#credentials).
   */
  secretEnv: string;
}
/**
 * Optional: the parent zone in which to plan the NS delegation of the base to every host's nameservers.
 */
export interface ParentZone {
  /**
   * A fully qualified DNS name in lower case, at least two labels, without a trailing dot (IDNs in their `xn--` form).
   */
  zone: string;
  /**
   * The TTL in seconds of the delegation NS records.
   */
  ttl: number;
}
/**
 * Address-book settings: the allowlisted roots and the places where the books are published (docs/books.md).
 */
export interface AddressBooks {
  /**
   * The roots baked into clients: every address in a Doc C must sit under one of them on a label boundary.
   *
   * @minItems 1
   */
  allowlist: [DnsName, ...DnsName[]];
  /**
   * The https URLs where the books (Doc A, B and C) are published; every copy of Doc A lists all of them.
   *
   * @minItems 1
   *
   * Items: An https URL.
   */
  places: [string, ...string[]];
}
/**
 * The sign-in service whose hostname gives each landscape its issuer URL `https://<module>.<service>.<platform>.<landscape>.<base>/oidc` (docs/fleet-reference.md).
 */
export interface Issuer {
  /**
   * The module of the sign-in service that serves the issuer (left out of that service's Doc C).
   */
  module: string;
  /**
   * The sign-in service.
   */
  service: string;
  /**
   * The platform of the sign-in service.
   */
  platform: string;
}
/**
 * Optional: the webhook intake service; its host names `<module>.<service>.<platform>.<landscape|vlandscape>.<base|spare>` are handed to third-party senders and are permanent (docs/checks.md).
 */
export interface Intake {
  /**
   * The intake service.
   */
  service: string;
  /**
   * The platform of the intake service.
   */
  platform: string;
}
/**
 * The control cluster (Primordial) where ArgoCD runs.
 */
export interface Primordial {
  /**
   * The Kubernetes API server of Primordial as ArgoCD names it, e.g. `https://kubernetes.default.svc`: `https://<host>[:<port>][/<path>]`, no user name, password, query or fragment, and none of ArgoCD's template syntax (`{{`, `}}`): it is written into an ApplicationSet template (`primordial_server_invalid`, `input_engine_syntax`).
   */
  server: string;
  /**
   * The namespace ArgoCD runs in on Primordial: a DNS-1123 label (it is also written into Kargo's argocd-update steps, where Kargo evaluates expressions).
   */
  argocdNamespace: string;
}
/**
 * The fleet git repository that ArgoCD and Kargo read and Kargo writes.
 */
export interface Git {
  /**
   * The repository URL as ArgoCD and Kargo clone it: `https://` or `http://<host>[:<port>]/<path>`, `ssh://[<user>@]<host>[:<port>]/<path>` or `<user>@<host>:<path>`; no password, query or fragment, and none of ArgoCD's or Kargo's template syntax (`{{`, `}}`, `${{`, `${%`, `%}`) (`git_repo_url_invalid`, `input_engine_syntax`).
   */
  repoURL: string;
  /**
   * The branch ArgoCD reads and Kargo pushes to: a name `git check-ref-format --branch` accepts, without ArgoCD's or Kargo's template syntax (`{{`, `}}`, `${{`, `${%`, `%}`), which git would allow (`git_branch_invalid`, `input_engine_syntax`).
   */
  branch: string;
  /**
   * The fleet's folder in the repository, from its root, e.g. `fleets/prod`, when the fleet is not at the repository's root (default: the root). Every path diene writes into ArgoCD's and Kargo's objects (the git files generators' row patterns, the promotions' `yaml-update` files) starts with it. Folder names of letters, digits, `.`, `_` and `-` joined by `/`: relative, no leading or trailing `/`, no empty, `.` or `..` part; `.` alone is the root (`git_path_invalid`).
   */
  path?: string;
}
/**
 * Where each service's image and charts live; `{platform}` and `{service}` are substituted.
 */
export interface Artifacts {
  /**
   * The container image repository, e.g. `ghcr.io/atomicloud/{platform}.{service}`: once substituted, `[registry/]path` in the OCI reference grammar (lower-case path components), no scheme, tag or digest; no quote, backslash or template syntax, since Kargo reads it inside `imageFrom('…')` expressions (`artifact_reference_invalid`, `input_engine_syntax`).
   */
  image: string;
  /**
   * The OCI repository of the app chart, deployed to every cluster of a row's landscape: once substituted, `oci://registry/path/chart` in the OCI reference grammar; no quote, backslash or template syntax, since it is written into ApplicationSet templates and Kargo's `chartFrom('…')` expressions (`artifact_reference_invalid`, `input_engine_syntax`).
   */
  appChart: string;
  /**
   * The OCI repository of the primordial chart, deployed once per row to Primordial: once substituted, `oci://registry/path/chart` in the OCI reference grammar, with no spaces, quotes, backslashes or template syntax (the rules of `appChart`).
   */
  primordialChart: string;
}
/**
 * One retired permanent identifier: what it was, when and why it was retired.
 */
export interface Retirement {
  /**
   * Which identifier: `issuer` (a landscape's issuer URL), `region` (a landscape's region), `base` or `spare` (a DNS base; retiring one also retires the issuer URLs and intake names under it), `vlandscape` (a virtual landscape name), `intake` (an intake host name) or `place` (a Doc A place).
   */
  kind: 'issuer' | 'region' | 'base' | 'spare' | 'vlandscape' | 'intake' | 'place';
  /**
   * The retired value exactly as the base revision had it: the issuer URL, the region code, the domain, the virtual landscape name, the host name or the place URL.
   */
  value: string;
  /**
   * For kind `region` only (required there): the landscape whose region is retired.
   */
  landscape?: string;
  /**
   * The day the retirement was decided (YYYY-MM-DD).
   */
  date: string;
  /**
   * Why: what replaced it and who was told (clients, senders, registrars).
   */
  reason: string;
}
