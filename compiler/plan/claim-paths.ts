/**
 * The write door's decisions (`diene claim set-paths`, SPEC §3.4, §5), pure:
 * what a `PATHS.json` request holds, which facts of a fleet repo's tree a new
 * map is checked against, what the claim file becomes, and the commit message.
 * The git adapter reads and writes; this module only decides.
 *
 * - A request is `{"paths": {...}}`: the wrapper is required, as in a claim, so
 *   a bare map or a misspelt wrapper is refused and never clears every flip;
 *   `"account"` and `"app"` may be given and must then be the host's.
 * - The map replaces the claim's `paths` wholesale; `account` and `app` are
 *   kept from the claim, or taken from the host when the claim is new.
 * - Republishing the same map (as a set of prefix → target pairs, whatever
 *   the file's formatting) is a no-op: no commit.
 * - The commit message names the actor, account, app, host and prefix count,
 *   never a prefix or a target.
 * - Commit metadata is checked before anything is written (an actor
 *   with a line feed wrote a commit with a forged committer header and
 *   trailer, which git fsck refuses and which broke every later write): the
 *   author name is one line of printable text without `<` or `>`, the address
 *   one `local@domain` token, the message free of control characters but
 *   line feeds.
 */
import { loadFleet } from '../1-load/load-fleet.js';
import { locate, parseYaml, type ParsedDocument } from '../1-load/parse-yaml.js';
import type { SchemaValidators } from '../1-load/schema-validation.js';
import { sourceFile, type SourceFile } from '../1-load/source-file.js';
import { suggestKey } from '../1-load/schema-validation.js';
import { DEFAULT_MODULES } from '../2-analyze/fleet-model.js';
import { deriveRoutePaths, type ClaimInput, type RoutePathFinding } from '../2-analyze/route-paths.js';
import { buildFleetShape, parseServiceHost, rowKey, type FleetShape } from '../2-analyze/routes.js';
import type { ChoiceOf } from '../diagnostics/catalog.js';
import { diagnose, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { invisibleName } from '../diagnostics/invisible.js';
import { rowIsReady, rowPathOfKey } from '../1-load/row-format.js';

/** The claim file of `host` in a fleet repo. */
export function claimFilePath(host: string): string {
  return `claims/domains/${host}.json`;
}

/** A claim's content. */
export interface ClaimContent {
  account: string;
  app: string;
  paths: Record<string, string>;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The canonical text of a claim: keys `account`, `app`, `paths` in that order,
 * prefixes sorted in code-unit order, two-space indent, final newline. (Built
 * by hand: a JS object would put integer-like prefixes such as "2024" first.)
 */
export function claimText(claim: ClaimContent): string {
  const entries = Object.keys(claim.paths)
    .sort(compare)
    .map((prefix) => `    ${JSON.stringify(prefix)}: ${JSON.stringify(claim.paths[prefix])}`);
  const paths = entries.length === 0 ? '{}' : `{\n${entries.join(',\n')}\n  }`;
  return `{\n  "account": ${JSON.stringify(claim.account)},\n  "app": ${JSON.stringify(claim.app)},\n  "paths": ${paths}\n}\n`;
}

/** True when both maps hold the same prefix → target pairs. */
export function samePaths(a: Readonly<Record<string, string | undefined>>, b: Readonly<Record<string, string | undefined>>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && a[key] === b[key]);
}

/** A `PATHS.json` request, read: its map and the account and app it names (if any). */
export interface PathsRequest {
  paths: Record<string, string>;
  account?: string;
  app?: string;
}

/** The keys of a PATHS.json request. */
const REQUEST_KEYS: readonly string[] = ['paths', 'account', 'app'];

/**
 * Reads a parsed `PATHS.json`. Refused (with diagnostics at their places): not
 * an object, a bare prefix map (every key no request key, every value a
 * string: `claim_paths_unwrapped`, alone), a missing `paths` wrapper
 * (`claim_paths_missing`), keys other than `paths`, `account` and `app`, a
 * `paths` that is not an object of strings.
 */
export function readPathsRequest(parsed: ParsedDocument): { request?: PathsRequest; diagnostics: Diagnostic[] } {
  const value = parsed.value;
  const schema = 'claim.schema.json';
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      diagnostics: [
        diagnose(locate(parsed, []), 'schema_type', {
          expected: 'a mapping',
          at: '',
          actual: Array.isArray(value) ? 'a list' : JSON.stringify(value),
          fix: '',
          schema,
        }),
      ],
    };
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // A prefix map written without its wrapper: one error that says so, not an unknown key per prefix and a missing "paths".
  if (keys.length > 0 && keys.every((key) => !REQUEST_KEYS.includes(key) && typeof record[key] === 'string')) {
    const first = keys[0] as string;
    const entries = `${JSON.stringify(first)}: ${JSON.stringify(record[first])}${keys.length > 1 ? ', …' : ''}`;
    const prefixes = `${keys.length} prefix${keys.length === 1 ? '' : 'es'}`;
    return { diagnostics: [diagnose(locate(parsed, []), 'claim_paths_unwrapped', { prefixes, entries })] };
  }
  const diagnostics: Diagnostic[] = [];
  for (const key of keys) {
    if (!REQUEST_KEYS.includes(key))
      diagnostics.push(diagnose(locate(parsed, [key], 'key'), 'schema_unknown_property', { key, suggestion: suggestKey(key, REQUEST_KEYS) }));
  }
  if (!Object.prototype.hasOwnProperty.call(record, 'paths')) diagnostics.push(diagnose(locate(parsed, []), 'claim_paths_missing', { missing: '"paths"' }));
  const paths = record['paths'];
  if (paths !== undefined && (paths === null || typeof paths !== 'object' || Array.isArray(paths))) {
    diagnostics.push(
      diagnose(locate(parsed, ['paths']), 'schema_type', { expected: 'a mapping', at: ' at "paths"', actual: JSON.stringify(paths), fix: '', schema }),
    );
  } else if (paths !== undefined) {
    for (const [prefix, target] of Object.entries(paths as Record<string, unknown>)) {
      if (typeof target !== 'string')
        diagnostics.push(
          diagnose(locate(parsed, ['paths', prefix]), 'schema_type', {
            expected: 'a string',
            at: ` at "paths.${prefix}"`,
            actual: JSON.stringify(target),
            fix: '',
            schema,
          }),
        );
    }
  }
  for (const key of ['account', 'app'] as const) {
    if (record[key] !== undefined && typeof record[key] !== 'string')
      diagnostics.push(
        diagnose(locate(parsed, [key]), 'schema_type', { expected: 'a string', at: ` at "${key}"`, actual: JSON.stringify(record[key]), fix: '', schema }),
      );
  }
  if (diagnostics.length > 0) return { diagnostics };
  return {
    request: {
      paths: { ...(paths as Record<string, string>) },
      ...(typeof record['account'] === 'string' ? { account: record['account'] } : {}),
      ...(typeof record['app'] === 'string' ? { app: record['app'] } : {}),
    },
    diagnostics,
  };
}

/** Reads a tree of a fleet repo: a file's text (`undefined` when absent) and a folder's sub-folder names. */
export interface TreeReader {
  readFile(path: string): Promise<string | undefined>;
  listFolders(path: string): Promise<string[]>;
}

/**
 * The {@link FleetShape} of the fleet in a repo tree: registry/fleet.yaml and
 * regions.yaml, carbon/<platform>/platform.yaml, and the service folders under
 * platforms/<platform>/ (rows themselves are not read: readiness is a
 * relation, not a shape). Returns the loader's diagnostics when those files
 * are invalid.
 */
export async function readFleetShape(reader: TreeReader, validators: SchemaValidators): Promise<{ shape?: FleetShape; diagnostics: Diagnostic[] }> {
  const files: SourceFile[] = [];
  for (const file of ['registry/fleet.yaml', 'registry/regions.yaml']) {
    const text = await reader.readFile(file);
    if (text !== undefined) files.push(sourceFile(file, text));
  }
  const platformNames = await reader.listFolders('carbon');
  for (const name of platformNames) {
    const text = await reader.readFile(`carbon/${name}/platform.yaml`);
    if (text !== undefined) files.push(sourceFile(`carbon/${name}/platform.yaml`, text));
  }
  const loaded = loadFleet(files, validators);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (hasErrors(errors) || !loaded.fleet.fleet) return { diagnostics: errors };
  const platforms = [];
  for (const platform of loaded.fleet.platforms) {
    const name = platform.identity[0] as string;
    const services = (await reader.listFolders(`platforms/${name}`)).sort(compare);
    platforms.push({
      name,
      landscapes: platform.data.landscapes,
      services: services.map((service) => ({ name: service, modules: platform.data.services?.[service]?.modules ?? DEFAULT_MODULES })),
    });
  }
  return { shape: buildFleetShape(loaded.fleet.fleet.data, platforms), diagnostics: [] };
}

/**
 * What the compile will say of a claim against the fleet as it is in a repo
 * tree (its tenancy-gate warnings: a host whose row is missing or not ready, a
 * prefix cap, targets dropped), from the rows the claim names alone: the
 * host's row and each target's, `platforms/<platform>/<service>/<landscape>.yaml`,
 * ready when its `pin.chart` is not empty. A row that cannot be read as YAML
 * counts as not ready (the compile refuses it anyway).
 */
export async function claimRouteFindings(reader: TreeReader, shape: FleetShape, claim: ClaimInput): Promise<RoutePathFinding[]> {
  const keys = new Set<string>();
  const host = parseServiceHost(shape, claim.host);
  if (!host.ok) return [];
  for (const name of [claim.host, ...Object.values(claim.paths)]) {
    if (name === undefined) continue;
    const parsed = parseServiceHost(shape, name);
    if (parsed.ok) keys.add(rowKey(parsed.parts.platform, parsed.parts.service, parsed.parts.landscape));
  }
  const exist = new Set<string>();
  const ready = new Set<string>();
  for (const key of [...keys].sort()) {
    const file = rowPathOfKey(key);
    const text = await reader.readFile(file);
    if (text === undefined) continue;
    exist.add(key);
    const value = parseYaml(sourceFile(file, text)).parsed?.value as { pin?: { chart?: unknown } } | null | undefined;
    const chart = value?.pin?.chart;
    if (rowIsReady(chart)) ready.add(key);
  }
  return deriveRoutePaths(shape, ready, exist, [claim], [host.parts.landscape]).findings;
}

/** What the write door will do. */
export interface ClaimPathsPlan {
  change: 'none' | 'create' | 'update';
  /** `claims/domains/<host>.json` */
  path: string;
  claim: ClaimContent;
  /** The new file text (also for `none`: what the file would hold). */
  text: string;
  /** The commit message (empty for `none`). */
  message: string;
}

/** Author and committer of a write. */
export interface CommitSignature {
  name: string;
  email: string;
}

/**
 * The author and committer of a write by `actor`: the actor as the name, and
 * an address made of it under the reserved `.invalid` domain (RFC 2606), so
 * no real mailbox is ever named.
 */
export function commitSignature(actor: string): CommitSignature {
  const local =
    actor
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'diene';
  return { name: actor, email: `${local}@diene.invalid` };
}

/** The longest author name accepted, in code points. */
export const ACTOR_NAME_LIMIT = 256;

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * The format characters (Unicode category Cf: zero-width spaces and joiners,
 * the soft hyphen, the byte order mark, the bidirectional marks, embeddings,
 * overrides and isolates, tag characters): invisible, or reordering the text
 * around them, so `ci\u200bbot` shows as `cibot` in `git log`.
 */
const FORMAT = /\p{Cf}/u;

/** `U+XXXX` of `character`; for a format character, with its name (`U+200B ZERO WIDTH SPACE`). */
function named(character: string): string {
  const point = character.codePointAt(0) as number;
  const code = `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
  if (!FORMAT.test(character)) return code;
  return `${code} ${invisibleName(character)}`;
}

/** The first character of `text` that `pattern` (one character, no `g` flag) matches, and its place in code points from 1. */
function firstOf(text: string, pattern: RegExp): { character: string; position: number } | undefined {
  let position = 0;
  for (const character of text) {
    position++;
    if (pattern.test(character)) return { character, position };
  }
  return undefined;
}

/**
 * `value` as a diagnostic shows it: a JSON string whose controls and format
 * characters are written as escapes (`"ci\u200bbot"`), so the text shows what
 * is in it rather than hiding it again.
 */
export function shownMetadata(value: string): string {
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029]|\p{Cf}/gu, (character) => {
    const point = character.codePointAt(0) as number;
    return point > 0xffff ? `\\u{${point.toString(16)}}` : `\\u${point.toString(16).padStart(4, '0')}`;
  });
}

/** One reason a commit cannot be written as asked: which field, its value, why, and the character at fault (U+XXXX, or empty) and its place (from 1, or 0). */
export interface CommitMetadataProblem {
  field: ChoiceOf<'claim_commit_metadata_invalid', 'field'>;
  value: string;
  problem: ChoiceOf<'claim_commit_metadata_invalid', 'problem'>;
  character: string;
  position: number;
}

/**
 * Why `metadata` cannot go into a commit (an empty list when it can). A
 * commit's author and committer lines are `name <email> time zone`, one line
 * each, and its message follows a blank line: a line feed in the name starts
 * a header of its own, `<` or `>` moves the address (git fsck: badName,
 * missingEmail), and control characters in the message corrupt the log. A
 * format character (Unicode category Cf) in the name or the message is
 * invisible or reorders the text, so one actor could pass for another in
 * `git log`.
 */
export function commitMetadataProblems(metadata: Partial<CommitSignature & { message: string }>): CommitMetadataProblem[] {
  const problems: CommitMetadataProblem[] = [];
  const { name, email, message } = metadata;
  if (name !== undefined) {
    const control = firstOf(name, CONTROL);
    const format = firstOf(name, FORMAT);
    const problem =
      name.trim() === ''
        ? 'empty'
        : control !== undefined
          ? control.character === '\n' || control.character === '\r'
            ? 'line_break'
            : 'control_character'
          : format !== undefined
            ? 'format_character'
            : /[<>]/.test(name)
              ? 'angle_bracket'
              : name !== name.trim()
                ? 'outer_space'
                : [...name].length > ACTOR_NAME_LIMIT
                  ? 'too_long'
                  : undefined;
    const fault = problem === 'control_character' || problem === 'line_break' ? control : problem === 'format_character' ? format : undefined;
    if (problem) problems.push({ field: 'name', value: name, problem, character: fault ? named(fault.character) : '', position: fault?.position ?? 0 });
  }
  if (email !== undefined && !/^[^\s<>@\u0000-\u001f\u007f-\u009f\p{Cf}]+@[^\s<>@\u0000-\u001f\u007f-\u009f\p{Cf}]+$/u.test(email))
    problems.push({ field: 'email', value: email, problem: 'not_one_address', character: '', position: 0 });
  if (message !== undefined) {
    const control = firstOf(message, /[\u0000-\u0009\u000b-\u001f\u007f]/);
    const format = firstOf(message, FORMAT);
    if (control !== undefined)
      problems.push({ field: 'message', value: message, problem: 'message_control', character: named(control.character), position: control.position });
    else if (format !== undefined)
      problems.push({ field: 'message', value: message, problem: 'format_character', character: named(format.character), position: format.position });
    else if ((message.split('\n')[0] ?? '').trim() === '')
      problems.push({ field: 'message', value: message, problem: 'subject_empty', character: '', position: 0 });
  }
  return problems;
}

/** The commit message of a write: a subject, then one `key: value` line each for actor, account, app, host and prefixes. */
export function claimCommitMessage(
  change: 'create' | 'update',
  facts: { actor: string; account: string; app: string; host: string; prefixes: number },
): string {
  const subject = `claim: ${change === 'create' ? 'create' : 'set'} ${facts.prefixes} prefix${facts.prefixes === 1 ? '' : 'es'} on ${facts.host}`;
  return `${subject}\n\nactor: ${facts.actor}\naccount: ${facts.account}\napp: ${facts.app}\nhost: ${facts.host}\nprefixes: ${facts.prefixes}\n`;
}

/** How many prefixes of each kind {@link pathsChangeText} names before it counts the rest. */
export const PATHS_CHANGE_SAMPLE = 10;

/**
 * What a wholesale replace of `before` by `after` does, for the write door's
 * success line: `removed N: …; added N: …; changed N: …` (a changed prefix
 * keeps its key and gets another target), each list in code-unit order.
 */
export function pathsChangeText(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string {
  const has = (map: Readonly<Record<string, string>>, key: string) => Object.prototype.hasOwnProperty.call(map, key);
  const removed = Object.keys(before).filter((k) => !has(after, k));
  const added = Object.keys(after).filter((k) => !has(before, k));
  const changed = Object.keys(after).filter((k) => has(before, k) && before[k] !== after[k]);
  const part = (what: string, keys: string[]): string => {
    if (keys.length === 0) return `${what} 0`;
    const sorted = keys.sort();
    const shown = sorted.slice(0, PATHS_CHANGE_SAMPLE).join(', ');
    return `${what} ${keys.length}: ${sorted.length > PATHS_CHANGE_SAMPLE ? `${shown}, … ${sorted.length - PATHS_CHANGE_SAMPLE} more` : shown}`;
  };
  return [part('removed', removed), part('added', added), part('changed', changed)].join('; ');
}

/**
 * Plans replacing the `paths` of `host`'s claim with `paths`. `current` is the
 * claim as it is in the tree (`undefined` when there is none); `owner` is the
 * host's platform and service, used when the claim is new.
 */
export function planClaimPaths(args: {
  host: string;
  actor: string;
  paths: Record<string, string>;
  current: ClaimContent | undefined;
  owner: { account: string; app: string };
  /** True when the claim file exists but could not be read as a claim (it is then replaced whole). */
  unreadable?: boolean;
}): ClaimPathsPlan {
  const { host, actor, paths, current, owner } = args;
  const claim: ClaimContent = { account: current?.account ?? owner.account, app: current?.app ?? owner.app, paths: { ...paths } };
  const text = claimText(claim);
  const path = claimFilePath(host);
  if (current && samePaths(current.paths, paths)) return { change: 'none', path, claim, text, message: '' };
  const change = current || args.unreadable ? 'update' : 'create';
  return {
    change,
    path,
    claim,
    text,
    message: claimCommitMessage(change, { actor, account: claim.account, app: claim.app, host, prefixes: Object.keys(paths).length }),
  };
}
