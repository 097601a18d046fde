/**
 * Phase 1: from the fleet's source files to typed, positioned documents.
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
import type { VirtualLandscape } from '../types/generated/vlandscape.js';
import { closestName } from '../diagnostics/spelling.js';
import { classifyPath, layoutSuggestion, LAYOUT_SUMMARY, REQUIRED_FILES, type InputKind } from './fleet-layout.js';
import { findSecrets, maskFileDiagnostics } from './find-secrets.js';
import { FILE_SIZE_LIMIT, INPUT_BUDGET, utf8Length, type InputBudget } from './input-limits.js';
import { parseJson } from './parse-json.js';
import { locate, parseYaml, type DocumentPath, type ParsedDocument } from './parse-yaml.js';
import type { SchemaValidators } from './schema-validation.js';
import { fileLocation, type SourceFile } from './source-file.js';

/** A valid input document: its parsed form (for positions), its typed value and the identity its path carries. */
export interface Loaded<T> {
  readonly parsed: ParsedDocument;
  readonly data: T;
  /** Path segments naming the thing (see {@link classifyPath}). */
  readonly identity: readonly string[];
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
  claims: Loaded<Claim>[];
}

/** A fleet with nothing loaded. */
export function emptyFleet(): LoadedFleet {
  return { landscapes: [], vlandscapes: [], accounts: [], clusters: [], clusterStates: [], platforms: [], rows: [], claims: [] };
}

/**
 * Loads `files` (any order) into a {@link LoadedFleet}. Returns every finding of
 * the phase: parse errors, schema errors, secrets, unrecognized files (a
 * warning) and the absence of `registry/fleet.yaml` or `registry/regions.yaml`.
 * `incomplete` is true when a file is marked `unreadable`.
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
): { fleet: LoadedFleet; diagnostics: Diagnostic[]; incomplete: boolean } {
  const fleet = emptyFleet();
  const diagnostics: Diagnostic[] = [];
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // An input the adapter could not read (already reported) leaves the fleet incomplete: later phases must not run on it.
  let incomplete = sorted.some((file) => file.unreadable === true);
  // The filesystem adapter refuses such a fleet before reading it; this keeps in-process callers bounded too.
  const inputs = sorted.filter((file) => classifyPath(file.path) !== undefined);
  // A UTF-16 unit is at most 3 bytes of UTF-8: count exactly only when the units could exceed the budget.
  const units = inputs.reduce((sum, file) => sum + file.text.length, 0);
  const bytes = units * 3 > budget.bytes ? inputs.reduce((sum, file) => sum + utf8Length(file.text), 0) : units;
  if (bytes > budget.bytes) return { fleet, diagnostics: [diagnose({}, 'input_total_too_large', { size: bytes, limit: budget.bytes })], incomplete: true };
  let values = 0;
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
    if (file.text.length > FILE_SIZE_LIMIT / 3 && utf8Length(file.text) > FILE_SIZE_LIMIT) {
      diagnostics.push(diagnose(fileLocation(file), 'file_too_large', { size: utf8Length(file.text), limit: FILE_SIZE_LIMIT }));
      continue;
    }
    const valueBudget = { left: budget.values - values, total: budget.values };
    const result = entry.kind === 'claim' ? parseJson(file, { valueBudget }) : parseYaml(file, { schemaName: `${entry.kind}.schema.json`, valueBudget });
    values += result.values ?? 0;
    // Secrets are looked for in a file that does not parse too: its excerpts must not show them either.
    const secrets = findSecrets(file, result.parsed, entry.kind);
    if (result.diagnostics.some((d) => d.code === 'input_total_too_many_values')) {
      diagnostics.push(...maskFileDiagnostics(result.diagnostics, file, secrets));
      incomplete = true;
      break;
    }
    if (!result.parsed) {
      diagnostics.push(...maskFileDiagnostics([...result.diagnostics, ...secrets.diagnostics], file, secrets));
      continue;
    }
    const secretPointers = new Set(secrets.diagnostics.filter((d) => d.code === 'input_secret').map((d) => d.pointer));
    const schemaFindings = schemas.validate(entry.kind, result.parsed).filter((d) => !(d.code === 'schema_unknown_property' && secretPointers.has(d.pointer)));
    // `traffic: yes` is already a type error; the quote-it-if-you-mean-a-string warning at the same place would contradict it.
    const refused = new Set(schemaFindings.map((d) => `${d.line}:${d.column}`));
    const parseFindings = result.diagnostics.filter((d) => !(d.code === 'yaml_ambiguous_boolean' && refused.has(`${d.line}:${d.column}`)));
    diagnostics.push(...maskFileDiagnostics([...parseFindings, ...secrets.diagnostics, ...schemaFindings], file, secrets));
    if (result.diagnostics.some((d) => d.severity === 'error') || secrets.diagnostics.length > 0 || schemaFindings.length > 0) continue;
    addToFleet(fleet, entry.kind, { parsed: result.parsed, data: result.parsed.value, identity: entry.identity });
  }
  const present = new Set(sorted.map((f) => f.path));
  // A misspelt name of a required file (registry/fleet.yml) already explains why it is missing: the user is at the fleet root.
  for (const required of REQUIRED_FILES) {
    if (!present.has(required) && !explained.has(required))
      diagnostics.push(diagnose({}, 'fleet_file_missing', { file: required, where: folder === undefined ? '' : ` in ${folder}` }));
  }
  return { fleet, diagnostics, incomplete };
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
    ...fleet.claims,
  ];
  for (const loaded of all) if (loaded) Object.assign(loaded.parsed, { doc: undefined, file: undefined });
}
