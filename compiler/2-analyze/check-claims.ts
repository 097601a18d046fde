/**
 * Claim rules (SPEC §2 `claims/domains/<host>.json`, §3.4). Two kinds:
 *
 * - A claim's own shape is an input error, caught by `--check` in the pull
 *   request that changes it: the host (the file name) must be exactly a fleet
 *   service host and not one of the sign-in platform's (fleet.yaml
 *   `issuer.platform`: a prefix map there would hand a slice of the sign-in
 *   server's URL space to another app) nor a spare-base host (the claim on
 *   its main-base twin governs it: `claim_host_spare_twin`); `account` and `app` must be the host's
 *   platform and service; every prefix is one bare segment; every target is a
 *   host name. (JSON syntax and the `paths` wrapper are refused while loading.)
 * - Its relation to the rest of the fleet (the tenancy gates of
 *   2-analyze/route-paths.ts) is a warning and dropped rows, aggregated once per
 *   host, never a failed compile.
 * - Two prefixes of one claim that differ only in letter case are a warning
 *   (both legal, both kept: URL paths are case-sensitive, but two spellings of
 *   one segment are almost always a slip). A host has one claim (its file is
 *   named for the lower-case host), so one claim holds every prefix of a host.
 *
 * The shape rules are exported for the write door, which checks a new map
 * against the fleet repo's tree before it commits.
 */
import { at, type Loaded } from '../1-load/load-fleet.js';
import {
  claimInput,
  DROP_REASONS,
  fleetShapeOfIndex,
  type DropReason,
  FINDING_SAMPLE_SIZE,
  MAX_PREFIXES_PER_CLAIM,
  routePathsOfIndex,
  type DroppedPrefix,
  type FleetRoutePaths,
  type RoutePathFinding,
} from './route-paths.js';
import { parseServiceHost, splitServiceHost, type FleetShape } from './routes.js';
import punycode from 'punycode.js';
import { diagnose, diagnoseFinding, type Diagnostic, type Finding, type SourceLocation } from '../diagnostics/diagnostic.js';
import { closestName } from '../diagnostics/spelling.js';
import type { Claim } from '../types/generated/claim.js';
import { misspeltPlatformLandscapes, type FleetIndex } from './fleet-index.js';

/** RFC 3986 `pchar` without percent-encoding: unreserved, sub-delims, ":" and "@". */
const PREFIX_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]+$/;

/** The codes of a prefix that is not one bare path segment, each with its own fix. */
export type PrefixFinding = Finding<
  'claim_prefix_dot_segment' | 'claim_prefix_empty' | 'claim_prefix_has_slash' | 'claim_prefix_invalid' | 'claim_prefix_percent_encoded'
>;

/** `text` percent-decoded, or `undefined` when it does not decode (a stray `%`, bytes that are not UTF-8). */
function percentDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Why `prefix` is not one bare path segment (SPEC §3.4), as a finding, or
 * `undefined` when it is one. Refused: empty, a `/`, `.` or `..`, any `%`
 * (percent-encoding), and characters outside RFC 3986 `pchar` (they never
 * appear raw in a request path).
 */
export function prefixProblem(prefix: string): PrefixFinding | undefined {
  // The common case first: one segment of pchar only (no `/`, no `%`) that is not a dot segment.
  if (PREFIX_CHARS.test(prefix) && prefix !== '.' && prefix !== '..') return undefined;
  const quoted = JSON.stringify(prefix);
  if (prefix === '') return { code: 'claim_prefix_empty', args: {} };
  if (prefix.includes('/')) {
    const first = prefix.split('/').find((segment) => segment !== '' && segment !== '.' && segment !== '..');
    return { code: 'claim_prefix_has_slash', args: { prefix: quoted, first: JSON.stringify(first ?? 'paulca') } };
  }
  if (prefix === '.' || prefix === '..') return { code: 'claim_prefix_dot_segment', args: { prefix: quoted } };
  if (prefix.includes('%')) {
    const decoded = percentDecoded(prefix);
    const shown =
      decoded !== undefined && decoded !== '' && !decoded.includes('/') && decoded !== '.' && decoded !== '..' ? `: ${JSON.stringify(decoded)}` : '';
    return { code: 'claim_prefix_percent_encoded', args: { prefix: quoted, decoded: shown } };
  }
  const bad = [...prefix].find((c) => !PREFIX_CHARS.test(c));
  if (bad !== undefined) return { code: 'claim_prefix_invalid', args: { prefix: quoted, character: JSON.stringify(bad) } };
  return undefined;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Two labels or more, each a {@link LABEL}, joined by dots. */
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The codes of a target that is not a host name, each with its own fix. */
export type TargetFinding = Finding<
  | 'claim_target_empty'
  | 'claim_target_invalid'
  | 'claim_target_not_ascii'
  | 'claim_target_not_bare_host'
  | 'claim_target_single_label'
  | 'claim_target_too_long'
  | 'claim_target_trailing_dot'
  | 'claim_target_upper_case'
>;

/** `target` with each label in its `xn--` form (NFC, lower case), for the hint; a placeholder when punycode cannot encode it. */
function asciiForm(target: string): string {
  try {
    return punycode.toASCII(target.normalize('NFC').toLowerCase());
  } catch {
    return 'its xn-- form';
  }
}

/** The host part of a URL or `host:port/path` written as a target, for the hint. */
function hostPart(target: string): string {
  const host =
    target
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
      .replace(/^[^@/]*@/, '')
      .split(/[/?#]/)[0] ?? '';
  return host.startsWith('[') ? host : (host.split(':')[0] ?? '');
}

/**
 * Why `target` is not a host name (RFC 1123 labels of letters, digits and
 * hyphens, lower case, two labels at least, at most 253 characters, no trailing
 * dot, IDNs in their `xn--` form), as a finding for the target of `prefix`, or
 * `undefined` when it is one.
 */
export function targetProblem(target: string, prefix: string): TargetFinding | undefined {
  // The common case first: two labels or more, each a LABEL, at most 253 characters (so lower-case ASCII, no scheme, path, port or trailing dot).
  if (target.length <= 253 && HOST_NAME.test(target)) return undefined;
  const base = { target: JSON.stringify(target), prefix };
  if (target === '') return { code: 'claim_target_empty', args: { prefix } };
  const bare = (written: 'is a URL' | 'holds a path' | 'holds a port'): TargetFinding => ({
    code: 'claim_target_not_bare_host',
    args: { ...base, written, host: hostPart(target) || "the route's host name" },
  });
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return bare('is a URL');
  if (target.includes('/')) return bare('holds a path');
  if (target.includes(':')) return bare('holds a port');
  if (/[^\x00-\x7f]/.test(target)) {
    return { code: 'claim_target_not_ascii', args: { ...base, ascii: asciiForm(target) } };
  }
  if (target !== target.toLowerCase()) return { code: 'claim_target_upper_case', args: { ...base, lower: target.toLowerCase() } };
  if (target.endsWith('.')) return { code: 'claim_target_trailing_dot', args: { ...base, trimmed: target.replace(/\.+$/, '') } };
  if (target.length > 253) return { code: 'claim_target_too_long', args: { ...base, length: target.length } };
  const labels = target.split('.');
  if (labels.length < 2) return { code: 'claim_target_single_label', args: base };
  const bad = labels.find((label) => !LABEL.test(label));
  if (bad !== undefined) return { code: 'claim_target_invalid', args: { ...base, label: JSON.stringify(bad) } };
  return undefined;
}

/** A claim as the shape rules read it, with the places to blame. */
export interface ClaimUnderCheck {
  host: string;
  account: string;
  app: string;
  paths: Readonly<Record<string, string | undefined>>;
  /** Where the host is written (the file, for a claim file). */
  hostLocation: SourceLocation;
  /** The location of a value (or a key) at `path` in the document holding account, app and paths. */
  locate(path: readonly string[], part?: 'value' | 'key'): SourceLocation;
}

/**
 * The example host of the hints: the claim's own host with each part that
 * the fleet does not have replaced by one it has (the platform's first
 * service, the service's first module, …), so the example fixes exactly what
 * is wrong; for a host of another shape, the first main-base route of the
 * first platform.
 */
function exampleHost(shape: FleetShape, host?: string): string {
  const split = host === undefined ? undefined : splitServiceHost(shape, host);
  const platformShape = split ? shape.platforms.get(split.platform) : undefined;
  if (split && platformShape && split.platform !== shape.issuerPlatform) {
    const services = platformShape.services;
    const service = services.has(split.service) ? split.service : [...services.keys()][0];
    const modules = service === undefined ? undefined : services.get(service);
    const module = modules?.includes(split.module) ? split.module : modules?.[0];
    const landscape = platformShape.landscapes.has(split.landscape) ? split.landscape : [...platformShape.landscapes][0];
    if (service !== undefined && module !== undefined && landscape !== undefined) return `${module}.${service}.${split.platform}.${landscape}.${split.base}`;
  }
  for (const [platform, facts] of shape.platforms) {
    const [service, modules] = [...facts.services][0] ?? [];
    const landscape = [...facts.landscapes][0];
    if (service && modules?.[0] && landscape && platform !== shape.issuerPlatform) return `${modules[0]}.${service}.${platform}.${landscape}.${shape.bases[0]}`;
  }
  return `api.<service>.<platform>.<landscape>.${shape.bases[0] ?? '<base>'}`;
}

/** Every service host of the fleet a claim may sit on (not the sign-in platform's), on every base. */
function claimableHosts(shape: FleetShape): string[] {
  const hosts: string[] = [];
  for (const [platform, facts] of shape.platforms) {
    if (platform === shape.issuerPlatform) continue;
    for (const [service, modules] of facts.services)
      for (const module of modules)
        for (const landscape of facts.landscapes) for (const base of shape.bases) hosts.push(`${module}.${service}.${platform}.${landscape}.${base}`);
  }
  return hosts;
}

/**
 * `claim_host_malformed`: with the service host closest to the one given (a typo, as `diene route` suggests),
 * else an example host. When another claim already sits on that closest host (`API.tin…` beside `api.tin…`),
 * renaming the file cannot fix it: the hint says to merge the two claims.
 */
function malformedHost(shape: FleetShape, claim: ClaimUnderCheck, claimedHosts: ReadonlySet<string>): Diagnostic {
  const meant = closestName(claim.host, claimableHosts(shape));
  return diagnose(claim.hostLocation, 'claim_host_malformed', {
    host: claim.host,
    bases: shape.bases.join(' or '),
    advice: meant === undefined ? 'example' : claimedHosts.has(meant) ? 'claimed' : 'close',
    example: meant ?? exampleHost(shape),
  });
}

/** The shape errors of one claim (SPEC §3.4), each at its place; `claimedHosts` are the hosts of the fleet's other claims. */
export function checkClaimShape(shape: FleetShape, claim: ClaimUnderCheck, claimedHosts: ReadonlySet<string> = new Set()): Diagnostic[] {
  const found: Diagnostic[] = [];
  const split = splitServiceHost(shape, claim.host);
  if (split && split.platform === shape.issuerPlatform) {
    found.push(diagnose(claim.hostLocation, 'claim_host_signin', { host: claim.host, platform: shape.issuerPlatform }));
  } else {
    const parsed = parseServiceHost(shape, claim.host);
    if (!parsed.ok) {
      const { problem } = parsed;
      found.push(
        problem.kind === 'malformed'
          ? malformedHost(shape, claim, claimedHosts)
          : diagnose(claim.hostLocation, 'claim_host_unknown', {
              host: claim.host,
              what: problem.what,
              name: problem.name,
              owner: problem.owner,
              known: problem.known.join(', '),
              here: problem.known.length > 0 ? 'some' : 'none',
              example: exampleHost(shape, claim.host),
            }),
      );
    } else {
      // SPEC §3.4: the claim on the main-base host governs its spare-base twin; a second, hand-written one could only disagree.
      const [main, spare] = shape.bases;
      if (spare !== undefined && main !== undefined && parsed.parts.base === spare)
        found.push(
          diagnose(claim.hostLocation, 'claim_host_spare_twin', {
            host: claim.host,
            spare,
            main: `${claim.host.slice(0, claim.host.length - spare.length)}${main}`,
          }),
        );
      if (claim.account !== parsed.parts.platform)
        found.push(
          diagnose(claim.locate(['account']), 'claim_owner_mismatch', {
            field: 'account',
            value: claim.account,
            what: 'platform',
            expected: parsed.parts.platform,
          }),
        );
      if (claim.app !== parsed.parts.service)
        found.push(
          diagnose(claim.locate(['app']), 'claim_owner_mismatch', { field: 'app', value: claim.app, what: 'service', expected: parsed.parts.service }),
        );
    }
  }
  for (const prefix of Object.keys(claim.paths).sort()) {
    const problem = prefixProblem(prefix);
    if (problem) found.push(diagnoseFinding(claim.locate(['paths', prefix], 'key'), problem));
    const target = claim.paths[prefix];
    const targetIssue = typeof target === 'string' ? targetProblem(target, prefix) : undefined;
    if (targetIssue) found.push(diagnoseFinding(claim.locate(['paths', prefix]), targetIssue));
  }
  return found;
}

/**
 * A warning for each prefix of `claim` that differs from an earlier one (in
 * the order written) only in letter case, placed at it, the earliest spelling
 * related. Both are legal (URL paths are case-sensitive, and each gives its
 * row), but two spellings of one segment are almost always a slip.
 */
export function prefixCaseTwins(claim: Pick<ClaimUnderCheck, 'paths' | 'locate'>): Diagnostic[] {
  const found: Diagnostic[] = [];
  const firstByFolded = new Map<string, string>();
  for (const prefix of Object.keys(claim.paths)) {
    const folded = prefix.toLowerCase();
    const first = firstByFolded.get(folded);
    if (first === undefined) {
      firstByFolded.set(folded, prefix);
      continue;
    }
    const where = claim.locate(['paths', first], 'key');
    found.push(
      diagnose(
        claim.locate(['paths', prefix], 'key'),
        'claim_prefix_case_twin',
        {
          prefix: JSON.stringify(prefix),
          first: JSON.stringify(first),
          firstPath: `/${first}/…`,
          firstTarget: String(claim.paths[first]),
          path: `/${prefix}/…`,
          target: String(claim.paths[prefix]),
        },
        [{ file: where.file ?? null, line: where.line ?? null, column: where.column ?? null, message: `prefix ${JSON.stringify(first)} is written here` }],
      ),
    );
  }
  return found;
}

function sample(items: readonly string[]): string {
  const shown = items.slice(0, FINDING_SAMPLE_SIZE).join(', ');
  return items.length > FINDING_SAMPLE_SIZE ? `${shown}, … ${items.length - FINDING_SAMPLE_SIZE} more` : shown;
}

/**
 * The warning of one derivation finding, placed by `at` (a loaded claim's
 * file, or the PATHS.json of `diene claim set-paths`).
 */
export function claimFindingDiagnostic(
  at: (path: readonly (string | number)[], part?: 'value' | 'key') => SourceLocation,
  finding: RoutePathFinding,
): Diagnostic {
  switch (finding.kind) {
    case 'host-not-ready':
      return diagnose(at(['paths'], 'key'), finding.reason === 'no row' ? 'claim_host_no_row' : 'claim_host_not_ready', {
        host: finding.host,
        row: finding.row,
        prefixes: finding.prefixes,
      });
    case 'cap':
      return diagnose(at(['paths', finding.dropped[0] as string], 'key'), 'claim_prefix_cap', {
        total: finding.total,
        cap: MAX_PREFIXES_PER_CLAIM,
        count: finding.dropped.length,
        sample: sample(finding.dropped.map((p) => JSON.stringify(p))),
      });
    case 'targets-dropped': {
      const groups = droppedGroups(finding.byReason);
      const dropped = groups.reduce((sum, [, list]) => sum + list.length, 0);
      // A misspelt target is the likeliest edit: the warning is placed at the first one (whose route it names), else at the
      // first prefix of the group the message lists first, so the caret sits on what the reader reads first.
      const misspelt = groups.flatMap(([, list]) => list.filter((d) => d.meant !== undefined)).sort((a, b) => (a.prefix < b.prefix ? -1 : 1))[0];
      const first = (groups[0]?.[1] ?? []).map((d) => d.prefix).sort()[0];
      const details = groups.map(([label, list]) => `${label}: ${list.length} (${sample(list.map(droppedText))})`);
      return diagnose(at(['paths', (misspelt?.prefix ?? first) as string]), 'claim_targets_dropped', {
        dropped,
        total: finding.total,
        details: details.join('; '),
        fix: droppedFix(groups, misspelt),
      });
    }
  }
}

/**
 * A label of the warning: SPEC §3.4's three relations ("does not exist",
 * "homed elsewhere", "another account"), with the targets whose row is not
 * ready set apart as "does not exist yet" (SPEC's words, and a different fix).
 */
type DroppedLabel = 'does not exist' | 'does not exist yet' | 'another account' | 'homed elsewhere';

/**
 * The dropped prefixes by label, in the order the warning lists them, empty
 * labels left out. A target whose row exists with an empty pin.chart is not
 * ready: it becomes a route by itself; one that does not exist never does.
 */
function droppedGroups(byReason: ReadonlyMap<DropReason, readonly DroppedPrefix[]>): [DroppedLabel, DroppedPrefix[]][] {
  const groups: [DroppedLabel, DroppedPrefix[]][] = [];
  for (const reason of DROP_REASONS) {
    const list = byReason.get(reason) ?? [];
    if (reason === 'does not exist') {
      groups.push(['does not exist', list.filter((d) => d.unreadyRow === undefined)], ['does not exist yet', list.filter((d) => d.unreadyRow !== undefined)]);
    } else groups.push([reason, [...list]]);
  }
  return groups.filter(([, list]) => list.length > 0);
}

/** The hint of `claim_targets_dropped`: one piece of advice per kind of dropped target the warning lists. */
function droppedFix(groups: readonly [DroppedLabel, DroppedPrefix[]][], misspelt: DroppedPrefix | undefined): string {
  const labels = new Set(groups.map(([label]) => label));
  const advice: string[] = [];
  if (labels.has('does not exist')) {
    const spelling = misspelt?.meant !== undefined ? ` (for ${misspelt.prefix}, write ${misspelt.meant})` : '';
    advice.push(
      `a target that does not exist is no service host of the fleet and never becomes a route by itself: fix its spelling${spelling} or remove the prefix`,
    );
  }
  if (labels.has('another account') || labels.has('homed elsewhere'))
    advice.push("a target must be a route of the same account on the host's landscape: point the prefix at one or remove it");
  if (advice.length > 0) advice.push('change the paths with `diene claim set-paths`');
  if (labels.has('does not exist yet'))
    advice.push(
      `a target that does not exist yet (its row is not ready) gives its row by itself once its row has a chart version (its first promotion fills pin.chart)${advice.length > 0 ? '' : ': nothing to change in the claim'}`,
    );
  return advice.join('; ');
}

/** One dropped prefix as the warning lists it: why its target is no route, and the route it most likely meant. */
function droppedText({ prefix, target, unreadyRow, meant }: DroppedPrefix): string {
  if (unreadyRow) return `${prefix} → ${target}, whose row ${unreadyRow} has an empty pin.chart`;
  return meant ? `${prefix} → ${target} (did you mean ${meant}?)` : `${prefix} → ${target}`;
}

/**
 * Every claim rule over a loaded fleet: shape errors for each claim; then, when
 * no claim has one, the tenancy-gate warnings of the derivation (once per host).
 */
export function checkClaims(index: FleetIndex): Diagnostic[] {
  const shape = fleetShapeOfIndex(index);
  if (!shape || index.fleet.claims.length === 0) return [];
  const found: Diagnostic[] = [];
  const twins: Diagnostic[] = [];
  let folded = 0;
  const claimedHosts = new Set(index.fleet.claims.map((claim) => claimInput(claim).host));
  for (const claim of index.fleet.claims) {
    // A claim on a host in the landscape a platform's misspelt listing meant is folded under platform_landscape_unknown.
    const host = splitServiceHost(shape, claimInput(claim).host);
    if (host && [...misspeltPlatformLandscapes(index, host.platform).values()].includes(host.landscape)) {
      folded++;
      continue;
    }
    const input: ClaimUnderCheck = {
      ...claimInput(claim),
      hostLocation: { file: claim.parsed.file.path, line: 1, column: 1 },
      locate: (path, part = 'value') => at(claim, path, part),
    };
    found.push(...checkClaimShape(shape, input, claimedHosts));
    twins.push(...prefixCaseTwins(input));
  }
  // The paths are derived only from claims that passed: a folded one stands for an error already reported.
  if (found.length > 0 || folded > 0) return [...found, ...twins];
  const byFile = new Map(index.fleet.claims.map((c) => [c.parsed.file.path, c]));
  const { derivation } = routePathsOfIndex(index) as FleetRoutePaths;
  const gates = derivation.findings.map((finding) => {
    const claim = byFile.get(finding.file) as Loaded<Claim>;
    return claimFindingDiagnostic((path, part = 'value') => at(claim, path, part), finding);
  });
  return [...gates, ...twins];
}
