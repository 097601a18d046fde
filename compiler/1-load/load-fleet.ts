/**
 * The loading (1-load): from the fleet's source files to typed, positioned documents.
 *
 * Each file is classified by its path (SPEC §2 layout), parsed (YAML 1.2 core or
 * strict JSON), scanned for secrets, and validated against its kind's schema.
 * A file with an error is left out of the result; the pipeline stops after this
 * phase when any error was found, so later phases only see valid documents.
 */
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Account } from '../types/generated/account.js';
import type { Claim } from '../types/generated/claim.js';
import type { ClusterState } from '../types/generated/cluster-state.js';
import type { Cluster } from '../types/generated/cluster.js';
import type { Fleet } from '../types/generated/fleet.js';
import type { Landscape } from '../types/generated/landscape.js';
import type { Platform } from '../types/generated/platform.js';
import type { Regions } from '../types/generated/regions.js';
import type { Row } from '../types/generated/row.js';
import type { SharedRow } from '../types/generated/shared-row.js';
import type { VirtualLandscape } from '../types/generated/vlandscape.js';
import { closestName } from '../diagnostics/spelling.js';
import { CANONICAL_ROW_VALUES, canonicalRow } from './canonical-row.js';
import { classifyPath, layoutSuggestion, LAYOUT_SUMMARY, REQUIRED_FILES, type InputKind } from './fleet-layout.js';
import { findSecrets, maskFileDiagnostics } from './find-secrets.js';
import { FILE_SIZE_LIMIT, INPUT_BUDGET, utf8Length, type InputBudget } from './input-limits.js';
import { largestFiles } from './input-sizes.js';
import type { Document } from 'yaml';
import { kargoRowFindings } from './kargo-row-shape.js';
import { jsonDocumentAgain, parseJson } from './parse-json.js';
import { lazyDocument, locate, parseYaml, yamlDocumentAgain, type DocumentPath, type DocumentRemade, type ParsedDocument } from './parse-yaml.js';
import type { HintClock, SchemaValidators } from './schema-validation.js';
import { fileLocation, textUnits, type SourceFile } from './source-file.js';

/** A valid input document: its parsed form (for positions), its typed value and the identity its path carries. */
export interface Loaded<T> {
  readonly parsed: ParsedDocument;
  readonly data: T;
  /** Path segments naming the thing (see {@link classifyPath}). */
  readonly identity: readonly string[];
  /** A row's findings for the row rules, made while it was loaded (see kargo-row-shape.ts). */
  readonly rowFindings?: readonly Diagnostic[];
}

/**
 * What loading one file yields that later phases use, as plain JSON data:
 * what a per-file cache keeps ({@link FileMemo}).
 */
export interface FileRecord {
  /** The values the file holds, counted against the fleet's budget. */
  values: number;
  /** The file's findings of this phase, its secrets masked. */
  diagnostics: Diagnostic[];
  /** The file's value when it loaded without error (it enters the fleet). */
  value?: unknown;
  /** A row's findings for the row rules ({@link Loaded.rowFindings}). */
  rowFindings?: Diagnostic[];
}

/**
 * A per-file cache of {@link FileRecord}s by the file's path and text (the
 * adapter keys them with the compiler's identity too). A file it answers is
 * neither parsed nor validated; its positioned document is made again only
 * if a diagnostic must be placed in it.
 */
export interface FileMemo {
  get(file: SourceFile): FileRecord | undefined;
  set(file: SourceFile, record: FileRecord): void;
  /**
   * The loading is over: the memo is asked and told nothing more, and the
   * records it was given hold the values as loading made them (no later
   * phase ran yet). A cache writes them now, before the analysis holds its
   * memory.
   */
  loaded?(): void;
}

/** What a caller hands the loading besides the files, schemas and budget. */
export interface LoadHooks {
  /**
   * A per-file cache of what loading each file yields ({@link FileMemo}): a
   * file it answers is not parsed or validated again, and is recorded in it
   * when it is.
   */
  fileMemo?: FileMemo;
  /** Told the path of each file whose positioned document is made after loading, when a finding is placed in it or a walk reads positions. */
  documentRemade?: DocumentRemade;
}

/** Every valid input of a fleet, each list sorted by file path. */
export interface LoadedFleet {
  fleet?: Loaded<Fleet>;
  regions?: Loaded<Regions>;
  landscapes: Loaded<Landscape>[];
  vlandscapes: Loaded<VirtualLandscape>[];
  accounts: Loaded<Account>[];
  clusters: Loaded<Cluster>[];
  clusterStates: Loaded<ClusterState>[];
  platforms: Loaded<Platform>[];
  rows: Loaded<Row>[];
  /** The shared charts' rows (`platforms/<platform>/_shared/<chart>/<landscape>.yaml`): not services' rows, so no host, book, sign-in or DNS reads them. */
  sharedRows: Loaded<SharedRow>[];
  claims: Loaded<Claim>[];
}

/** A fleet with nothing loaded. */
export function emptyFleet(): LoadedFleet {
  return { landscapes: [], vlandscapes: [], accounts: [], clusters: [], clusterStates: [], platforms: [], rows: [], sharedRows: [], claims: [] };
}

/**
 * Loads `files` (any order) into a {@link LoadedFleet}. Returns every finding of
 * the phase: parse errors, schema errors, secrets, unrecognized files (a
 * warning) and the absence of `registry/fleet.yaml` or `registry/regions.yaml`.
 * `incomplete` is true when a file is marked `unreadable`. With `now` (Unix
 * seconds), a missing date-time key is hinted with it, and `readsNow` says
 * whether a finding did so (it then holds at that instant only); such a
 * file is not given to the hooks' `fileMemo`.
 *
 * The files together must stay within `budget` (default {@link INPUT_BUDGET}):
 * past its bytes, nothing is parsed (`input_total_too_large`); past its
 * values, files are read in path order and the one that crosses it is
 * refused at the value that did (`input_total_too_many_values`), the rest are
 * left unread, and `incomplete` is true.
 */
export function loadFleet(
  files: readonly SourceFile[],
  schemas: SchemaValidators,
  budget: Readonly<InputBudget> = INPUT_BUDGET,
  folder?: string,
  hooks: LoadHooks = {},
  now?: number,
): { fleet: LoadedFleet; diagnostics: Diagnostic[]; incomplete: boolean; readsNow: boolean } {
  const { fileMemo: memo, documentRemade: remade } = hooks;
  const fleet = emptyFleet();
  const diagnostics: Diagnostic[] = [];
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // An input the adapter could not read (already reported) leaves the fleet incomplete: later phases must not run on it.
  let incomplete = sorted.some((file) => file.unreadable === true);
  // The filesystem adapter refuses such a fleet before reading it; this keeps in-process callers bounded too.
  const inputs = sorted.filter((file) => classifyPath(file.path) !== undefined);
  // A UTF-16 unit is at most 3 bytes of UTF-8: count exactly only when the units could exceed the budget.
  const units = inputs.reduce((sum, file) => sum + textUnits(file), 0);
  const bytes = units * 3 > budget.bytes ? inputs.reduce((sum, file) => sum + (file.known?.bytes ?? utf8Length(file.text)), 0) : units;
  if (bytes > budget.bytes)
    return {
      fleet,
      diagnostics: [
        diagnose({}, 'input_total_too_large', {
          size: bytes,
          limit: budget.bytes,
          largest: largestFiles(inputs.map((file) => ({ path: file.path, bytes: file.known?.bytes ?? utf8Length(file.text) }))),
        }),
      ],
      incomplete: true,
      readsNow: false,
    };
  let values = 0;
  let readsNow = false;
  /** The layout paths a misspelt file name stands for. */
  const explained = new Set<string>();
  for (const file of sorted) {
    if (file.unreadable) continue;
    const entry = classifyPath(file.path);
    if (!entry) {
      // A file one fix away from the layout is the cause of every "does not exist" that would follow: it stops the run after loading.
      const suggestion = layoutSuggestion(file.path, (word, known) => closestName(word, known));
      if (suggestion !== undefined) {
        diagnostics.push(diagnose(fileLocation(file), 'file_name_misspelt', { path: file.path, suggestion }));
        explained.add(suggestion);
        incomplete = true;
      } else diagnostics.push(diagnose(fileLocation(file), 'file_unrecognized', { expected: LAYOUT_SUMMARY }));
      continue;
    }
    // The filesystem adapter refuses such a file before reading it; this keeps in-process callers bounded too.
    if (textUnits(file) > FILE_SIZE_LIMIT / 3 && (file.known?.bytes ?? utf8Length(file.text)) > FILE_SIZE_LIMIT) {
      diagnostics.push(diagnose(fileLocation(file), 'file_too_large', { size: utf8Length(file.text), limit: FILE_SIZE_LIMIT }));
      continue;
    }
    const left = budget.values - values;
    const known = memo?.get(file);
    // A record holds a whole read: past what is left of the budget, the file is read to find where it crosses it.
    if (known !== undefined && known.values <= left) {
      values += known.values;
      diagnostics.push(...known.diagnostics);
      if (known.value !== undefined) addToFleet(fleet, entry.kind, loadedFrom(file, entry.kind, entry.identity, known.value, known.rowFindings, remade));
      continue;
    }
    const clock: HintClock | undefined = now === undefined ? undefined : { now, read: false };
    const read = loadFile(file, entry.kind, schemas, { left, total: budget.values }, clock, remade);
    values += read.values ?? 0;
    readsNow ||= clock?.read === true;
    diagnostics.push(...read.diagnostics);
    if (read.overBudget) {
      incomplete = true;
      break;
    }
    if (read.loaded) addToFleet(fleet, entry.kind, { ...read.loaded, identity: entry.identity });
    // A finding that names now holds at this instant only: a record would replay it at another.
    if (memo && clock?.read !== true && read.values !== undefined && (read.loaded === undefined || jsonSafe(read.loaded.data))) {
      const rowFindings = read.loaded?.rowFindings;
      memo.set(file, {
        values: read.values,
        diagnostics: read.diagnostics,
        ...(read.loaded ? { value: read.loaded.data } : {}),
        ...(rowFindings ? { rowFindings: [...rowFindings] } : {}),
      });
    }
  }
  memo?.loaded?.();
  const present = new Set(sorted.map((f) => f.path));
  // A misspelt name of a required file (registry/fleet.yml) already explains why it is missing: the user is at the fleet root.
  // So does a `registry` the reader refused (a file, or a link to a folder, where the folder belongs).
  const refusedFolder = (required: string) => present.has(required.slice(0, required.indexOf('/')));
  // With fleet.yaml there, the folder is a fleet: a missing regions.yaml is that file to restore, not a wrong working directory.
  const atFleet = present.has('registry/fleet.yaml');
  // Neither file: not a fleet at all, one cause; the finding for fleet.yaml says what a fleet holds. A misspelt
  // fleet.yml is a fleet whose fleet.yaml is already explained: its missing regions.yaml is reported.
  const notAFleet = REQUIRED_FILES.every((required) => !present.has(required) && !explained.has(required));
  for (const required of REQUIRED_FILES) {
    if (notAFleet && required !== 'registry/fleet.yaml') continue;
    if (!present.has(required) && !explained.has(required) && !refusedFolder(required))
      diagnostics.push(
        diagnose({}, 'fleet_file_missing', {
          file: required,
          where: folder === undefined ? '' : ` in ${folder}`,
          fix: atFleet && required === 'registry/regions.yaml' ? 'regions' : 'elsewhere',
          // The reader of the disk names a fleet near the folder, when it finds one (cli/fleet-nearby.ts).
          near: '',
          nearFlag: '',
        }),
      );
  }
  return { fleet, diagnostics, incomplete, readsNow };
}

/**
 * Parses, scans for secrets and validates one `file` of `kind`: its findings
 * (secrets masked), the values it holds (`undefined` when it was not read
 * whole: refused before, or past the value limit), and the loaded document
 * when it has no error. A row's positioned document is dropped once its
 * shape for Kargo is checked (made again only to place a diagnostic, and
 * `remade` told).
 */
function loadFile(
  file: SourceFile,
  kind: InputKind,
  schemas: SchemaValidators,
  valueBudget: { left: number; total: number },
  clock: HintClock | undefined,
  remade: DocumentRemade | undefined,
): { diagnostics: Diagnostic[]; values?: number; overBudget?: true; loaded?: Omit<Loaded<unknown>, 'identity'> } {
  if (kind === 'row' && valueBudget.left >= CANONICAL_ROW_VALUES) {
    // Most rows: read without the YAML library (canonical-row.ts); the schema still judges the value.
    const row = canonicalRow(file.text);
    if (row !== undefined) {
      const parsed = lazyDocument(file, row, () => documentAgain(file, kind), remade);
      if (schemas.validate(kind, parsed).length === 0) return { diagnostics: [], values: CANONICAL_ROW_VALUES, loaded: { parsed, data: row, rowFindings: [] } };
    }
  }
  const result =
    kind === 'claim'
      ? parseJson(file, { valueBudget, ...(remade ? { documentRemade: remade } : {}) })
      : parseYaml(file, { schemaName: `${kind}.schema.json`, valueBudget });
  // Secrets are looked for in a file that does not parse too: its excerpts must not show them either.
  const secrets = findSecrets(file, result.parsed, kind);
  if (result.diagnostics.some((d) => d.code === 'input_total_too_many_values')) {
    return { diagnostics: maskFileDiagnostics(result.diagnostics, file, secrets), overBudget: true };
  }
  // A file refused at the per-file value limit was not read whole.
  const values = result.diagnostics.some((d) => d.code === 'input_too_many_values') ? undefined : result.values;
  const counted = values === undefined ? {} : { values };
  if (!result.parsed) return { diagnostics: maskFileDiagnostics([...result.diagnostics, ...secrets.diagnostics], file, secrets), ...counted };
  const secretPointers = new Set(secrets.diagnostics.filter((d) => d.code === 'input_secret').map((d) => d.pointer));
  const schemaFindings = schemas.validate(kind, result.parsed, clock).filter((d) => !(d.code === 'schema_unknown_property' && secretPointers.has(d.pointer)));
  // `traffic: yes` is already a type error; the quote-it-if-you-mean-a-string warning at the same place would contradict it.
  const refused = new Set(schemaFindings.map((d) => `${d.line}:${d.column}`));
  const parseFindings = result.diagnostics.filter((d) => !(d.code === 'yaml_ambiguous_boolean' && refused.has(`${d.line}:${d.column}`)));
  const diagnostics = maskFileDiagnostics([...parseFindings, ...secrets.diagnostics, ...schemaFindings], file, secrets);
  if (result.diagnostics.some((d) => d.severity === 'error') || secrets.diagnostics.length > 0 || schemaFindings.length > 0) return { diagnostics, ...counted };
  const parsed = result.parsed;
  if (kind !== 'row') return { diagnostics, ...counted, loaded: { parsed, data: parsed.value } };
  const rowFindings = kargoRowFindings(parsed);
  return {
    diagnostics,
    ...counted,
    loaded: { parsed: lazyDocument(file, parsed.value, () => documentAgain(file, kind), remade), data: parsed.value, rowFindings },
  };
}

/** A loaded document from a {@link FileRecord}: its value, and its positioned document made only when asked for (and `remade` told). */
function loadedFrom(
  file: SourceFile,
  kind: InputKind,
  identity: readonly string[],
  value: unknown,
  rowFindings: readonly Diagnostic[] | undefined,
  remade: DocumentRemade | undefined,
): Loaded<unknown> {
  return { parsed: lazyDocument(file, value, () => documentAgain(file, kind), remade), data: value, identity, ...(rowFindings ? { rowFindings } : {}) };
}

/** The positioned document of a `file` of `kind` that loaded without error, made again. */
function documentAgain(file: SourceFile, kind: InputKind): Document.Parsed {
  return kind === 'claim' ? jsonDocumentAgain(file) : yamlDocumentAgain(file);
}

/**
 * True when `value` reads back from JSON as itself: no number JSON cannot
 * write (`.inf`, `.nan`, -0) and no `__proto__` key (which JSON.parse makes
 * an own property). Only such values are kept by a per-file cache.
 */
function jsonSafe(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'number') {
      if (!Number.isFinite(current) || Object.is(current, -0)) return false;
    } else if (current !== null && typeof current === 'object') {
      if (Array.isArray(current)) for (const item of current) stack.push(item);
      else
        for (const key of Object.keys(current)) {
          if (key === '__proto__') return false;
          stack.push((current as Record<string, unknown>)[key]);
        }
    } else if (current !== null && typeof current !== 'string' && typeof current !== 'boolean') return false;
  }
  return true;
}

function addToFleet(fleet: LoadedFleet, kind: InputKind, loaded: Loaded<unknown>): void {
  switch (kind) {
    case 'fleet':
      fleet.fleet = loaded as Loaded<Fleet>;
      return;
    case 'regions':
      fleet.regions = loaded as Loaded<Regions>;
      return;
    case 'landscape':
      fleet.landscapes.push(loaded as Loaded<Landscape>);
      return;
    case 'vlandscape':
      fleet.vlandscapes.push(loaded as Loaded<VirtualLandscape>);
      return;
    case 'account':
      fleet.accounts.push(loaded as Loaded<Account>);
      return;
    case 'cluster':
      fleet.clusters.push(loaded as Loaded<Cluster>);
      return;
    case 'cluster-state':
      fleet.clusterStates.push(loaded as Loaded<ClusterState>);
      return;
    case 'platform':
      fleet.platforms.push(loaded as Loaded<Platform>);
      return;
    case 'row':
      fleet.rows.push(loaded as Loaded<Row>);
      return;
    case 'shared-row':
      fleet.sharedRows.push(loaded as Loaded<SharedRow>);
      return;
    case 'claim':
      fleet.claims.push(loaded as Loaded<Claim>);
      return;
  }
}

/** Location of `path` inside a loaded document (value by default, or its key). */
export function at(loaded: Loaded<unknown>, path: DocumentPath = [], part: 'value' | 'key' = 'value') {
  return locate(loaded.parsed, path, part);
}

/**
 * Drops the positioned YAML documents of `fleet` (the largest part of a
 * loaded fleet in memory, several times its text) and the source files they
 * were parsed from, keeping each document's value. For a caller that, once
 * the checks ran, only emits: no position can be located in the fleet
 * afterwards.
 */
export function releaseDocuments(fleet: LoadedFleet): void {
  const all = [
    fleet.fleet,
    fleet.regions,
    ...fleet.landscapes,
    ...fleet.vlandscapes,
    ...fleet.accounts,
    ...fleet.clusters,
    ...fleet.clusterStates,
    ...fleet.platforms,
    ...fleet.rows,
    ...fleet.sharedRows,
    ...fleet.claims,
  ];
  for (const loaded of all) if (loaded) Object.assign(loaded.parsed, { doc: undefined, file: undefined });
}
