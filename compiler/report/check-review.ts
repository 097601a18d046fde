/**
 * The terminal and CI-log view of a stale output tree (`diene compile --check`,
 * exit 1): a summary first (files missing, changed, extra, as the notes on
 * stderr name them; objects added, changed, removed), then the unified diff cut at a readable number of
 * lines, ending with a pointer to the full diff. Colour only when the caller
 * says so (a TTY without NO_COLOR: see {@link useColour}). Names and diff
 * lines (a file in the output directory may hold anything) are escaped
 * before colouring: each stays on its line and none is a GitHub workflow
 * command. Pure.
 */
import { printable, withoutWorkflowCommands } from '../diagnostics/format.js';
import { changeCounts, type OutputChanges } from '../plan/output-changes.js';
import { counted } from '../diagnostics/counted.js';
import { shellWord } from '../diagnostics/shell-word.js';

// It lives beside the text form: the CLI front end needs it without the review's modules.
export { useColour } from '../diagnostics/format.js';

/** How to print the review. */
export interface ReviewOptions {
  /** ANSI colours on. */
  colour: boolean;
  /** Most diff lines printed; `Infinity` prints all. */
  diffLines: number;
  /** Where the full diff was written, when it was. */
  diffFile?: string;
  /** Most object lines listed in the summary. */
  objectLines?: number;
  /** The output directory as the user should read it, for the hint. */
  outDir: string;
  /** Files diene did not write (added by hand): no generated files; `diene compile` refuses them rather than removing them. */
  foreign?: ReadonlySet<string>;
  /** Generated files edited by hand after diene wrote them: `diene compile` refuses them rather than rewriting them. */
  edited?: ReadonlySet<string>;
}

const ANSI = { reset: '\u001b[0m', bold: '\u001b[1m', red: '\u001b[31m', green: '\u001b[32m', yellow: '\u001b[33m', cyan: '\u001b[36m' } as const;

function paint(colour: boolean, code: keyof typeof ANSI, text: string): string {
  return colour ? `${ANSI[code]}${text}${ANSI.reset}` : text;
}

const STATUS_COLOUR = { created: 'green', added: 'green', changed: 'yellow', removed: 'red' } as const;

/**
 * A file's state as `--check` names it everywhere (the notes, the findings, a compile's note): the tree on disk against what
 * the inputs produce, not the change a compile would make (a missing file is created, an extra one removed).
 */
const FILE_STATE = { created: 'missing', changed: 'changed', removed: 'extra' } as const;

/**
 * The summary block: one headline, the files, then the objects (at most
 * `objectLines`, the rest counted). The headline counts the generated files
 * that differ (one edited by hand among them) apart from the files diene did
 * not write (`foreign`): those are no generated files, and compile refuses them.
 */
export function formatSummary(changes: OutputChanges, options: Pick<ReviewOptions, 'colour' | 'objectLines' | 'foreign' | 'edited'>): string {
  const { colour } = options;
  const foreign = options.foreign ?? new Set<string>();
  const edited = options.edited ?? new Set<string>();
  // A file added by hand is not "removed" by a compile (it refuses it), and its objects are not diene's to count.
  const files = changes.files.map((f) => (foreign.has(f.file) ? { ...f, objects: [] } : f));
  const generated = files.filter((f) => !foreign.has(f.file));
  const counts = changeCounts({ ...changes, files: generated.filter((f) => !edited.has(f.file)) });
  const objectCounts = changeCounts({ ...changes, files }).objects;
  const editedCount = generated.length - generated.filter((f) => !edited.has(f.file)).length;
  const addedCount = files.length - generated.length;
  const notOurs = editedCount + addedCount;
  const them = notOurs === 1 ? 'it' : 'them';
  const label = (file: (typeof files)[number]): { text: string; colour: keyof typeof ANSI } =>
    foreign.has(file.file)
      ? { text: 'foreign', colour: 'red' }
      : edited.has(file.file)
        ? { text: 'edited', colour: 'red' }
        : { text: FILE_STATE[file.status], colour: STATUS_COLOUR[file.status] };
  const ours =
    generated.length > 0
      ? `${counted(generated.length, 'generated file')} of ${changes.total} ${generated.length === 1 ? 'differs' : 'differ'} from what the inputs produce: ` +
        `${counts.files.created} missing, ${counts.files.changed} changed, ${counts.files.removed} extra` +
        (editedCount > 0 ? `, ${editedCount} edited by hand` : '') +
        `; objects: ${objectCounts.added} added, ${objectCounts.changed} changed, ${objectCounts.removed} removed`
      : `the ${changes.total} generated files match what the inputs produce`;
  const notDienes =
    (addedCount > 0 ? `; ${counted(addedCount, 'file')} diene did not write (added by hand)` : '') +
    (notOurs > 0 ? `; \`diene compile\` refuses what was added or edited by hand: restore or move ${them} yourself` : '');
  const lines = [paint(colour, 'bold', `${ours}${notDienes}`), '', 'files:'];
  const shown = (text: string): string => printable(text, 'line');
  const width = Math.max(...files.map((f) => shown(f.file).length), 0);
  for (const file of files) {
    const tally = (['added', 'changed', 'removed'] as const)
      .map((status) => [status, file.objects.filter((o) => o.status === status).length] as const)
      .filter(([, n]) => n > 0)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ');
    const { text, colour: tint } = label(file);
    lines.push(`  ${paint(colour, tint, text.padEnd(8))} ${shown(file.file).padEnd(width)}${tally ? `  objects: ${tally}` : ''}`.trimEnd());
  }
  const objects = files.flatMap((f) => f.objects);
  if (objects.length > 0) {
    lines.push('', 'objects:');
    const limit = options.objectLines ?? 40;
    for (const object of objects.slice(0, limit))
      lines.push(`  ${paint(colour, STATUS_COLOUR[object.status], object.status.padEnd(8))} ${shown(object.object)}  (${shown(object.file)})`);
    if (objects.length > limit) lines.push(`  … and ${objects.length - limit} more object changes`);
  }
  return `${lines.join('\n')}\n`;
}

function colourDiffLine(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---')) return paint(true, 'bold', line);
  if (line.startsWith('+')) return paint(true, 'green', line);
  if (line.startsWith('-')) return paint(true, 'red', line);
  if (line.startsWith('@@')) return paint(true, 'cyan', line);
  return line;
}

const SEPARATOR = '='.repeat(67);

/** Files whose part of `patchLines` does not end before line index `cut` (each part opens with the separator the `diff` package writes). */
function filesCut(patchLines: readonly string[], cut: number): string[] {
  const starts: { at: number; file: string }[] = [];
  patchLines.forEach((line, i) => {
    if (line !== SEPARATOR) return;
    const minus = patchLines[i + 1] ?? '';
    const plus = patchLines[i + 2] ?? '';
    const file = plus.startsWith('+++ b/') ? plus.slice('+++ b/'.length) : minus.replace(/^--- a\//, '');
    starts.push({ at: i, file });
  });
  return starts.filter((start, k) => (starts[k + 1]?.at ?? patchLines.length) > cut).map((start) => start.file);
}

/** The unified diff cut at `diffLines` lines, with a closing pointer to the full diff when cut. */
export function formatDiff(patch: string, options: Pick<ReviewOptions, 'colour' | 'diffLines' | 'diffFile' | 'outDir'>): string {
  const lines = patch.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const shown = lines.slice(0, options.diffLines);
  const text = shown
    .map((line) => withoutWorkflowCommands(printable(line, 'line')))
    .map((line) => (options.colour ? colourDiffLine(line) : line))
    .join('\n');
  if (shown.length === lines.length) return text ? `${text}\n` : '';
  const cutInside = filesCut(lines, shown.length);
  const where = options.diffFile
    ? `the full diff is in ${options.diffFile}`
    : `for the full diff run \`diene compile --check --diff-lines all\`, or \`diene compile --out ${shellWord(options.outDir)}\` and \`git diff\``;
  const rest = lines.length - shown.length;
  return `${text}\n${paint(
    options.colour,
    'bold',
    `… ${rest} more diff line${rest === 1 ? '' : 's'} not shown${
      cutInside.length
        ? ` (files not shown in full: ${cutInside
            .slice(0, 10)
            .map((file) => printable(file, 'line'))
            .join(', ')}${cutInside.length > 10 ? `, and ${cutInside.length - 10} more` : ''})`
        : ''
    }; ${where}`,
  )}\n`;
}

/** The whole review: summary, a blank line, then the capped diff. */
export function formatReview(changes: OutputChanges, patch: string, options: ReviewOptions): string {
  return `${formatSummary(changes, options)}\n${formatDiff(patch, options)}`;
}
