/**
 * The grammars of the fleet.yaml values that diene copies into ArgoCD and
 * Kargo objects (SPEC §2 `primordial`, `git`, `artifacts`). Each
 * function returns why `text` is not a value of its kind, as one of the
 * catalog's `grammarReasons` with its arguments, or `undefined`.
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
 * - The fleet's folder in its repository (`git.path`) is a relative path of
 *   plain folder names: ArgoCD reads it inside a git files pattern, where `*`,
 *   `?` and `[` are wildcards, and Kargo joins it to its checkout.
 */
import ipaddr from 'ipaddr.js';
import type { GrammarProblem } from '../diagnostics/catalog.js';

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
export function hostProblem(host: string): GrammarProblem | undefined {
  if (host === '') return { reason: 'host_missing', args: {} };
  if (host !== host.toLowerCase()) return { reason: 'host_upper_case', args: { host } };
  if (host.startsWith('[')) {
    const inner = host.slice(1, -1);
    return host.endsWith(']') && !inner.includes('%') && ipaddr.IPv6.isValid(inner) ? undefined : { reason: 'host_not_ipv6', args: { host } };
  }
  if (/^[0-9.]+$/.test(host)) return ipaddr.IPv4.isValidFourPartDecimal(host) ? undefined : { reason: 'host_not_ipv4', args: { host } };
  if (host.length > 253) return { reason: 'host_too_long', args: {} };
  const label = host.split('.').find((l) => l.length > 63 || !DNS_LABEL.test(l));
  if (label !== undefined) return { reason: 'host_label_invalid', args: { host, label } };
  return undefined;
}

function portProblem(port: string | undefined): GrammarProblem | undefined {
  if (port === undefined) return undefined;
  if (!PORT.test(port) || Number(port) < 1 || Number(port) > 65535) return { reason: 'port_invalid', args: { port } };
  return undefined;
}

/** Why `path` is not an RFC 3986 path (absolute or empty), or `undefined`. */
function pathProblem(path: string): GrammarProblem | undefined {
  if (!PATH_CHARS.test(path)) {
    const bad = [...path].find((c) => !PATH_CHARS.test(c)) as string;
    return { reason: 'path_character', args: { character: shown(bad) } };
  }
  const percent = /%(?![0-9A-Fa-f]{2})/.exec(path);
  if (percent) return { reason: 'path_percent', args: {} };
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
function urlTailProblem(parts: UrlParts): GrammarProblem | undefined {
  return (
    hostProblem(parts.host) ??
    portProblem(parts.port) ??
    pathProblem(parts.path) ??
    (parts.query !== undefined ? { reason: 'query', args: {} } : undefined) ??
    (parts.fragment !== undefined ? { reason: 'fragment', args: {} } : undefined)
  );
}

/**
 * Why `text` is not an https URL of a Kubernetes API server as ArgoCD names a
 * cluster (`https://<host>[:<port>][/<path>]`, e.g. `https://kubernetes.default.svc`),
 * or `undefined`. No user name or password: ArgoCD takes credentials from the
 * cluster's Secret.
 */
export function apiServerUrlProblem(text: string): GrammarProblem | undefined {
  const parts = splitUrl(text);
  if (!parts) return { reason: 'not_https', args: {} };
  if (parts.scheme !== 'https') return { reason: 'scheme_not_https', args: { scheme: parts.scheme } };
  if (parts.userinfo !== undefined) return { reason: 'credentials', args: {} };
  return urlTailProblem(parts);
}

/**
 * Why `text` is not a git repository URL that ArgoCD and Kargo clone, or
 * `undefined`: `https://` or `http://` without user info, `ssh://[user@]host`,
 * or scp-like `user@host:path`; never a password, query or fragment; a
 * repository path after the host.
 */
export function gitRepoUrlProblem(text: string): GrammarProblem | undefined {
  const parts = splitUrl(text);
  if (!parts) {
    const scp = SCP_SHAPE.exec(text);
    if (!scp) return { reason: 'not_git_url', args: {} };
    const [, user = '', host = '', path = ''] = scp;
    if (!USER.test(user)) return { reason: 'user_invalid', args: { user } };
    if (path === '' || path === '/') return { reason: 'no_repository_path', args: {} };
    return hostProblem(host) ?? pathProblem(path);
  }
  if (!['https', 'http', 'ssh'].includes(parts.scheme)) return { reason: 'scheme_not_git', args: { scheme: parts.scheme } };
  if (parts.userinfo !== undefined) {
    if (parts.scheme !== 'ssh') return { reason: 'credentials', args: {} };
    if (!USER.test(parts.userinfo))
      return parts.userinfo.includes(':') ? { reason: 'password', args: {} } : { reason: 'user_invalid', args: { user: parts.userinfo } };
  }
  if (parts.path === '' || parts.path === '/') return { reason: 'no_repository_path', args: {} };
  return urlTailProblem(parts);
}

/** Why `path` (`/`-separated) is not a distribution repository path, or `undefined`. */
function repositoryPathProblem(path: string): GrammarProblem | undefined {
  const components = path.split('/');
  const last = components[components.length - 1] as string;
  if (last.includes('@')) return { reason: 'reference_digest', args: {} };
  if (last.includes(':')) return { reason: 'reference_tag', args: {} };
  const bad = components.find((c) => !OCI_PATH_COMPONENT.test(c));
  if (bad !== undefined) {
    return bad === '' ? { reason: 'reference_component_empty', args: {} } : { reason: 'reference_component_invalid', args: { component: bad } };
  }
  return undefined;
}

/** Why `domain` is not a registry `host[:port]`, or `undefined`. */
function registryProblem(domain: string): GrammarProblem | undefined {
  if (domain.includes('@')) return { reason: 'credentials', args: {} };
  const close = domain.startsWith('[') ? domain.indexOf(']') : -1;
  const colon = domain.indexOf(':', close + 1);
  if (domain.startsWith('[') && (close < 0 || (colon !== close + 1 && close !== domain.length - 1))) return { reason: 'host_not_ipv6', args: { host: domain } };
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
export function imageRepositoryProblem(text: string): GrammarProblem | undefined {
  if (text.includes('://')) return { reason: 'image_scheme', args: {} };
  if (text.length > OCI_NAME_MAX) return { reason: 'too_long', args: { limit: OCI_NAME_MAX } };
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
export function ociChartUrlProblem(text: string): GrammarProblem | undefined {
  if (!text.startsWith('oci://')) return { reason: 'not_oci', args: {} };
  const rest = text.slice('oci://'.length);
  if (rest.length > OCI_NAME_MAX) return { reason: 'too_long_after_oci', args: { limit: OCI_NAME_MAX } };
  const slash = rest.indexOf('/');
  if (slash < 0) return { reason: 'no_chart', args: {} };
  return registryProblem(rest.slice(0, slash)) ?? repositoryPathProblem(rest.slice(slash + 1));
}

/**
 * Why `name` is not a branch name that `git check-ref-format --branch` accepts,
 * or `undefined`: not empty, not starting with `-`, not `HEAD`; no control
 * character, space, `~ ^ : ? * [ \`, `..` or `@{`; no empty component, none
 * starting with `.` or ending in `.lock`; not ending in `.`.
 */
export function gitBranchProblem(name: string): GrammarProblem | undefined {
  if (name === '') return { reason: 'branch_empty', args: {} };
  if (name.startsWith('-')) return { reason: 'branch_option', args: {} };
  if (name === 'HEAD') return { reason: 'branch_head', args: {} };
  const bad = /[\u0000-\u0020\u007f~^:?*[\\]/.exec(name);
  if (bad) return { reason: 'branch_contains', args: { token: shown(bad[0]) } };
  if (name.includes('..')) return { reason: 'branch_contains', args: { token: '".."' } };
  if (name.includes('@{')) return { reason: 'branch_contains', args: { token: '"@{"' } };
  for (const component of name.split('/')) {
    if (component === '') return { reason: 'branch_component_empty', args: {} };
    if (component.startsWith('.')) return { reason: 'branch_component_dot', args: { component } };
    if (component.endsWith('.lock')) return { reason: 'branch_component_lock', args: { component } };
  }
  if (name.endsWith('.')) return { reason: 'branch_trailing_dot', args: {} };
  return undefined;
}

const FOLDER_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * Why `text` is not the fleet's folder in its repository (fleet.yaml `git.path`),
 * or `undefined`: `.` (the root), or folder names of letters, digits, `.`, `_`
 * and `-` joined by `/`, with no leading or trailing `/` and no empty, `.` or
 * `..` part.
 */
export function gitPathProblem(text: string): GrammarProblem | undefined {
  if (text === '.') return undefined;
  if (text.startsWith('/')) return { reason: 'folder_absolute', args: {} };
  for (const part of text.split('/')) {
    if (part === '') return { reason: 'folder_part_empty', args: {} };
    if (part === '..') return { reason: 'folder_parent', args: {} };
    if (part === '.') return { reason: 'folder_part_dot', args: {} };
    if (!FOLDER_NAME.test(part)) {
      const bad = [...part].find((c) => !FOLDER_NAME.test(c)) as string;
      return { reason: 'folder_character', args: { character: shown(bad) } };
    }
  }
  return undefined;
}
