/**
 * The SARIF 2.1.0 form of diagnostics (`--format sarif`), for GitHub code
 * scanning and other SARIF viewers: one run of the tool `diene`, a rule per
 * catalog code that occurs, and a result per diagnostic with its place as a
 * physical location relative to the repository root.
 *
 * What GitHub's code scanning takes (its "SARIF support" page, and the `Gh`
 * rules of Microsoft's SARIF validator): each rule has a short and a full
 * description and help, with no unfilled `{placeholder}` (the catalog's
 * templates show `…` where a value goes), and links to its section of the
 * diagnostics reference (`helpUri`); each result has a region (line 1 when
 * the finding is about a whole file, such as a stale output) and
 * `partialFingerprints`, so an alert follows its finding across commits;
 * the run has `automationDetails.id`, whose category (the command and the
 * fleet's folder) keeps two uploads of one repository apart. Code scanning
 * refuses a result without a location, so a finding that belongs to no file
 * is placed on the fleet's folder.
 * Deterministic: the same diagnostics give the same bytes. Pure.
 */
import { createHash } from 'node:crypto';
import { catalog, type DiagnosticCode } from './catalog.js';
import type { Diagnostic } from './diagnostic.js';
import { printable, redacted } from './format.js';

/** Where the SARIF 2.1.0 schema is published by OASIS (the log's `$schema`). */
export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** diene's repository: the tool's `informationUri`. */
export const REPOSITORY_URL = 'https://github.com/AtomiCloud/diene';

/** The published diagnostics reference (docs/diagnostics-reference.md, generated from the catalog): each code is a section, its anchor the code. */
export const DIAGNOSTICS_REFERENCE_URL = `${REPOSITORY_URL}/blob/main/docs/diagnostics-reference.md`;

/** The key of diene's own fingerprint in `partialFingerprints` (versioned: a new way of computing it gets a new key). */
export const FINGERPRINT_KEY = 'dieneFinding/v1';

/** What the log says about the tool, the command and the place of fleet-wide findings. */
export interface SarifOptions {
  /** diene's version. */
  version: string;
  /** The fleet's folder relative to the repository root ('' or ending with `/`); fleet-wide findings are placed there. */
  fleetFolder: string;
  /** The command that made the log (`validate`, `compile`): part of the run's category. */
  command: string;
}

/** A catalog template as a rule's text: each `{name}` the diagnostic fills in shows as `…`. */
export function ruleText(template: string): string {
  return template.replace(/\{\w+\}/g, '…');
}

/** A relative path as a URI reference: each segment percent-encoded (a `:` in the first one would read as a scheme). */
function pathUri(file: string): string {
  return file
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

type Place = Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>;

/** The place of a finding about a whole file or folder (a stale output, a fleet-wide fact): its first line, as code scanning needs a region. */
const WHOLE_FILE: Place = { line: 1, column: null, endLine: null, endColumn: null };

function region(d: Place): Record<string, number> {
  if (d.line === null || d.line < 1) return { startLine: 1 };
  const out: Record<string, number> = { startLine: d.line };
  if (d.column !== null && d.column >= 1) out['startColumn'] = d.column;
  if (d.endLine !== null && d.endLine >= d.line) out['endLine'] = d.endLine;
  // diene's end column is exclusive, as SARIF's is (the column after the span)
  if (d.endColumn !== null && d.endColumn >= 1 && out['startColumn'] !== undefined)
    out['endColumn'] = Math.max(d.endColumn, d.endLine === d.line ? out['startColumn'] : 1);
  return out;
}

function physicalLocation(file: string, place: Place): Record<string, unknown> {
  return { physicalLocation: { artifactLocation: { uri: pathUri(file) }, region: region(place) } };
}

/**
 * What identifies a finding across commits, whatever its line: the code, the
 * file and the JSON pointer of the blamed value (a finding without one, the
 * message), hashed; `:n` counts findings of the same identity in the log.
 */
function fingerprints(shown: readonly Diagnostic[]): string[] {
  const seen = new Map<string, number>();
  return shown.map((d) => {
    const identity = JSON.stringify([d.code, d.file ?? '', d.pointer ?? (d.line === null ? d.message : '')]);
    const hash = createHash('sha256').update(identity).digest('hex').slice(0, 32);
    const occurrence = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, occurrence);
    return `${hash}:${occurrence}`;
  });
}

/** The SARIF log of `diagnostics` (their files already relative to the repository root), as JSON text with a final line feed. */
export function formatSarif(diagnostics: readonly Diagnostic[], options: SarifOptions): string {
  const shown = diagnostics.map(redacted);
  const codes = [...new Set(shown.map((d) => d.code))].sort() as DiagnosticCode[];
  const rules = codes.map((code) => {
    const entry: { severity: string; message: string; hint: string } = catalog[code];
    const helpUri = `${DIAGNOSTICS_REFERENCE_URL}#${code}`;
    return {
      // no `name`: SARIF wants a name a person reads, different from the id, and the code is both
      id: code,
      shortDescription: { text: ruleText(entry.message) },
      fullDescription: { text: `${ruleText(entry.message)}${/[.!?]$/.test(entry.message) ? '' : '.'} Fix: ${ruleText(entry.hint)}` },
      help: { text: `${ruleText(entry.hint)}\n\nThe code, its fix and sample cases: ${helpUri}` },
      helpUri,
      defaultConfiguration: { level: entry.severity },
    };
  });
  const fleetFolder = options.fleetFolder.replace(/\/$/, '') || '.';
  const prints = fingerprints(shown);
  const results = shown.map((d, at) => ({
    ruleId: d.code,
    ruleIndex: codes.indexOf(d.code),
    level: d.severity,
    message: { text: printable(`${d.message} (hint: ${d.hint})`) },
    locations: [physicalLocation(d.file ?? fleetFolder, d.file === null ? WHOLE_FILE : d)],
    partialFingerprints: { [FINGERPRINT_KEY]: prints[at] as string },
    ...(d.related.some((r) => r.file !== null)
      ? {
          relatedLocations: d.related
            .filter((r) => r.file !== null)
            .map((r, id) => ({
              id,
              ...physicalLocation(r.file as string, { line: r.line, column: r.column, endLine: null, endColumn: null }),
              message: { text: printable(r.message) },
            })),
        }
      : {}),
  }));
  const log = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'diene', version: options.version, semanticVersion: options.version, informationUri: REPOSITORY_URL, rules } },
        // The category (up to the last `/`) names what was analysed: two fleets of one repository are two analyses.
        automationDetails: { id: `diene/${options.command}/${fleetFolder}/` },
        // diene counts columns in Unicode code points (SPEC §5), not UTF-16 units (SARIF's default)
        columnKind: 'unicodeCodePoints',
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
