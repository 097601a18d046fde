/**
 * The outcome of `diene apply dns` as data and as text (SPEC §5 exit 4: "each
 * named"). One result per zone plan (a zone on a host): written and
 * verified, unchanged, failed with the host's own error, or not read. Pure.
 */

import { counted } from '../diagnostics/counted.js';

/** What happened to one zone on one host. */
export interface ZoneApplyResult {
  zone: string;
  host: string;
  provider?: string;
  /**
   * `written`: sent and read back with nothing remaining; `unchanged`: the
   * plan had no change, nothing sent; `planned`: a dry run, nothing sent;
   * `failed`: the host refused or did not converge (see `error`);
   * `not-read`: the live state could not be read, so nothing was planned.
   */
  status: 'written' | 'unchanged' | 'planned' | 'failed' | 'not-read';
  /** Record set changes in the zone plan. */
  changes: number;
  /** Native requests sent (or, in a dry run, that would be sent). */
  requests: number;
  /** One line per native request. */
  requestLines: string[];
  /** What went wrong, for `failed` and `not-read`: the message of the diagnostic `code`. */
  error?: string;
  /** The catalog code of {@link error}. */
  code?: string;
  /** Changes the host still lacks after the write (a non-converging host). */
  remaining?: string[];
}

/** The whole outcome. */
export interface DnsApplyReport {
  dryRun: boolean;
  /** Sorted by host, then zone. */
  results: ZoneApplyResult[];
  /** Per zone, the managed names whose answers differ between hosts after the run. */
  differences: { zone: string; lines: string[] }[];
}

/**
 * True when the run wrote nothing to any host: a dry run, or one where no
 * zone was written and every failure came before a write (a host that could
 * not be read). A zone that failed while being written may be in part.
 */
export function wroteNothing(report: DnsApplyReport): boolean {
  return report.dryRun || report.results.every((r) => r.status !== 'written' && r.status !== 'failed');
}

/** True when every selected host was read and, unless a dry run, written in full. */
export function appliedInFull(report: DnsApplyReport): boolean {
  return report.results.every((r) => r.status !== 'failed' && r.status !== 'not-read');
}

function resultLines(result: ZoneApplyResult): string[] {
  const head = `${result.host} ${result.zone}`;
  switch (result.status) {
    case 'unchanged':
      return [`${head}: no changes, nothing sent`];
    case 'planned':
      return [
        `${head}: would send ${counted(result.changes, 'change')} in ${counted(result.requests, 'request')}`,
        ...result.requestLines.map((l) => `  ${l}`),
      ];
    case 'written':
      return [
        `${head}: wrote ${counted(result.changes, 'change')} in ${counted(result.requests, 'request')}; read back: nothing remains`,
        ...result.requestLines.map((l) => `  ${l}`),
      ];
    case 'not-read':
      // The error is the diagnostic printed above (its code named here), not said twice.
      return [`${head}: FAILED to read the live zone (${result.code ?? 'error'} above), nothing planned or written`];
    case 'failed':
      return [`${head}: FAILED: ${result.error ?? 'unknown error'}`, ...(result.remaining ?? []).map((l) => `  remaining: ${l}`)];
  }
}

/** The outcome as stderr lines: one block per zone plan, the differences between hosts, and a summary. */
export function formatApplyReport(report: DnsApplyReport): string[] {
  const lines = report.results.flatMap(resultLines);
  for (const difference of report.differences) {
    lines.push(`hosts differ in ${difference.zone} after this run:`, ...difference.lines.map((l) => `  ${l}`));
  }
  const hosts = [...new Set(report.results.map((r) => r.host))];
  const failedHosts = hosts.filter((h) => report.results.some((r) => r.host === h && (r.status === 'failed' || r.status === 'not-read')));
  if (report.dryRun) {
    lines.push(`dry run: nothing written${failedHosts.length > 0 ? `; could not read ${failedHosts.join(', ')}` : ''}`);
  } else if (failedHosts.length === 0) {
    const sent = report.results.reduce((sum, r) => sum + r.requests, 0);
    lines.push(
      sent === 0
        ? `nothing to write: every zone on ${counted(hosts.length, 'host')} already holds the plan`
        : `applied: ${counted(hosts.length, 'host')} written in full and read back`,
    );
  } else {
    // Failed zones grouped by host, so the list names as many hosts as the count says.
    const failed = failedHosts
      .map(
        (h) =>
          `${h} (${report.results
            .filter((r) => r.host === h && (r.status === 'failed' || r.status === 'not-read'))
            .map((r) => r.zone)
            .join(', ')})`,
      )
      .join(', ');
    const notRead = report.results.filter((r) => r.status === 'not-read').length;
    // The same predicate as the exit code: no write was attempted, so the run exits 2, not 4.
    if (wroteNothing(report))
      lines.push(
        notRead === report.results.length
          ? `nothing read, nothing written: none of the ${counted(notRead, 'zone plan')} on ${counted(hosts.length, 'host')} could be read: ${failed}; the errors above say why (exit 2)`
          : `nothing written: ${notRead} of ${counted(report.results.length, 'zone plan')} could not be read: ${failed}; the others needed no change; the errors above say why (exit 2)`,
      );
    else
      lines.push(
        `applied in part: ${hosts.length - failedHosts.length} of ${counted(hosts.length, 'host')} written in full; failed: ${failed}; run again to repair (exit 4)`,
      );
  }
  return lines;
}
