/**
 * Which warnings the DNS commands (`plan dns`, `apply dns`, `export dns`)
 * print (docs/cli.md, "Warnings of the DNS commands"). As octoDNS and
 * DNSControl do, a DNS run shows what bears on its zones: the warnings about
 * the DNS inputs (fleet.yaml's `dns:` section, the clusters' registry and
 * state files, which hold their traffic switch and addresses, and every
 * `dns_*` and `address_*` finding wherever it sits), every `landscape_*`
 * warning (which clusters serve a landscape, so who answers for its names),
 * and those about the machine it runs on.
 * The other warnings of the fleet (claims, rows, pins…) are `diene validate`'s
 * to show: one note says how many there are. Errors are all shown: any error
 * stops the command, whatever it is about.
 */
import { isAboutTheMachine, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CommandResult } from './command.js';

/** Whether `diagnostic` bears on a DNS run (see the module's comment). */
function bearsOnDns(diagnostic: Diagnostic): boolean {
  if (diagnostic.severity === 'error' || isAboutTheMachine(diagnostic)) return true;
  // landscape_*: which clusters serve a landscape, so who answers for its names.
  if (/^(dns|address|landscape)_/.test(diagnostic.code)) return true;
  const file = diagnostic.file ?? '';
  if (file === 'registry/fleet.yaml') return diagnostic.pointer === '/dns' || (diagnostic.pointer ?? '').startsWith('/dns/');
  return /^(registry|state)\/clusters\/[^/]+$/.test(file);
}

/**
 * `result` of a DNS command with only the diagnostics that bear on the run;
 * the note that says how many warnings were left out, and which command shows
 * them, comes first among its notes (before the outcome per host and zone).
 */
export function dnsRunResult(result: CommandResult): CommandResult {
  const shown = result.diagnostics.filter(bearsOnDns);
  const others = result.diagnostics.length - shown.length;
  if (others === 0) return result;
  const note = `${others} other warning${others === 1 ? '' : 's'} about the fleet (not its DNS inputs): \`diene validate\` shows ${others === 1 ? 'it' : 'them'}`;
  return { ...result, diagnostics: shown, notes: [note, ...(result.notes ?? [])] };
}
