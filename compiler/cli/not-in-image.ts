/**
 * A command left out of the plugin image (scripts/bundle-plugin.mjs bundles
 * `diene render` only): it keeps its help, so `--help` and the usage line
 * still describe it, and running it is a usage error that says where the
 * command is.
 */
import { UsageError, type Command } from './command.js';
import type { CommandHelp } from './help.js';

/** The stand-in for the command `help` describes. */
export function notInImageCommand(help: CommandHelp): Command {
  return {
    name: help.name,
    usage: help.usage,
    help,
    options: {},
    run() {
      throw new UsageError('usage_command_not_in_image', { command: help.name });
    },
  };
}
