/**
 * The grammars of the fleet.yaml values that diene copies into ArgoCD and
 * Kargo objects (SPEC §2 `primordial`, `git`, `artifacts`). Each
 * function returns why `text` is not a value of its kind, or `undefined`.
 * They read the text as written, never a normalised form: WHATWG `URL` would
 * percent-encode `{` and accept what ArgoCD and Kargo then copy verbatim.
 *
 * - OCI repositories follow the distribution reference grammar
 *   (github.com/distribution/reference, `reference.go`): an optional
 *   registry host (`host[:port]`, told apart from a path by a `.` or `:` or
 *   the name `localhost`), then path components of lower-case letters and
 *   digits joined by `.`, `_`, `__` or `-`; at most 255 characters; no tag
 *   and no digest, since the version comes from each row's pin.
 * - URLs are RFC 3986 `scheme://[userinfo@]host[:port][path]` with the path in
 *   unreserved, sub-delims, `:`, `@`, `/` and percent-encodings, and a host
 *   that is a DNS name, a dotted-quad IPv4 or a bracketed IPv6 address, in
 *   lower case like every host name in diene's outputs (SPEC §3.6).
 * - Branch names follow `git check-ref-format --branch` (git-check-ref-format(1)).
 */
import ipaddr from 'ipaddr.js';

/** Longest repository name the distribution grammar allows (`NameTotalLengthMax`). */
export const OCI_NAME_MAX = 255;

const DNS_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;
const OCI_PATH_COMPONENT = /^[a-z0-9]+((\.|_|__|-+)[a-z0-9]+)*$/;
const PORT = /^[0-9]{1,5}$/;
/** RFC 3986 path characters: unreserved, sub-delims, ":", "@", "/", and "%" (checked for two hex digits separately). */
const PATH_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;
const USER = /^[A-Za-z0-9\-._~]+$/;
const URL_SHAPE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:([^@/?#]*)@)?(\[[^\]/?#]*\]|[^:/?#[\]]*)(?::([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/s;
const SCP_SHAPE = /^([^@/:]+)@([^/:]+):(.*)$/s;

/** A quoted, visible form of one character for a reason: control characters by code point. */
function shown(char: string): string {
  const code = char.codePointAt(0) as number;
  return code < 0x21 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `"${char}"`;
}

/** Why `host` is not a lower-case DNS name, a dotted-quad IPv4 address or a bracketed IPv6 address, or `undefined`. */
export function hostProblem(host: string): string | undefined {
  if (host === '') return 'has no host';
  if (host !== host.toLowerCase()) return `has the host ${host} in upper case; every host name diene writes is lower case (SPEC §3.6)`;
  if (host.startsWith('[')) {
    const inner = host.slice(1, -1);
    return host.endsWith(']') && !inner.includes('%') && ipaddr.IPv6.isValid(inner) ? undefined : `has the host ${host}, which is no IPv6 address`;
  }
  if (/^[0-9.]+$/.test(host)) return ipaddr.IPv4.isValidFourPartDecimal(host) ? undefined : `has the host ${host}, which is no IPv4 address`;
  if (host.length > 253) return 'has a host name longer than 253 characters';
  const label = host.split('.').find((l) => l.length > 63 || !DNS_LABEL.test(l));
  if (label !== undefined) return `has the host ${host}, whose label "${label}" is not letters, digits and inner hyphens (at most 63)`;
  return undefined;
}

function portProblem(port: string | undefined): string | undefined {
  if (port === undefined) return undefined;
  if (!PORT.test(port) || Number(port) < 1 || Number(port) > 65535) return `has the port "${port}", which is not a number from 1 to 65535`;
  return undefined;
}

/** Why `path` is not an RFC 3986 path (absolute or empty), or `undefined`. */
function pathProblem(path: string): string | undefined {
  if (!PATH_CHARS.test(path)) {
    const bad = [...path].find((c) => !PATH_CHARS.test(c)) as string;
    return `has ${shown(bad)} in its path (percent-encode it, or leave it out)`;
  }
  const percent = /%(?![0-9A-Fa-f]{2})/.exec(path);
  if (percent) return 'has a "%" not followed by two hex digits';
  return undefined;
}

interface UrlParts {
  scheme: string;
  userinfo?: string;
  host: string;
  port?: string;
  path: string;
  query?: string;
  fragment?: string;
}

function splitUrl(text: string): UrlParts | undefined {
  const match = URL_SHAPE.exec(text);
  if (!match) return undefined;
  const [, scheme = '', userinfo, host = '', port, path = '', query, fragment] = match;
  return { scheme, userinfo, host, port, path, query, fragment };
}

/** The checks every URL here shares once split: host, port, path, no query, no fragment. */
function urlTailProblem(parts: UrlParts): string | undefined {
  return (
    hostProblem(parts.host) ??
    portProblem(parts.port) ??
    pathProblem(parts.path) ??
    (parts.query !== undefined ? 'carries a query' : undefined) ??
    (parts.fragment !== undefined ? 'carries a fragment' : undefined)
  );
}

/**
 * Why `text` is not an https URL of a Kubernetes API server as ArgoCD names a
 * cluster (`https://<host>[:<port>][/<path>]`, e.g. `https://kubernetes.default.svc`),
 * or `undefined`. No user name or password: ArgoCD takes credentials from the
 * cluster's Secret.
 */
export function apiServerUrlProblem(text: string): string | undefined {
  const parts = splitUrl(text);
  if (!parts) return 'does not start with https://';
  if (parts.scheme !== 'https') return `uses ${parts.scheme}, not https`;
  if (parts.userinfo !== undefined) return 'carries a user name or password';
  return urlTailProblem(parts);
}

/**
 * Why `text` is not a git repository URL that ArgoCD and Kargo clone, or
 * `undefined`: `https://` or `http://` without user info, `ssh://[user@]host`,
 * or scp-like `user@host:path`; never a password, query or fragment; a
 * repository path after the host.
 */
export function gitRepoUrlProblem(text: string): string | undefined {
  const parts = splitUrl(text);
  if (!parts) {
    const scp = SCP_SHAPE.exec(text);
    if (!scp) return 'is neither scheme://host/path nor user@host:path';
    const [, user = '', host = '', path = ''] = scp;
    if (!USER.test(user)) return `has the user "${user}", which is not letters, digits and - . _ ~`;
    if (path === '' || path === '/') return 'names no repository path after the host';
    return hostProblem(host) ?? pathProblem(path);
  }
  if (!['https', 'http', 'ssh'].includes(parts.scheme)) return `uses ${parts.scheme}; ArgoCD and Kargo clone over https, http or ssh`;
  if (parts.userinfo !== undefined) {
    if (parts.scheme !== 'ssh') return 'carries a user name or password';
    if (!USER.test(parts.userinfo))
      return parts.userinfo.includes(':') ? 'carries a password' : `has the user "${parts.userinfo}", which is not letters, digits and - . _ ~`;
  }
  if (parts.path === '' || parts.path === '/') return 'names no repository path after the host';
  return urlTailProblem(parts);
}

/** Why `path` (`/`-separated) is not a distribution repository path, or `undefined`. */
function repositoryPathProblem(path: string): string | undefined {
  const components = path.split('/');
  const last = components[components.length - 1] as string;
  if (last.includes('@')) return "carries a digest; the version comes from each row's pin";
  if (last.includes(':')) return "carries a tag; the version comes from each row's pin";
  const bad = components.find((c) => !OCI_PATH_COMPONENT.test(c));
  if (bad !== undefined) {
    return bad === ''
      ? 'has an empty path component (a leading, trailing or doubled "/")'
      : `has the path component "${bad}", which is not lower-case letters and digits joined by ".", "_", "__" or "-"`;
  }
  return undefined;
}

/** Why `domain` is not a registry `host[:port]`, or `undefined`. */
function registryProblem(domain: string): string | undefined {
  if (domain.includes('@')) return 'carries a user name or password';
  const close = domain.startsWith('[') ? domain.indexOf(']') : -1;
  const colon = domain.indexOf(':', close + 1);
  if (domain.startsWith('[') && (close < 0 || (colon !== close + 1 && close !== domain.length - 1))) return `has the host ${domain}, which is no IPv6 address`;
  return hostProblem(colon < 0 ? domain : domain.slice(0, colon)) ?? portProblem(colon < 0 ? undefined : domain.slice(colon + 1));
}

/** True when the first component of a reference names a registry (distribution's rule: a `.` or `:`, or `localhost`). */
function isRegistry(component: string): boolean {
  return component.includes('.') || component.includes(':') || component === 'localhost' || component.startsWith('[');
}

/**
 * Why `text` is not a container image repository as Kargo subscribes to it
 * (`[registry/]path`, no scheme, tag or digest; e.g. `ghcr.io/atomicloud/nitroso.tin`),
 * or `undefined`.
 */
export function imageRepositoryProblem(text: string): string | undefined {
  if (text.includes('://')) return 'has a scheme; write the repository as registry/path';
  if (text.length > OCI_NAME_MAX) return `is longer than ${OCI_NAME_MAX} characters`;
  const slash = text.indexOf('/');
  const first = slash < 0 ? text : text.slice(0, slash);
  if (slash >= 0 && isRegistry(first)) return registryProblem(first) ?? repositoryPathProblem(text.slice(slash + 1));
  return repositoryPathProblem(text);
}

/**
 * Why `text` is not an OCI chart repository URL (`oci://registry/path/chart`,
 * e.g. `oci://ghcr.io/atomicloud/charts/nitroso.tin`), or `undefined`. ArgoCD
 * reads everything before the last `/` as the repository and the last
 * component as the chart, so a registry and a chart name are both required.
 */
export function ociChartUrlProblem(text: string): string | undefined {
  if (!text.startsWith('oci://')) return 'does not start with oci://';
  const rest = text.slice('oci://'.length);
  if (rest.length > OCI_NAME_MAX) return `is longer than ${OCI_NAME_MAX} characters after oci://`;
  const slash = rest.indexOf('/');
  if (slash < 0) return 'names no chart after the registry host';
  return registryProblem(rest.slice(0, slash)) ?? repositoryPathProblem(rest.slice(slash + 1));
}

/**
 * Why `name` is not a branch name that `git check-ref-format --branch` accepts,
 * or `undefined`: not empty, not starting with `-`, not `HEAD`; no control
 * character, space, `~ ^ : ? * [ \`, `..` or `@{`; no empty component, none
 * starting with `.` or ending in `.lock`; not ending in `.`.
 */
export function gitBranchProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  if (name.startsWith('-')) return 'starts with "-", which git reads as an option';
  if (name === 'HEAD') return 'is HEAD, which names the checked-out commit';
  const bad = /[\u0000-\u0020\u007f~^:?*[\\]/.exec(name);
  if (bad) return `contains ${shown(bad[0])}`;
  if (name.includes('..')) return 'contains ".."';
  if (name.includes('@{')) return 'contains "@{"';
  for (const component of name.split('/')) {
    if (component === '') return 'has an empty component (a leading, trailing or doubled "/")';
    if (component.startsWith('.')) return `has a component starting with "." ("${component}")`;
    if (component.endsWith('.lock')) return `has a component ending in ".lock" ("${component}")`;
  }
  if (name.endsWith('.')) return 'ends with "."';
  return undefined;
}
