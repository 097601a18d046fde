/**
 * The fleet's folder layout (SPEC §2 "fleet repo layout"): which input kind a
 * path holds and which identity its name carries. Pure: takes paths, returns data.
 */

/** The input kinds of SPEC §2; each has `schemas/<kind>.schema.json`. */
export type InputKind = 'fleet' | 'regions' | 'landscape' | 'vlandscape' | 'account' | 'cluster' | 'cluster-state' | 'platform' | 'row' | 'claim';

/** Where a file sits in the layout and the identity its path carries. */
export interface LayoutEntry {
  kind: InputKind;
  /** Path segments that name the thing: `[stem]`, or `[platform, service, landscape]` for a row, `[platform]` for platform.yaml. */
  identity: string[];
}

/** The input folders of a fleet (SPEC §2); the output folder may never sit inside one. */
export const INPUT_FOLDERS = ['registry', 'state', 'platforms', 'claims', 'carbon'] as const;

/** One line a folder, for the `file_unrecognized` hint. */
export const LAYOUT_SUMMARY =
  'registry/{fleet,regions}.yaml, registry/{landscapes,vlandscapes,accounts,clusters}/<name>.yaml, state/clusters/<landscape>-<mark>.yaml, platforms/<platform>/<service>/<landscape>.yaml, claims/domains/<host>.json, carbon/<platform>/platform.yaml';

const RULES: readonly { pattern: RegExp; kind: InputKind }[] = [
  { pattern: /^registry\/fleet\.yaml$/, kind: 'fleet' },
  { pattern: /^registry\/regions\.yaml$/, kind: 'regions' },
  { pattern: /^registry\/landscapes\/([^/]+)\.yaml$/, kind: 'landscape' },
  { pattern: /^registry\/vlandscapes\/([^/]+)\.yaml$/, kind: 'vlandscape' },
  { pattern: /^registry\/accounts\/([^/]+)\.yaml$/, kind: 'account' },
  { pattern: /^registry\/clusters\/([^/]+)\.yaml$/, kind: 'cluster' },
  { pattern: /^state\/clusters\/([^/]+)\.yaml$/, kind: 'cluster-state' },
  { pattern: /^platforms\/([^/]+)\/([^/]+)\/([^/]+)\.yaml$/, kind: 'row' },
  { pattern: /^claims\/domains\/([^/]+)\.json$/, kind: 'claim' },
  { pattern: /^carbon\/([^/]+)\/platform\.yaml$/, kind: 'platform' },
];

/** The layout entry of a fleet-relative `/`-separated path, or `undefined` when the path is not an input. */
export function classifyPath(path: string): LayoutEntry | undefined {
  for (const rule of RULES) {
    const match = rule.pattern.exec(path);
    if (match) return { kind: rule.kind, identity: match.slice(1) };
  }
  return undefined;
}
