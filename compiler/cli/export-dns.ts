/**
 * `diene export dns [--host NAME...] [--out DIR] [--base DIR|REV]
 * [--allow-endpoint-change] [--fleet DIR]` (SPEC §5):
 * reads each host's live zones into the planner's live format and writes
 * them as `<out>/<zone>/<host>.json` (default `<cwd>/live`), the folder
 * `diene plan dns --live` and `diene apply dns --dry-run --live-from` read.
 * Record sets are kept exactly as the host returned them.
 *
 * A selected host whose endpoint or credential variable differs from the
 * base revision is refused before any secret is read, as in `apply dns`
 * (cli/endpoint-review.ts).
 *
 * Exit codes: 0 every zone written; 2 invalid fleet or usage; 3 refused by
 * the endpoint review; 4 some zone of some host could not be read (each
 * named; the others are written).
 */
import { writeText } from '../adapters/filesystem/files.js';
import path from 'node:path';
import { dnsIntent } from '../2-analyze/dns-names.js';
import { toJson } from '../3-emit/serialize.js';
import { createDnsAdapter } from '../adapters/dns/host-adapters.js';
import { observeHosts } from '../adapters/dns/observe-hosts.js';
import { errnoCode } from '../diagnostics/catalog.js';
import { diagnose, sortDiagnostics, withoutRepeats } from '../diagnostics/diagnostic.js';
import {
  EXIT,
  fleetRoot,
  fromHelp,
  nowSeconds,
  readAndAnalyze,
  shownPath,
  stringOption,
  type Command,
  type CommandInput,
  type CommandResult,
} from './command.js';
import { exportDnsHelp } from './export-dns.help.js';
import { dnsRunResult } from './dns-warnings.js';
import { hostFailures, hostNames, selectHosts } from './dns-hosts.js';
import { endpointRefusal, endpointReviewOptions } from './endpoint-review.js';

async function runExportDns({ values }: CommandInput): Promise<CommandResult> {
  const root = fleetRoot(values);
  const out = path.resolve(process.cwd(), stringOption(values, 'out') ?? 'live');
  const fleet = await readAndAnalyze(root, { analysis: { nowSeconds: nowSeconds(values) } });
  if (!fleet.valid) return fleet.stop;
  const { diagnostics } = fleet;
  const fleetHosts = fleet.model.settings.dns.hosts;
  const hosts = selectHosts(fleetHosts, hostNames(values));
  const refusal = await endpointRefusal(root, fleet.model, hosts, endpointReviewOptions(values), process.cwd());
  if (refusal) return { ...refusal, diagnostics: sortDiagnostics([...diagnostics, ...refusal.diagnostics]) };
  const zones = dnsIntent(fleet.model).zones.filter((z) => z.role === 'zone');
  const observations = await observeHosts(
    hosts.map((h) => createDnsAdapter(h, process.env)),
    new Map(hosts.map((h) => [h.name, zones.filter((z) => z.hosts.some((zh) => zh.name === h.name)).map((z) => z.zone)])),
  );
  const notes: string[] = [];
  const failures = hostFailures(
    fleet.model,
    observations.flatMap((o) => (o.error ? [o.error] : [])),
  );
  for (const observation of observations) {
    if (!observation.document) {
      // The error is the diagnostic printed above: named by its code here, not said twice.
      notes.push(`${observation.host} ${observation.zone}: FAILED (${observation.error?.diagnostic.code ?? 'error'} above), nothing written`);
      continue;
    }
    const file = path.join(out, observation.zone, `${observation.host}.json`);
    try {
      await writeText(file, toJson(observation.document), { createFolders: true });
    } catch (error) {
      // A --out the system refuses (a file on the path, a read-only folder): said with its reason, exit 2.
      if (typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') throw error;
      return {
        diagnostics: sortDiagnostics([...diagnostics, ...failures, diagnose({}, 'output_write_failed', { out, errno: errnoCode(error) })]),
        notes,
        exitCode: EXIT.invalid,
      };
    }
    notes.push(`${observation.host} ${observation.zone}: ${observation.document.recordSets.length} record sets → ${shownPath(file)}`);
  }
  const failed = observations.filter((o) => !o.document).length;
  // No zone read: nothing written, a refusal before any write (exit 2); some read: the others are written (exit 4).
  const exitCode = failed === 0 ? EXIT.ok : failed === observations.length ? EXIT.invalid : EXIT.partial;
  return { diagnostics: sortDiagnostics(withoutRepeats([...diagnostics, ...failures])), notes, exitCode };
}

// Only the warnings that bear on the DNS run are printed; a note counts the others (cli/dns-warnings.ts).
export const exportDnsCommand: Command = { ...fromHelp(exportDnsHelp), run: async (input) => dnsRunResult(await runExportDns(input)) };
