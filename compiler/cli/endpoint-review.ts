/**
 * The endpoint review of the live DNS commands (`export dns`, `apply dns`;
 * docs/hardening.md "Credentials"): before any credential is read or any
 * host contacted, every selected host whose endpoint or credential variable
 * (dns/credential-routes.ts) differs from the base revision's is refused,
 * unless `--allow-endpoint-change`. A pull request could otherwise point a
 * PowerDNS `url` at its own server and collect the key from the first run
 * on its branch, a `--dry-run` included.
 *
 * The base revision is `--base DIR|REV` (a checkout of the base branch, or
 * a revision of the fleet's repository), else the branch fleet.yaml's
 * `git.branch` names, read from the repository holding the fleet: the local
 * branch, else `origin/<branch>`. When no base can be read the run is
 * refused too (`dns_endpoint_base_unreadable`): not knowing the base is no
 * reason to trust the head. Only `registry/fleet.yaml` of the base is read.
 */
import path from 'node:path';
import { at } from '../1-load/load-fleet.js';
import { FILE_SIZE_LIMIT } from '../1-load/input-sizes.js';
import { parseYaml } from '../1-load/parse-yaml.js';
import { sourceFile } from '../1-load/source-file.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { isDnsHostKind } from '../dns/host-kinds.js';
import { routeOf } from '../dns/credential-routes.js';
import { isDirectory, pathExists } from '../adapters/filesystem/files.js';
import { readInputFile } from '../adapters/filesystem/read-input-file.js';
import { readFileAtRevision, repositoryOf, resolveRevision } from '../adapters/git/revision-file.js';
import type { ChoiceOf } from '../diagnostics/catalog.js';
import { diagnose, FLEET_WIDE, type Diagnostic } from '../diagnostics/diagnostic.js';
import { endpointChanges, endpointChangeText, type BaseHost } from '../plan/endpoint-changes.js';
import type { DnsHost } from '../types/generated/fleet.js';
import { EXIT, stringOption, type CommandResult, type OptionValues } from './command.js';

/** The options of the review, as the command line gives them. */
export interface EndpointReviewOptions {
  /** `--allow-endpoint-change`: run against changed endpoints and variables without a review. */
  allowChange: boolean;
  /** `--base DIR|REV`, as given. */
  base?: string;
}

/** The review options of `values` (`--base`, `--allow-endpoint-change`). */
export function endpointReviewOptions(values: OptionValues): EndpointReviewOptions {
  const base = stringOption(values, 'base');
  return { allowChange: values['allow-endpoint-change'] === true, ...(base !== undefined ? { base } : {}) };
}

const FLEET_FILE = 'registry/fleet.yaml';

type Unreadable = ChoiceOf<'dns_endpoint_base_unreadable', 'why'>;

/** The base's fleet.yaml text and how messages name the base, or why it cannot be read. */
type BaseText = { text: string; label: string } | { why: Unreadable; base: string; repository: string };

/** Reads the base's fleet.yaml: from `--base DIR`, `--base REV`, or the fleet's `git.branch`. */
async function baseFleetText(root: string, branch: string, base: string | undefined, cwd: string): Promise<BaseText> {
  if (base !== undefined && pathExists(path.resolve(cwd, base))) {
    const dir = path.resolve(cwd, base);
    const file = path.join(dir, ...FLEET_FILE.split('/'));
    if (!isDirectory(dir) || !pathExists(file)) return { why: 'no_fleet_file', base, repository: '' };
    const read = readInputFile(file);
    if ('problem' in read) return { why: 'fleet_file_invalid', base, repository: '' };
    return { text: read.text, label: base };
  }
  const repository = repositoryOf(root);
  if (repository === undefined) return { why: base === undefined ? 'no_repository' : 'no_revision', base: base ?? '', repository: '' };
  const candidates = base !== undefined ? [base] : [`refs/heads/${branch}`, `refs/remotes/origin/${branch}`];
  for (const revision of candidates) {
    const commit = await resolveRevision(repository.top, revision);
    if (commit === undefined) continue;
    const shown = `${revision.replace(/^refs\/(heads|remotes)\//, '')} (${commit.slice(0, 12)})`;
    const filepath = repository.prefix === '' ? FLEET_FILE : `${repository.prefix}/${FLEET_FILE}`;
    let bytes: Uint8Array | undefined;
    try {
      bytes = await readFileAtRevision(repository.top, commit, filepath);
    } catch {
      return { why: 'fleet_file_invalid', base: shown, repository: repository.top };
    }
    if (bytes === undefined) return { why: 'no_fleet_file', base: shown, repository: repository.top };
    if (bytes.length > FILE_SIZE_LIMIT) return { why: 'fleet_file_invalid', base: shown, repository: repository.top };
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), label: shown };
    } catch {
      return { why: 'fleet_file_invalid', base: shown, repository: repository.top };
    }
  }
  return { why: base === undefined ? 'no_branch' : 'no_revision', base: base ?? '', repository: repository.top };
}

/** The DNS hosts of a base fleet.yaml (`label` names it in nothing the user sees), as far as a route needs them; `undefined` when it does not parse or holds no host list. */
export function baseHostsOf(text: string, label: string): BaseHost[] | undefined {
  const parsed = parseYaml(sourceFile(label, text));
  if (!parsed.parsed || parsed.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const hosts = (parsed.parsed.value as { dns?: { hosts?: unknown } } | null)?.dns?.hosts;
  if (!Array.isArray(hosts)) return undefined;
  const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  return hosts.flatMap((entry: unknown): BaseHost[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const host = entry as Record<string, unknown>;
    const name = stringOf(host['name']);
    const provider = stringOf(host['provider']);
    if (name === undefined || provider === undefined || !isDnsHostKind(provider)) return [];
    const tsig = host['tsig'] as Record<string, unknown> | undefined;
    const secretEnv = typeof tsig === 'object' && tsig !== null ? stringOf(tsig['secretEnv']) : undefined;
    const url = stringOf(host['url']);
    const server = stringOf(host['server']);
    const apiKeyEnv = stringOf(host['apiKeyEnv']);
    return [
      {
        name,
        provider,
        ...(url !== undefined ? { url } : {}),
        ...(server !== undefined ? { server } : {}),
        ...(apiKeyEnv !== undefined ? { apiKeyEnv } : {}),
        ...(secretEnv !== undefined ? { tsig: { name: '', algorithm: 'hmac-sha256', secretEnv } } : {}),
      },
    ];
  });
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The refusal of a live DNS command over `selected` hosts of the fleet at
 * `root` (its analyzed `model`), or `undefined` when it may go on: the
 * change is allowed, no selected host has a route, or every route is the
 * base's. Reads only the disk and the local git repository.
 */
export async function endpointRefusal(
  root: string,
  model: FleetModel,
  selected: readonly DnsHost[],
  options: EndpointReviewOptions,
  cwd: string,
): Promise<CommandResult | undefined> {
  if (options.allowChange) return undefined;
  const routed = selected.filter((h) => routeOf(h).length > 0);
  if (routed.length === 0) return undefined;
  const branch = model.settings.git.branch;
  const base = await baseFleetText(root, branch, options.base, cwd);
  const refused = (diagnostics: Diagnostic[]): CommandResult => ({
    diagnostics,
    notes: ['refused: no credential was read and no DNS host contacted (docs/hardening.md#credentials)'],
    exitCode: EXIT.refused,
  });
  // A valid model always has its fleet.yaml; without it the finding has no place, never a wrong one.
  const fleetFile = model.loaded.fleet;
  // Without --base, the base is the branch fleet.yaml's git.branch names: the finding is placed there.
  const baseFrom = options.base === undefined && fleetFile ? at(fleetFile, ['git', 'branch']) : FLEET_WIDE;
  const unreadable = (why: Unreadable, shown: string, repository: string): CommandResult =>
    refused([
      diagnose(baseFrom, 'dns_endpoint_base_unreadable', {
        hosts: listed(routed.map((h) => h.name)),
        why,
        fleet: root,
        repository,
        branch,
        base: shown,
        file: FLEET_FILE,
      }),
    ]);
  if ('why' in base) return unreadable(base.why, base.base, base.repository);
  const baseHosts = baseHostsOf(base.text, `${base.label}:${FLEET_FILE}`);
  if (baseHosts === undefined) return unreadable('fleet_file_invalid', base.label, '');
  const names = new Set(selected.map((h) => h.name));
  const changes = endpointChanges(model.settings.dns.hosts, baseHosts).filter((c) => names.has(c.host));
  if (changes.length === 0) return undefined;
  return refused(
    changes.map((change) =>
      diagnose(fleetFile ? at(fleetFile, ['dns', 'hosts', change.index, ...(change.fields[0]?.path ?? [])]) : FLEET_WIDE, 'dns_endpoint_changed', {
        host: change.host,
        provider: change.provider,
        change: change.status,
        base: base.label,
        changes: endpointChangeText(change),
        fields: listed(change.fields.map((f) => f.field)),
      }),
    ),
  );
}
