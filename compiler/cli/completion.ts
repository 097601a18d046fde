/**
 * `diene completion bash|zsh|fish`: the shell completion script, generated
 * from the commands' help data (help.ts), so it completes exactly the
 * commands, subcommands, options and option values `--help` describes.
 * Option values complete as directories (DIR), files (FILE) or the option's
 * choices (`--format`, `--min-severity`, `--dry-run=server`).
 */
import { optionsOf, formatChoices, type CommandHelp, type OptionHelp } from './help.js';
import { completionHelp } from './completion.help.js';
import { EXIT, fromHelp, UsageError, type Command, type CommandInput, type CommandResult } from './command.js';

/** The shells a script exists for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** What an option's value completes to. */
function valueKind(o: OptionHelp): 'dir' | 'file' | 'none' {
  const value = o.value ?? '';
  if (/DIR/.test(value)) return 'dir';
  if (/FILE|\.json/.test(value)) return 'file';
  return 'none';
}

function choicesOf(o: OptionHelp, help: CommandHelp): readonly string[] | undefined {
  return o.name === 'format' ? formatChoices(help) : o.choices;
}

/** The option words `help` completes: `--name`, `-x`, and `--name=choice` for an option written with `=`. */
function optionWords(help: CommandHelp): string[] {
  return optionsOf(help).flatMap((o) => [
    ...(o.inlineValue ? (o.choices ?? []).map((c) => `--${o.name}=${c}`) : [`--${o.name}`]),
    ...(o.short ? [`-${o.short}`] : []),
  ]);
}

/** The first words: the commands and groups, `help`. */
function firstWords(helps: readonly CommandHelp[]): string[] {
  return [...new Set([...helps.map((h) => h.name.split(' ')[0] as string), 'help'])];
}

function groups(helps: readonly CommandHelp[]): Map<string, CommandHelp[]> {
  const out = new Map<string, CommandHelp[]>();
  for (const h of helps) {
    const [group, sub] = h.name.split(' ');
    if (sub !== undefined) out.set(group as string, [...(out.get(group as string) ?? []), h]);
  }
  return out;
}

/** Every option that takes the next word as its value, in any command. */
function valueOptions(helps: readonly CommandHelp[]): OptionHelp[] {
  const seen = new Map<string, OptionHelp>();
  for (const h of helps) for (const o of optionsOf(h)) if (o.type === 'string' && !o.inlineValue && !seen.has(o.name)) seen.set(o.name, o);
  return [...seen.values()];
}

function quoteSingle(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The bash script: a `_diene` function for `complete -F`. */
export function bashScript(helps: readonly CommandHelp[]): string {
  const valued = valueOptions(helps);
  const byKind = (kind: string): string =>
    valued
      .filter((o) => valueKind(o) === kind && !o.choices && o.name !== 'format')
      .map((o) => `--${o.name}`)
      .join('|');
  const commandCases = [...helps]
    .sort((a, b) => b.name.length - a.name.length)
    .map((h) => `    "${h.name}"|"${h.name} "*) words=${quoteSingle(optionWords(h).join(' '))} ;;`);
  const choiceCases = valued
    .filter((o) => o.choices || o.name === 'format')
    .map((o) => {
      if (o.name === 'format') {
        // each command's own forms (formatChoices), chosen by the command words already typed
        const perCommand = [...helps]
          .sort((a, b) => b.name.length - a.name.length)
          .map((h) => `"${h.name}"|"${h.name} "*) words=${quoteSingle(formatChoices(h).join(' '))} ;;`);
        return `    --format) case "$cmd" in ${perCommand.join(' ')} *) words='' ;; esac; COMPREPLY=($(compgen -W "$words" -- "$cur")); return ;;`;
      }
      const all = new Set<string>();
      for (const h of helps) for (const option of optionsOf(h)) if (option.name === o.name) for (const c of choicesOf(option, h) ?? []) all.add(c);
      return `    --${o.name}) COMPREPLY=($(compgen -W ${quoteSingle([...all].join(' '))} -- "$cur")); return ;;`;
    });
  const groupCases = [...groups(helps)].map(
    ([group, members]) => `    ${group}|"help ${group}") words=${quoteSingle(members.map((m) => m.name.split(' ')[1]).join(' '))} ;;`,
  );
  return `# bash completion for diene (diene completion bash).
# Install: diene completion bash > ~/.local/share/bash-completion/completions/diene
# or add to ~/.bashrc: source <(diene completion bash)
_diene() {
  local cur prev cmd words i w
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  cmd=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    case "$w" in -*) continue ;; esac
    case "\${COMP_WORDS[i-1]}" in ${valued.map((o) => `--${o.name}`).join('|')}) continue ;; esac
    cmd="\${cmd:+$cmd }$w"
  done
  case "$prev" in
${choiceCases.join('\n')}
    ${byKind('dir')}) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    ${byKind('file')}) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    ${valued
      .filter((o) => valueKind(o) === 'none' && !o.choices && o.name !== 'format')
      .map((o) => `--${o.name}`)
      .join('|')}) COMPREPLY=(); return ;;
  esac
  case "$cmd" in
    "") words=${quoteSingle(firstWords(helps).join(' '))} ;;
    help) words=${quoteSingle(
      firstWords(helps)
        .filter((w) => w !== 'help')
        .join(' '),
    )} ;;
    completion) words='bash zsh fish' ;;
${commandCases.join('\n')}
${groupCases.join('\n')}
    *) words='' ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _diene diene
`;
}

function zshDescribe(entries: readonly [string, string][]): string {
  return entries.map(([word, text]) => quoteSingle(`${word.replace(/:/g, '\\:')}:${text}`)).join(' ');
}

/** The zsh script: `#compdef diene`, for a folder of `$fpath` or `source <(diene completion zsh)`. */
export function zshScript(helps: readonly CommandHelp[]): string {
  const valued = valueOptions(helps);
  const firsts = firstWords(helps).map((w): [string, string] => {
    const exact = helps.find((h) => h.name === w);
    if (exact) return [w, exact.summary];
    if (w === 'help') return [w, "Print a command's help"];
    return [
      w,
      `${groups(helps)
        .get(w)
        ?.map((m) => m.name.split(' ')[1])
        .join(', ')}`,
    ];
  });
  const commandCases = [...helps]
    .sort((a, b) => b.name.length - a.name.length)
    .map(
      (h) =>
        `    ("${h.name}"|"${h.name} "*) local -a opts; opts=(${zshDescribe(optionsOf(h).flatMap((o) => (o.inlineValue ? (o.choices ?? []).map((c): [string, string] => [`--${o.name}=${c}`, o.description]) : [[`--${o.name}`, o.description] as [string, string]])))}); _describe option opts ;;`,
    );
  const groupCases = [...groups(helps)].map(
    ([group, members]) =>
      `    (${group}|"help ${group}") local -a subs; subs=(${zshDescribe(members.map((m): [string, string] => [m.name.split(' ')[1] as string, m.summary]))}); _describe subcommand subs ;;`,
  );
  const choiceCases = valued
    .filter((o) => o.choices || o.name === 'format')
    .map((o) => {
      if (o.name === 'format') {
        const perCommand = [...helps]
          .sort((a, b) => b.name.length - a.name.length)
          .map((h) => `("${h.name}"|"${h.name} "*) compadd -- ${formatChoices(h).join(' ')} ;;`);
        return `    (--format) case $cmd in ${perCommand.join(' ')} esac; return ;;`;
      }
      const all = new Set<string>();
      for (const h of helps) for (const option of optionsOf(h)) if (option.name === o.name) for (const c of choicesOf(option, h) ?? []) all.add(c);
      return `    (--${o.name}) compadd -- ${[...all].join(' ')}; return ;;`;
    });
  const names = (kind: string): string =>
    valued
      .filter((o) => valueKind(o) === kind && !o.choices && o.name !== 'format')
      .map((o) => `--${o.name}`)
      .join('|');
  return `#compdef diene
# zsh completion for diene (diene completion zsh).
# Install: diene completion zsh > "\${fpath[1]}/_diene" (then start a new shell),
# or add to ~/.zshrc after compinit: source <(diene completion zsh)
_diene() {
  local -a cmdwords
  local i w prev cmd
  for (( i = 2; i < CURRENT; i++ )); do
    w=\${words[i]}
    [[ $w == -* ]] && continue
    case \${words[i-1]} in (${valued.map((o) => `--${o.name}`).join('|')}) continue ;; esac
    cmdwords+=("$w")
  done
  prev=\${words[CURRENT-1]}
  cmd="\${(j: :)cmdwords}"
  case $prev in
${choiceCases.join('\n')}
    (${names('dir')}) _files -/; return ;;
    (${names('file')}) _files; return ;;
    (${names('none')}) return ;;
  esac
  case $cmd in
    ("") local -a cmds; cmds=(${zshDescribe(firsts)}); _describe command cmds ;;
    (help) local -a cmds; cmds=(${zshDescribe(firsts.filter(([w]) => w !== 'help'))}); _describe command cmds ;;
    (completion) compadd -- bash zsh fish ;;
${commandCases.join('\n')}
${groupCases.join('\n')}
  esac
}
if [[ $funcstack[1] == _diene ]]; then _diene "$@"; else compdef _diene diene; fi
`;
}

/** The fish script, for ~/.config/fish/completions/diene.fish. */
export function fishScript(helps: readonly CommandHelp[]): string {
  const lines = [
    '# fish completion for diene (diene completion fish).',
    '# Install: diene completion fish > ~/.config/fish/completions/diene.fish',
    'complete -c diene -f',
  ];
  const grouped = groups(helps);
  const firsts = firstWords(helps);
  const noCommand = `not __fish_seen_subcommand_from ${firsts.join(' ')}`;
  for (const w of firsts) {
    const exact = helps.find((h) => h.name === w);
    const text = exact
      ? exact.summary
      : w === 'help'
        ? "Print a command's help"
        : `${grouped
            .get(w)
            ?.map((m) => m.name.split(' ')[1])
            .join(', ')}`;
    lines.push(`complete -c diene -n ${quoteSingle(noCommand)} -a ${w} -d ${quoteSingle(text)}`);
  }
  for (const [group, members] of grouped) {
    const subs = members.map((m) => m.name.split(' ')[1]).join(' ');
    for (const m of members)
      lines.push(
        `complete -c diene -n ${quoteSingle(`__fish_seen_subcommand_from ${group}; and not __fish_seen_subcommand_from ${subs}`)} -a ${m.name.split(' ')[1]} -d ${quoteSingle(m.summary)}`,
      );
  }
  lines.push(`complete -c diene -n ${quoteSingle('__fish_seen_subcommand_from completion')} -a 'bash zsh fish'`);
  lines.push(`complete -c diene -n ${quoteSingle('__fish_seen_subcommand_from help')} -a ${quoteSingle(firsts.filter((w) => w !== 'help').join(' '))}`);
  for (const h of helps) {
    const words = h.name.split(' ');
    const condition = words.map((w) => `__fish_seen_subcommand_from ${w}`).join('; and ');
    for (const o of optionsOf(h)) {
      const kind = valueKind(o);
      const choices = choicesOf(o, h);
      const value =
        o.type === 'boolean'
          ? ''
          : choices
            ? ` -x -a ${quoteSingle(choices.join(' '))}`
            : kind === 'dir'
              ? " -x -a '(__fish_complete_directories)'"
              : kind === 'file'
                ? ' -r -F'
                : ' -x';
      lines.push(
        `complete -c diene -n ${quoteSingle(condition)} -l ${o.name}${o.short ? ` -s ${o.short}` : ''}${value} -d ${quoteSingle(o.description.split('. ')[0] ?? '')}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The script for `shell`. */
export function completionScript(shell: (typeof SHELLS)[number], helps: readonly CommandHelp[]): string {
  if (shell === 'bash') return bashScript(helps);
  if (shell === 'zsh') return zshScript(helps);
  return fishScript(helps);
}

async function runCompletion({ positionals, everyHelp = [] }: CommandInput): Promise<CommandResult> {
  const shell = positionals[0] as string;
  if (!(SHELLS as readonly string[]).includes(shell))
    throw new UsageError('usage_option_value_invalid', {
      option: 'SHELL',
      value: shell,
      expected: SHELLS.join(', ').replace(/, ([^,]*)$/, ' or $1'),
      example: 'diene completion bash',
    });
  return { stdout: completionScript(shell as (typeof SHELLS)[number], everyHelp), diagnostics: [], exitCode: EXIT.ok };
}

export const completionCommand: Command = { ...fromHelp(completionHelp), run: runCompletion };
