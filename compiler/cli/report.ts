/**
 * `diene report [--fleet DIR] [--base DIR] [--out DIR] [--output FILE]`:
 * the Markdown comment for a pull request (compiler/report/pr-report.ts),
 * under GitHub's 65,536-character limit, on stdout or into `--output FILE`.
 *
 * - `--fleet` is the fleet under review (the pull request's head).
 * - `--base DIR` is a checkout of the base branch: its compiled outputs are the
 *   "before" of the changes. When the base does not compile, its committed
 *   `generated/` is used instead and the report says so. Without `--base`, the
 *   "before" is the head's committed output tree (`--out`, default
 *   `<fleet>/generated`): the changes compiling now would make.
 * - The head's committed output tree is also compared with what its inputs
 *   produce (the `--check` verdict), when it exists.
 *
 * - With `--base`, a change or removal of a permanent identifier against the
 *   base is refused (docs/checks.md): the report lists it and the exit code is 1.
 *   A place in the base checkout is named `base:<path in the base>`.
 * - With `--base`, the DNS hosts whose endpoint or credential variable differs
 *   from the base's (or that the base lacks) are listed: `export dns` and
 *   `apply dns` refuse them until the change is merged (docs/hardening.md#credentials).
 *
 * A fleet that does not compile still gets a report (its errors, as a table):
 * the exit code is 0 whenever the report was written (1 when a change was
 * refused against the base), 2 for a usage error or a `--base` that is not a
 * fleet (never read as an empty base).
 * The report never reads the clock; the stale-override warning does (stderr only).
 */
import path from 'node:path';
import { pathExists } from '../adapters/filesystem/files.js';
import { outputFileRefusal, writeOutputFile, type OutputFileOption } from './output-file.js';
import { outputFileReaders, readOutputTree } from '../adapters/filesystem/output-tree.js';
import { diagnoseFinding, hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { comparePermanence, inputValidators, loadInputs, planFleet, type CompileOptions, type PipelineHooks, type PlannedFleet } from '../index.js';
import type { LoadHooks } from '../1-load/load-fleet.js';
import { withOutputManifest } from '../3-emit/output-manifest.js';
import { madeOutputs } from '../3-emit/output-plan.js';
import { pairOutputs } from '../report/paired-outputs.js';
import { outputChanges } from '../plan/output-changes.js';
import { rowDeploys, type RowDeploy } from '../plan/row-deploys.js';
import { renderReport, reportJson, type ReportInput } from '../report/pr-report.js';
import { resilienceDelta } from '../report/resilience-delta.js';
import { userChanges } from '../report/user-changes.js';
import { dnsIntent } from '../2-analyze/dns-names.js';
import { toJson } from '../3-emit/serialize.js';
import type { SourceFile } from '../1-load/source-file.js';
import {
  EXIT,
  fleetRoot,
  fromFleetRoot,
  fromHelp,
  invalidValue,
  nowSeconds,
  readFleet,
  stringOption,
  type Command,
  type CommandInput,
  type CommandResult,
} from './command.js';
import { reportHelp } from './report.help.js';
import { baseHostsOf } from './endpoint-review.js';
import { endpointChanges } from '../plan/endpoint-changes.js';
import { repositoryPrefix, whyBaseNotFleet } from './repository-paths.js';
import { toolVersion } from '../adapters/filesystem/tool-version.js';
import { counted } from '../diagnostics/counted.js';

/**
 * Plans the outputs of the fleet `read` from `root` (made when compared, not
 * here), the read diagnostics included. `hooks.loaded`: its files already
 * loaded with the same options (`loadInputs`), not loaded again.
 */
function planAt(
  root: string,
  read: { files: SourceFile[]; diagnostics: Diagnostic[] },
  options: Omit<CompileOptions, 'folder'>,
  hooks: PipelineHooks = {},
): PlannedFleet {
  const result = planFleet(read.files, { folder: root, ...options }, hooks);
  return { ...result, diagnostics: sortDiagnostics([...read.diagnostics, ...result.diagnostics]) };
}

/** The prefix of a base file's name in the report: `base:registry/fleet.yaml`, the path inside the base checkout. */
export const BASE_FILE_PREFIX = 'base:';

/**
 * `diagnostic` with its files in the base checkout (named `<label>/<file>`,
 * `label` the base folder relative to the fleet root) renamed
 * `base:<file>`: the report is read on the pull request, where the runner's
 * folder layout means nothing.
 */
function namedAsBase(diagnostic: Diagnostic, label: string): Diagnostic {
  const rename = (file: string | null): string | null =>
    file !== null && label !== '' && file.startsWith(`${label}/`) ? `${BASE_FILE_PREFIX}${file.slice(label.length + 1)}` : file;
  return { ...diagnostic, file: rename(diagnostic.file), related: diagnostic.related.map((r) => ({ ...r, file: rename(r.file) })) };
}

function freshness(committed: ReadonlyMap<string, string>, wanted: ReadonlyMap<string, string>): { fresh: boolean; differing: number; total: number } {
  const differing = outputChanges(committed, wanted).files.length;
  return { fresh: differing === 0, differing, total: wanted.size };
}

/** What `diene report` may skip without changing a byte of the report; a test turns it off to compare. */
export interface ReportOptions {
  /**
   * Run both revisions' drills even when their outlines are the same, make
   * both revisions' outputs even where their slice keys are the same, and
   * load the base's inputs for the permanence checks apart from its compile
   * (default false).
   */
  inFull?: boolean;
  /** What each load of the base's inputs is handed (a test counts the loads by `fileMemo.loaded`). */
  baseHooks?: LoadHooks;
}

/** `--output`, with the file a refusal suggests instead. */
const REPORT_FILE: OutputFileOption = { option: '--output', example: 'report.md' };

/** `diene report` (see the top of this file). */
export async function runReport({ values, format }: CommandInput, options: ReportOptions = {}): Promise<CommandResult> {
  const root = fleetRoot(values);
  const now = nowSeconds(values);
  const outFlag = stringOption(values, 'out');
  const outDir = outFlag === undefined ? path.join(root, 'generated') : path.resolve(outFlag);
  const baseFlag = stringOption(values, 'base');
  const baseRoot = baseFlag === undefined ? undefined : path.resolve(baseFlag);
  const notFleet = baseRoot === undefined || baseFlag === undefined ? undefined : whyBaseNotFleet(baseRoot, baseFlag, repositoryPrefix(root, values), 'report');
  if (notFleet !== undefined && baseRoot !== undefined)
    return { diagnostics: [diagnoseFinding({ file: fromFleetRoot(root, baseRoot) }, notFleet)], exitCode: EXIT.invalid };
  const maxFlag = stringOption(values, 'max-chars');
  if (maxFlag !== undefined && !/^\d+$/.test(maxFlag)) throw invalidValue('--max-chars', maxFlag, 'a number of characters', '--max-chars 20000');
  const output = stringOption(values, 'output');
  // Refused before anything is read: never an input of the fleet or the base, never a file of the committed output tree.
  const refused = output === undefined || output === '-' ? undefined : outputFileRefusal(output, REPORT_FILE, [root, ...(baseRoot ? [baseRoot] : [])], outDir);
  if (refused) return { diagnostics: [refused], exitCode: EXIT.invalid };

  // The base is read once and loaded once: its inputs are compared with the head's permanent identifiers, then compiled.
  const inFull = options.inFull === true;
  const planning = { nowSeconds: now, validators: inputValidators() };
  const baseRead = baseRoot === undefined ? undefined : await readFleet(baseRoot);
  const baseRevision = baseRead && baseRoot !== undefined ? { files: baseRead.files, label: fromFleetRoot(root, baseRoot) } : undefined;
  const head = planAt(root, await readFleet(root), planning);
  const baseHooks = options.baseHooks ?? {};
  // In full, the permanence checks load the base apart from its compile, as `compile --check --base` does.
  const baseLoaded =
    baseRead && baseRoot !== undefined && head.model
      ? loadInputs(baseRead.files, inFull ? { validators: planning.validators } : { folder: baseRoot, ...planning }, baseHooks)
      : undefined;
  const compared = baseLoaded && baseRevision && head.model ? comparePermanence({ loaded: baseLoaded, label: baseRevision.label }, head.model.loaded) : [];
  const permanence = compared.map((d) => (baseRevision ? namedAsBase(d, baseRevision.label) : d));
  const refusals = permanence.filter((d) => d.severity === 'error');
  const diagnostics = sortDiagnostics([...head.diagnostics, ...permanence.filter((d) => d.severity === 'warning')]);
  const invalid = hasErrors(head.diagnostics) || !head.plan;
  const hasCommitted = pathExists(outDir);
  const notes: string[] = [];
  let before: ReadonlyMap<string, string> | undefined;
  let after: ReadonlyMap<string, string> | undefined;
  let total: number | undefined;
  let fresh: ReportInput['freshness'];
  // With no output tree on disk (none committed yet), every file is new: said so, not "the committed generated/".
  let comparedWith = hasCommitted
    ? `against the committed ${path.relative(root, outDir) || '.'}/`
    : `against an empty tree (no ${path.relative(root, outDir) || '.'}/ yet)`;
  let note: string | undefined;
  let deploys: RowDeploy[] | undefined;
  let resilience: ReportInput['resilience'];
  // What the live DNS commands would refuse until this change is merged (cli/endpoint-review.ts): listed for the reviewer.
  const baseFleetYaml = baseRevision?.files.find((f) => f.path === 'registry/fleet.yaml');
  const baseHosts = baseFleetYaml ? baseHostsOf(baseFleetYaml.text, baseFleetYaml.path) : undefined;
  const endpoints = baseHosts && head.model ? endpointChanges(head.model.settings.dns.hosts, baseHosts) : undefined;
  if (baseRoot !== undefined && baseRead !== undefined && !invalid && head.plan) {
    const base = planAt(baseRoot, baseRead, planning, inFull || !baseLoaded ? baseHooks : { loaded: baseLoaded });
    if (base.plan && !hasErrors(base.diagnostics)) {
      // Only the files that differ are held (report/paired-outputs.ts); the committed tree is compared file by file.
      const paired = pairOutputs(base.plan, head.plan, hasCommitted ? outputFileReaders(outDir) : undefined, { everyOutput: options.inFull === true });
      ({ before, after, total } = paired);
      fresh = paired.freshness;
      comparedWith = 'against the base branch';
      deploys = rowDeploys(base.model?.platforms ?? [], head.model?.platforms ?? []);
      if (base.model && head.model) resilience = { losses: resilienceDelta(base.model, head.model, { always: options.inFull === true }) };
    } else {
      const baseOut = path.join(baseRoot, 'generated');
      before = pathExists(baseOut) ? await readOutputTree(baseOut) : new Map();
      comparedWith = "against the base branch's committed generated/";
      note = `The base branch does not compile with this diene (${counted(base.diagnostics.filter((d) => d.severity === 'error').length, 'error')}); its committed generated/ was compared instead.`;
      notes.push(`note: the base fleet at ${baseRoot} does not compile; compared with its committed generated/`);
    }
  }
  if (!invalid && head.plan && after === undefined) {
    const outputs = withOutputManifest(madeOutputs(head.plan));
    const committed = hasCommitted ? await readOutputTree(outDir) : undefined;
    before ??= committed ?? new Map();
    after = outputs;
    total = outputs.size;
    if (committed) fresh = freshness(committed, outputs);
  }
  // What the change does for users: DNS answers, route paths, books, gateways (compiler/report/user-changes.ts).
  const users = before && after && head.model ? userChanges(dnsIntent(head.model), before, after) : undefined;
  const input: ReportInput = {
    version: toolVersion(),
    diagnostics,
    // The trees may hold only the files that differ (report/paired-outputs.ts): the count is the head tree's.
    ...(before && after && total !== undefined ? { changes: { ...outputChanges(before, after), total } } : {}),
    ...(refusals.length > 0 ? { refusals } : {}),
    ...(deploys ? { deploys } : {}),
    ...(endpoints ? { endpoints } : {}),
    comparedWith,
    ...(fresh ? { freshness: fresh } : {}),
    platforms: head.model?.platforms ?? [],
    ...(note ? { note } : {}),
    ...(users ? { users } : {}),
    ...(resilience ? { resilience } : {}),
  };
  // JSON is the whole report, never shortened: a program reads it, not GitHub.
  const markdown = format === 'json' ? toJson(reportJson(input)) : renderReport(input, maxFlag !== undefined ? { maxChars: Number(maxFlag) } : {});
  // `-` is stdout, as for every program that takes an output file.
  if (output !== undefined && output !== '-') {
    const exitCode = refusals.length > 0 ? EXIT.stale : EXIT.ok;
    const failed = writeOutputFile(output, markdown, REPORT_FILE, { verdict: 'none', exit: exitCode, then: 'other' });
    if (failed) return { diagnostics: [...diagnostics, ...refusals, failed], notes, exitCode: EXIT.invalid };
    notes.push(`wrote the report (${markdown.length} characters) to ${output}`);
    return { diagnostics: [...diagnostics, ...refusals], notes, exitCode };
  }
  return { stdout: markdown, diagnostics: [...diagnostics, ...refusals], notes, exitCode: refusals.length > 0 ? EXIT.stale : EXIT.ok };
}

export const reportCommand: Command = { ...fromHelp(reportHelp), run: (input) => runReport(input) };
