/** The help of `diene compile` (see help.ts). */
import { strictOptionHelp, withFormats } from './help.js';

export const compileHelp = withFormats({
  name: 'compile',
  summary: 'Compile the fleet and write the output tree (or, with --check, compare it with the tree on disk).',
  usage:
    'diene compile [--fleet DIR] [--out DIR] [--check [--base DIR] [--diff-lines N|all] [--diff-file FILE]] [--strict] [--serial N] [--lock-timeout SECONDS] [--cache DIR | --no-cache] [--format FORM [--output FILE]] [--path-prefix DIR]',
  description: [
    'Writes every generated file all-or-nothing into the output directory, and refuses (exit 2) when that directory holds a file diene did not write. With --check it writes nothing: it exits 1 when the tree on disk differs from what the inputs produce, with a summary and a unified diff.',
    'Under GitHub Actions (GITHUB_ACTIONS=true) --check also appends a Markdown summary of its verdict and findings to the file GITHUB_STEP_SUMMARY names.',
    'A cache remembers each run: when no input, option or compiler changed and the output directory already holds exactly what they produce, the run neither analyses the fleet nor writes; when some input changed, an output made from parts of the fleet that did not change is not made again, its file kept as it is; an input whose stamp (inode, size, modification and change time) is the one recorded when it was last read, a minute or more after its last change, is not read again (docs/performance.md). Its result is always the one of a run without the cache.',
  ],
  options: [
    {
      name: 'out',
      type: 'string',
      value: 'DIR',
      description: 'Where the output tree goes. Default: generated/ inside the fleet.',
      example: 'diene compile --out /tmp/generated',
    },
    {
      name: 'check',
      type: 'boolean',
      description: 'Write nothing; exit 1 when the output tree is stale (the diff on stdout), 0 when it is fresh.',
      example: 'diene compile --check',
    },
    {
      name: 'base',
      type: 'string',
      value: 'DIR',
      description:
        'With --check: a checkout of the base branch; a change or removal of a permanent identifier (issuer URL, region, base or spare domain, virtual landscape, intake name, Doc A place) against it is refused with exit 1 unless fleet.yaml retires it, and so is the removal of a cluster whose traffic is on in the base (turn traffic off in a change of its own first; docs/checks.md); the output tree is compared all the same, its stale files listed after the refusal.',
      example: 'diene compile --check --base ../base',
    },
    {
      name: 'diff-lines',
      type: 'string',
      value: 'N|all',
      description: 'With --check (refused without it): print at most N lines of the diff (default 400), or all of it.',
      example: 'diene compile --check --diff-lines all',
    },
    {
      name: 'diff-file',
      type: 'string',
      value: 'FILE',
      description:
        'With --check (refused without it): also write the whole diff to FILE, an empty file when the tree is fresh. Missing folders above FILE are made; a FILE inside an input folder or the output directory is refused (output_file_in_fleet), also through a symbolic link whose target is missing, and so is - (stdout carries the review); one the system refuses is exit 2 after the check (output_file_write_failed).',
      example: 'diene compile --check --diff-file /tmp/stale.diff',
    },
    {
      name: 'output',
      type: 'string',
      value: 'FILE',
      description:
        'With --format json or sarif: write the diagnostics (the json array, the SARIF log) to FILE instead of stderr, for a later step to upload. - is stdout: the log is then all that stdout holds, and the review of a --check goes to stderr. Missing folders above FILE are made; a FILE inside an input folder or the output directory is refused, one the system refuses is exit 2 with the log on stderr.',
      example: 'diene compile --check --format sarif --output diene.sarif',
    },
    strictOptionHelp('diene compile --check --strict'),
    {
      name: 'path-prefix',
      type: 'string',
      value: 'DIR',
      description:
        "The fleet's folder relative to the repository root, put before the file of every finding in every form (text, json, github, sarif and the step summary) so that GitHub, and whoever reads the log, finds the file. Without it the github and sarif forms and the step summary put the fleet's folder below the git work tree holding it (the folder with .git), else nothing; the json form names files from the fleet root and the text form from the working directory. A file outside the repository (an --out beside it) gets no file in the github and sarif forms: the message names it. It is also the folder fleet.yaml's git.path must name (git_path_mismatch).",
      example: 'diene compile --check --fleet fleets/prod --format sarif --path-prefix fleets/prod',
    },
    {
      name: 'cache',
      type: 'string',
      value: 'DIR',
      description:
        "The folder of the compile cache (content-addressed: the digests of the inputs' texts, the compiler and the options are the key; a broken entry is ignored with a warning; a folder that cannot be written only costs speed: what cannot be kept there is redone by a later run, and one warning names the path that failed: cache_not_kept, cache_file_in_the_way for a file where a folder belongs, cache_folder_is_file for a --cache that is a file; not with --no-cache). Default: $XDG_CACHE_HOME/diene, else ~/.cache/diene (made with mode 0700). A folder inside the fleet, its git work tree or the working directory's, owned by another user, writable by others, or with a symbolic link among its folders is not used (cache_folder_in_fleet, cache_folder_unsafe); every entry is sealed with the user's own key ($XDG_STATE_HOME/diene/cache-key), so a cache copied, restored or forged is ignored (docs/hardening.md). In a CI job (CI or GITHUB_ACTIONS set) --check uses no cache unless --cache names one.",
      example: 'diene compile --cache ~/.cache/diene-ci',
    },
    {
      name: 'no-cache',
      type: 'boolean',
      description:
        'Neither read nor fill the cache: read every input and analyse the fleet from scratch, as on a file system whose file times cannot be trusted (not with --cache DIR: both are refused).',
      example: 'diene compile --no-cache',
    },
    {
      name: 'lock-timeout',
      type: 'string',
      value: 'SECONDS',
      description:
        'How long to wait for another diene writing the same output directory (its lock file, .<out>.lock beside it) before refusing with output_busy: a whole number of 0…3600. Default 10.',
      example: 'diene compile --lock-timeout 60',
    },
    {
      name: 'serial',
      type: 'string',
      value: 'N',
      description: 'The serial stamped into the address books (a whole number that only grows). Default 0.',
      example: 'diene compile --serial 1732147200',
    },
  ],
  diagnosticFormats: ['text', 'json', 'github', 'sarif'],
  examples: [
    { command: 'diene compile --fleet examples/reference', does: 'Writes examples/reference/generated/.' },
    { command: 'diene compile --check --quiet', does: 'In CI: exit 1 when a pull request forgot to commit the regenerated files; errors only.' },
    { command: 'diene compile --check --strict', does: 'The same gate, and a warning (a pin Kargo never discovers, say) fails it too: exit 2.' },
    {
      command: 'diene compile --check --format sarif 2> diene.sarif',
      does: 'For GitHub code scanning: the findings, each stale file among them, as a SARIF 2.1.0 log on stderr (the review stays on stdout).',
    },
  ],
  exitCodes: [
    { code: 0, means: 'written (or, with --check, fresh)' },
    {
      code: 1,
      means:
        '--check: the output tree is stale, or a permanent identifier changed or a traffic-on cluster was removed against --base (both said when both happen)',
    },
    {
      code: 2,
      means:
        'invalid input or usage, an output directory it may not write, a --diff-file or --output refused or not writable (after a --check, its verdict is said), an input that changed while it compiled, or, with --strict, a warning (nothing written; before a stale tree: 2, not 1)',
    },
    { code: 70, means: 'internal fault' },
  ],
});
