/** The help of `diene completion` (see help.ts). */
import type { CommandHelp } from './help.js';

export const completionHelp: CommandHelp = {
  name: 'completion',
  summary: 'Print the shell completion script for bash, zsh or fish.',
  usage: 'diene completion bash|zsh|fish',
  arguments: [{ name: 'SHELL', description: 'bash, zsh or fish.' }],
  options: [],
  readsFleet: false,
  examples: [
    { command: 'diene completion bash > ~/.local/share/bash-completion/completions/diene', does: 'Completes diene in new bash shells.' },
    { command: 'diene completion zsh > "${fpath[1]}/_diene"', does: 'Completes diene in new zsh shells (compinit loads it).' },
    { command: 'diene completion fish > ~/.config/fish/completions/diene.fish', does: 'Completes diene in fish.' },
  ],
  exitCodes: [
    { code: 0, means: 'the script is on stdout' },
    { code: 2, means: 'an unknown shell' },
  ],
};
