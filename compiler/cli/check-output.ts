/**
 * What `diene compile --check` prints when the output tree is stale (exit 1),
 * for a person at a terminal and for a pull request's CI log:
 * stdout gets the review (summary first, then the unified diff cut at
 * `--diff-lines` (diff-lines.ts), with a pointer to the
 * full diff); `--diff-file FILE` also writes the whole diff to FILE; each
 * changed, missing or extra file is also a finding (`output_stale`), which the
 * github form makes an annotation (at most 10, the rest counted) and the sarif
 * form a result. Colour only when stdout is a TTY and NO_COLOR is unset.
 */
import path from 'node:path';
import type { ChoiceOf } from '../diagnostics/catalog.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { outputChanges } from '../plan/output-changes.js';
import { octal, outputFileOrder, type OutputTreeDiff } from '../plan/output-tree-diff.js';
import { formatReview, useColour } from '../report/check-review.js';
import { MANIFEST_FILE } from '../3-emit/output-manifest.js';
import { fromFleetRoot, shownPath, stringOption, type OptionValues } from './command.js';
import { diffLinesOption } from './diff-lines.js';
import { realOutputPath } from '../adapters/filesystem/output-location.js';
import { shellWord } from '../diagnostics/shell-word.js';
import type { ForeignFinding, OutputForeignError } from '../adapters/filesystem/output-tree.js';
import { foreignDiagnostic, foreignDiagnostics, type ForeignPlace } from './output-refusals.js';

/**
 * The files of the diff that are not diene's (added or edited by hand, found by
 * the look `diene compile` takes before it writes): output-relative path → finding.
 * A folder diene does not own covers every file in it.
 */
export function foreignFiles(diff: OutputTreeDiff, outDir: string, foreign: OutputForeignError | undefined): Map<string, ForeignFinding> {
  const byFile = new Map<string, ForeignFinding>();
  const inTree = (foreign?.findings ?? []).filter((f) => f.sibling === undefined);
  for (const file of [...diff.stale, ...diff.extra]) {
    const finding = inTree.find((f) => {
      const relative = path.relative(outDir, f.path).split(path.sep).join('/');
      return f.path.endsWith('/') ? file.startsWith(`${relative}/`) : relative === file;
    });
    if (finding) byFile.set(file, finding);
  }
  return byFile;
}

/**
 * What a stale `--check` counts, the same on stdout (the review) and stderr
 * (the notes): `generated`, the generated files that differ (the manifest
 * `.diene-manifest.json` is one of them, and so is a file edited by hand),
 * `edited` among them, and `added`, the files diene did not write, which are
 * no generated files.
 */
export function checkCounts(diff: OutputTreeDiff, foreign: ReadonlyMap<string, ForeignFinding>): { generated: string[]; edited: string[]; added: string[] } {
  const all = [...diff.stale, ...diff.missing, ...diff.extra].sort(outputFileOrder);
  const edited = all.filter((file) => foreign.get(file)?.reason === 'changed');
  const added = all.filter((file) => foreign.has(file) && foreign.get(file)?.reason !== 'changed');
  return { generated: all.filter((file) => !added.includes(file)), edited, added };
}

/**
 * The compile that makes a stale `--check` pass, with the --fleet and --out it was given, quoted for a shell: run from where the
 * check ran (a CI job's workspace), a bare `diene compile` would not find a fleet in a subfolder, or would write another tree.
 */
export function compileCommandLine(values: OptionValues): string {
  const fleet = stringOption(values, 'fleet');
  const out = stringOption(values, 'out');
  return [
    'diene compile',
    ...(fleet !== undefined && fleet !== '.' ? [`--fleet ${shellWord(fleet)}`] : []),
    ...(out !== undefined ? [`--out ${shellWord(out)}`] : []),
  ].join(' ');
}

/**
 * The stdout review and the findings of a stale `--check`, files named from
 * the fleet root `root`: one `output_stale` per file `diene compile` would
 * rewrite or remove, one `output_foreign_file` per entry it would refuse
 * (`foreign`: added or edited by hand; the user clears those, not compile).
 * `wanted` and `onDisk` may hold only the files that differ, with `total` the
 * number of files the inputs produce; `modes` the files whose bytes are the
 * wanted ones but not their mode ([on disk, a write's]); `place` where the
 * foreign entries are (output-refusals.ts). The review points to `--diff-file`
 * when given; compile.ts writes it.
 */
export async function staleCheckOutput(input: {
  wanted: ReadonlyMap<string, string>;
  onDisk: ReadonlyMap<string, string>;
  modes?: ReadonlyMap<string, readonly [number, number]>;
  /** The number of files the inputs produce (default: all of `wanted`). */
  total?: number;
  diff: OutputTreeDiff;
  outDir: string;
  root: string;
  values: OptionValues;
  foreign?: OutputForeignError | undefined;
  place: ForeignPlace;
}): Promise<{ stdout: string; findings: Diagnostic[] }> {
  const diffLines = diffLinesOption(input.values);
  const diffFile = stringOption(input.values, 'diff-file');
  const outRelative = shownPath(input.outDir);
  const foreign = foreignFiles(input.diff, input.outDir, input.foreign);
  const byBytes = outputChanges(input.onDisk, input.wanted);
  // A file whose mode alone differs is changed too (a write rewrites it), with no object changed.
  const byMode = [...(input.modes?.keys() ?? [])].map((file) => ({ status: 'changed' as const, file, objects: [] }));
  const changes = { ...byBytes, files: [...byBytes.files, ...byMode].sort((a, b) => outputFileOrder(a.file, b.file)) };
  const counts = checkCounts(input.diff, foreign);
  const stdout = formatReview({ ...changes, total: input.total ?? changes.total }, input.diff.patch, {
    colour: useColour(process.stdout.isTTY, process.env),
    diffLines,
    outDir: outRelative,
    foreign: new Set(counts.added),
    edited: new Set(counts.edited),
    ...(diffFile !== undefined ? { diffFile } : {}),
  });
  // The output directory is resolved through symbolic links: so is the fleet root it is named from.
  const root = realOutputPath(input.root);
  const where = (file: string) => fromFleetRoot(root, path.join(input.outDir, file));
  const command = compileCommandLine(input.values);
  const finding = (file: string, state: ChoiceOf<'output_stale', 'state'>, mode: readonly [string, string] = ['', '']) => {
    const refused = foreign.get(file);
    return refused
      ? foreignDiagnostic(refused, input.place)
      : diagnose({ file: where(file) }, 'output_stale', { path: shownPath(path.join(input.outDir, file)), state, mode: mode[0], wanted: mode[1], command });
  };
  // What compile refuses that is in no file of the diff: a sibling's entry, a folder, a link, a manifest that cannot be trusted.
  const matched = new Set(foreign.values());
  const unmatched = input.foreign
    ? input.foreign.manifest
      ? foreignDiagnostics(input.foreign, input.place)
      : input.foreign.findings.filter((f) => !matched.has(f)).map((f) => foreignDiagnostic(f, input.place))
    : [];
  const files = [
    ...input.diff.stale.map((f) => {
      const mode = input.modes?.get(f);
      return mode ? finding(f, 'mode', [octal(mode[0]), octal(mode[1])]) : finding(f, 'changed');
    }),
    ...input.diff.missing.map((f) => finding(f, 'missing')),
    ...input.diff.extra.map((f) => finding(f, 'extra')),
  ];
  // The manifest's finding last, as in the review and the diff.
  const manifest = where(MANIFEST_FILE);
  const all = [...files.filter((d) => d.file !== manifest), ...unmatched, ...files.filter((d) => d.file === manifest)];
  // What blocks `diene compile` comes first: annotations are capped, and these are the ones a user must act on by hand.
  const findings = [...all.filter((d) => d.code !== 'output_stale'), ...all.filter((d) => d.code === 'output_stale')];
  return { stdout, findings };
}
