/**
 * The SARIF 2.1.0 form of diagnostics (`--format sarif`), for GitHub code
 * scanning and other SARIF viewers: one run of the tool `diene`, a rule per
 * catalog code that occurs (its id the code, its description the message
 * template, its help the hint template, its level the catalog severity), and
 * a result per diagnostic with its place as a physical location relative to
 * the repository root. Code scanning refuses a result without a location, so
 * a finding that belongs to no file is placed on the fleet's folder.
 * Deterministic: the same diagnostics give the same bytes. Pure.
 */
import { catalog, type DiagnosticCode } from './catalog.js';
import type { Diagnostic } from './diagnostic.js';
import { printable, redacted } from './format.js';

/** Where the SARIF 2.1.0 schema is published by OASIS (the log's `$schema`). */
export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** What the log says about the tool and the place of fleet-wide findings. */
export interface SarifOptions {
  /** diene's version. */
  version: string;
  /** The fleet's folder relative to the repository root ('' or ending with `/`); fleet-wide findings are placed there. */
  fleetFolder: string;
}

/** A relative path as a URI reference: each segment percent-encoded (a `:` in the first one would read as a scheme). */
function pathUri(file: string): string {
  return file
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

function region(d: Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>): Record<string, number> | undefined {
  if (d.line === null || d.line < 1) return undefined;
  const out: Record<string, number> = { startLine: d.line };
  if (d.column !== null && d.column >= 1) out['startColumn'] = d.column;
  if (d.endLine !== null && d.endLine >= d.line) out['endLine'] = d.endLine;
  // diene's end column is exclusive, as SARIF's is (the column after the span)
  if (d.endColumn !== null && d.endColumn >= 1 && out['startColumn'] !== undefined) out['endColumn'] = Math.max(d.endColumn, d.endLine === d.line ? out['startColumn'] : 1);
  return out;
}

function physicalLocation(file: string, place: Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>): Record<string, unknown> {
  const where = region(place);
  return { physicalLocation: { artifactLocation: { uri: pathUri(file) }, ...(where ? { region: where } : {}) } };
}

/** The SARIF log of `diagnostics` (their files already relative to the repository root), as JSON text with a final line feed. */
export function formatSarif(diagnostics: readonly Diagnostic[], options: SarifOptions): string {
  const shown = diagnostics.map(redacted);
  const codes = [...new Set(shown.map((d) => d.code))].sort() as DiagnosticCode[];
  const rules = codes.map((code) => {
    const entry: { severity: string; message: string; hint: string } = catalog[code];
    return {
      // no `name`: SARIF wants a name a person reads, different from the id, and the code is both
      id: code,
      shortDescription: { text: entry.message },
      help: { text: entry.hint },
      defaultConfiguration: { level: entry.severity },
    };
  });
  const fleetFolder = options.fleetFolder.replace(/\/$/, '') || '.';
  const results = shown.map((d) => ({
    ruleId: d.code,
    ruleIndex: codes.indexOf(d.code),
    level: d.severity,
    message: { text: printable(`${d.message} (hint: ${d.hint})`) },
    locations: [d.file === null ? { physicalLocation: { artifactLocation: { uri: pathUri(fleetFolder) } } } : physicalLocation(d.file, d)],
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
        tool: { driver: { name: 'diene', version: options.version, semanticVersion: options.version, rules } },
        // diene counts columns in Unicode code points (SPEC §5), not UTF-16 units (SARIF's default)
        columnKind: 'unicodeCodePoints',
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
