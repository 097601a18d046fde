/** The help of `diene validate` (see help.ts). */
import { strictOptionHelp, withFormats } from './help.js';

export const validateHelp = withFormats({
  name: 'validate',
  summary: 'Check the fleet and print its diagnostics; write nothing.',
  usage: 'diene validate [--fleet DIR] [--strict] [--cache DIR | --no-cache] [--format FORM] [--path-prefix DIR]',
  description: [
    'With --format json the diagnostics array is the product: it goes to stdout; so does the SARIF 2.1.0 log with --format sarif.',
    'Under GitHub Actions (GITHUB_ACTIONS=true) it also appends a Markdown summary of its verdict and findings to the file GITHUB_STEP_SUMMARY names.',
  ],
  diagnosticFormats: ['text', 'json', 'github', 'sarif'],
  machineFormsOn: 'stdout',
  options: [
    strictOptionHelp('diene validate --strict'),
    {
      name: 'path-prefix',
      type: 'string',
      value: 'DIR',
      description:
        "The fleet's folder relative to the repository root, put before the file of every finding in every form (text, json, github, sarif and the step summary) so that GitHub, and whoever reads the log, finds the file. Without it the github and sarif forms and the step summary put the fleet's folder below the git work tree holding it (the folder with .git), else nothing; the json form names files from the fleet root and the text form from the working directory. A file outside the repository (an --out beside it) gets no file in the github and sarif forms: the message names it.",
      example: 'diene validate --fleet fleets/prod --format sarif --path-prefix fleets/prod',
    },
    {
      name: 'cache',
      type: 'string',
      value: 'DIR',
      description:
        "The folder of the compile cache (content-addressed: the inputs' bytes, the compiler and the options are the key; a broken entry is ignored with a warning; a folder that cannot be written only costs speed: what cannot be kept there is redone by a later run, and one warning names the path that failed: cache_not_kept, cache_file_in_the_way for a file where a folder belongs, cache_folder_is_file for a --cache that is a file; not with --no-cache). Default: $XDG_CACHE_HOME/diene, else ~/.cache/diene (made with mode 0700). A folder inside the fleet, its git work tree or the working directory's, owned by another user, writable by others, or with a symbolic link among its folders is not used (cache_folder_in_fleet, cache_folder_unsafe); every entry is sealed with the user's own key ($XDG_STATE_HOME/diene/cache-key), so a cache copied, restored or forged is ignored (docs/hardening.md). In a CI job (CI or GITHUB_ACTIONS set) validate uses no cache unless --cache names one.",
      example: 'diene validate --cache ~/.cache/diene-ci',
    },
    {
      name: 'no-cache',
      type: 'boolean',
      description: 'Neither read nor fill the cache: check the fleet from scratch (not with --cache DIR: both are refused).',
      example: 'diene validate --no-cache',
    },
  ],
  examples: [
    { command: 'diene validate --fleet examples/reference', does: 'Prints every error and warning of the bundled fleet.' },
    { command: 'diene validate --format json | jq length', does: 'Counts the findings.' },
    { command: 'diene validate --format sarif > diene.sarif', does: 'Writes the findings as a SARIF 2.1.0 log for GitHub code scanning.' },
  ],
  exitCodes: [
    { code: 0, means: 'no error (warnings allowed, unless --strict)' },
    { code: 2, means: 'an error, a usage error, or, with --strict, a warning' },
  ],
});
