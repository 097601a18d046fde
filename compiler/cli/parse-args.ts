/**
 * The command line's grammar, in place of node:util `parseArgs`, whose error
 * texts ("argument is ambiguous", "Unknown option") are Node's and not ours:
 * every error here is a {@link UsageError} with a catalog code. Options may
 * come before or after the command words (`diene --fleet X validate`).
 *
 * - `--name VALUE` and `--name=VALUE` for a string option; `--name=VALUE` only
 *   when the option says `inlineValue` (`--dry-run=server`, whose bare form
 *   must not swallow the next word);
 * - `--name` for a boolean option, which takes no value;
 * - `-x` for an option with a one-letter alias (`-h`, `-q`, `-V`);
 * - `--` ends the options: every word after it is an argument.
 * Pure.
 */
import { closest, optionForm, optionsOf, type CommandHelp, type OptionHelp } from './help.js';
import { UsageError, type OptionValues } from './command.js';

/** One word of argv, read as an option or not. */
interface OptionWord {
  /** The name as written, with its dashes (`--fleeet`, `-q`). */
  written: string;
  /** The name without dashes, or the short letter. */
  name: string;
  short: boolean;
  /** The value after `=`, when written so. */
  inline?: string;
}

function optionWord(word: string): OptionWord | undefined {
  if (word.length < 2 || !word.startsWith('-') || word === '--') return undefined;
  if (word.startsWith('--')) {
    const at = word.indexOf('=');
    return at === -1
      ? { written: word, name: word.slice(2), short: false }
      : { written: word.slice(0, at), name: word.slice(2, at), short: false, inline: word.slice(at + 1) };
  }
  return { written: word, name: word.slice(1), short: true };
}

/** Whether `word` can be an option's value: not an option, or a negative number (`--serial -1`: no option starts with a digit, and "-1" is refused as the value it is, not as a missing one). */
function valueWord(word: string): boolean {
  return optionWord(word) === undefined || /^-[0-9]/.test(word);
}

function lookup(options: readonly OptionHelp[], word: OptionWord): OptionHelp | undefined {
  return options.find((o) => (word.short ? o.short === word.name : o.name === word.name));
}

/** Whether the option named by `word` takes the next word as its value, according to any command that has it. */
function takesNextWord(word: OptionWord, everyOption: readonly OptionHelp[]): boolean {
  if (word.inline !== undefined) return false;
  return everyOption.some((o) => (word.short ? o.short === word.name : o.name === word.name) && o.type === 'string' && !o.inlineValue);
}

/**
 * The words of argv that are not options or option values, with their
 * indices: the command words come first among them. `everyOption` is every
 * option of every command, so a value (`--fleet X`) is never read as a word.
 */
export function plainWords(argv: readonly string[], everyOption: readonly OptionHelp[]): { word: string; index: number }[] {
  const words: { word: string; index: number }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      for (let j = i + 1; j < argv.length; j++) words.push({ word: argv[j] as string, index: j });
      break;
    }
    const option = optionWord(arg);
    if (!option) words.push({ word: arg, index: i });
    else if (takesNextWord(option, everyOption) && i + 1 < argv.length && valueWord(argv[i + 1] as string)) i++;
  }
  return words;
}

/** Where an unknown option does exist: `--platform` is an option of `diene render` and `diene apply kube`. */
function elsewhere(name: string, help: CommandHelp, all: readonly CommandHelp[]): string {
  const owners = all.filter((h) => h.name !== help.name && h.options.some((o) => o.name === name)).map((h) => `diene ${h.name}`);
  return owners.length ? `--${name} is an option of ${owners.join(' and ')}; ` : '';
}

/**
 * Parses `args` (argv without the command words) against the options of
 * `help` (its own and the common ones). Throws {@link UsageError} for an
 * unknown option (with the nearest known one), a missing or empty value, a value given
 * to a flag, and too few or too many arguments.
 */
export function parseCommandArgs(args: readonly string[], help: CommandHelp, all: readonly CommandHelp[]): { values: OptionValues; positionals: string[] } {
  const options = optionsOf(help);
  const values: OptionValues = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    const word = optionWord(arg);
    if (!word) {
      positionals.push(arg);
      continue;
    }
    const option = lookup(options, word);
    if (!option) {
      const names = options.map((o) => o.name);
      const near = word.short ? undefined : closest(word.name, names);
      const suggestion = near ? `did you mean --${near}? ` : elsewhere(word.name, help, all);
      throw new UsageError('usage_option_unknown', { option: word.written, suggestion });
    }
    const written = option.short && word.short ? `-${option.short}` : `--${option.name}`;
    if (option.type === 'boolean') {
      if (word.inline !== undefined) throw new UsageError('usage_option_value_unexpected', { option: written, value: word.inline });
      values[option.name] = true;
      continue;
    }
    let value = word.inline;
    if (value === undefined && !option.inlineValue) {
      const next = args[i + 1];
      if (next !== undefined && valueWord(next)) {
        value = next;
        i++;
      }
    }
    // An empty value (`--out=`, `--fleet ''`) is no value: it would stand for the working directory unseen.
    if (value === undefined || value === '') {
      const note = option.inlineValue ? `, the value joined by "=" as kubectl writes it` : '';
      throw new UsageError('usage_option_value_missing', { option: written, form: optionForm(option), note });
    }
    if (option.multiple) values[option.name] = [...((values[option.name] as string[] | undefined) ?? []), value];
    else values[option.name] = value;
  }
  const wanted = help.arguments ?? [];
  const required = wanted.filter((a) => !a.optional).length;
  if (positionals.length < required) {
    const missing = wanted.slice(positionals.length, required).map((a) => a.name);
    throw new UsageError('usage_argument_missing', { argument: missing.join(' and ') });
  }
  if (positionals.length > wanted.length) throw new UsageError('usage_argument_unexpected', { argument: positionals[wanted.length] as string });
  return { values, positionals };
}
