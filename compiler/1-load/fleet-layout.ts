/**
 * The fleet's folder layout (SPEC §2 "fleet repo layout"): which input kind a
 * path holds and which identity its name carries. Pure: takes paths, returns data.
 */

/** The input kinds of SPEC §2; each has `schemas/<kind>.schema.json`. */
export type InputKind =
  'fleet' | 'regions' | 'landscape' | 'vlandscape' | 'account' | 'cluster' | 'cluster-state' | 'platform' | 'row' | 'shared-row' | 'claim';

/** Where a file sits in the layout and the identity its path carries. */
export interface LayoutEntry {
  kind: InputKind;
  /** Path segments that name the thing: `[stem]`, or `[platform, service, landscape]` for a row, `[platform, chart, landscape]` for a shared chart's row, `[platform]` for platform.yaml. */
  identity: string[];
}

/** The input folders of a fleet (SPEC §2); the output folder may never sit inside one. */
export const INPUT_FOLDERS = ['registry', 'state', 'platforms', 'claims', 'carbon'] as const;

/** A folder of the fleet a reader lists: its children only, or everything under it. */
export interface FolderScope {
  /** Relative to the fleet's root, `/`-separated (`registry`, `platforms/nitroso`). */
  folder: string;
  depth: 'children' | 'all';
}

/** The input files every fleet has; a missing one is refused naming the fleet's folder (1-load/load-fleet.ts). */
export const REQUIRED_FILES = ['registry/fleet.yaml', 'registry/regions.yaml'] as const;

/** One line a folder, for the `file_unrecognized` hint. */
export const LAYOUT_SUMMARY =
  'registry/{fleet,regions}.yaml, registry/{landscapes,vlandscapes,accounts,clusters}/<name>.yaml, state/clusters/<landscape>-<mark>.yaml, platforms/<platform>/<service>/<landscape>.yaml, platforms/<platform>/_shared/<chart>/<landscape>.yaml, claims/domains/<host>.json, carbon/<platform>/platform.yaml';

const RULES: readonly { pattern: RegExp; kind: InputKind }[] = [
  { pattern: /^registry\/fleet\.yaml$/, kind: 'fleet' },
  { pattern: /^registry\/regions\.yaml$/, kind: 'regions' },
  { pattern: /^registry\/landscapes\/([^/]+)\.yaml$/, kind: 'landscape' },
  { pattern: /^registry\/vlandscapes\/([^/]+)\.yaml$/, kind: 'vlandscape' },
  { pattern: /^registry\/accounts\/([^/]+)\.yaml$/, kind: 'account' },
  { pattern: /^registry\/clusters\/([^/]+)\.yaml$/, kind: 'cluster' },
  { pattern: /^state\/clusters\/([^/]+)\.yaml$/, kind: 'cluster-state' },
  { pattern: /^platforms\/([^/]+)\/([^/]+)\/([^/]+)\.yaml$/, kind: 'row' },
  // `_shared` can never be a service's folder (service names start with a letter): it holds the shared charts' rows.
  { pattern: /^platforms\/([^/]+)\/_shared\/([^/]+)\/([^/]+)\.yaml$/, kind: 'shared-row' },
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

/**
 * The paths the layout keeps for folders below the input folders, by fixed
 * name: the registry's and state's kind folders and `claims/domains`. A file
 * there hides every input of its kind (every cluster's state, every claim).
 * A platform's or a service's folder has no fixed name: a file named like
 * one (`platforms/owners`, `platforms/nitroso/notes`) may be a stray note,
 * and refusing it would stop every render in the ArgoCD plugin, so it stays
 * a `file_unrecognized` warning (and `compile --check` shows what its
 * platform's outputs lose).
 */
const FOLDER_POSITIONS: readonly RegExp[] = [/^registry\/(landscapes|vlandscapes|accounts|clusters)$/, /^state\/clusters$/, /^claims\/domains$/];

/** True when the layout keeps fleet-relative `path` for a folder ({@link FOLDER_POSITIONS}; the input folders themselves are {@link INPUT_FOLDERS}). */
export function isFolderPosition(path: string): boolean {
  return (INPUT_FOLDERS as readonly string[]).includes(path) || FOLDER_POSITIONS.some((pattern) => pattern.test(path));
}

/** Folders of the layout, for the did-you-mean of a misspelt path. */
const LAYOUT_FOLDERS = [
  'registry',
  'registry/landscapes',
  'registry/vlandscapes',
  'registry/accounts',
  'registry/clusters',
  'state/clusters',
  'claims/domains',
  'carbon',
  'platforms',
];

/**
 * The layout path that `path` most likely meant, when the path is outside the
 * layout but one fix away from it: a `.yml` (or upper-case) extension, a
 * misspelt layout folder (`registry/landscape/`), a misspelt `fleet.yaml`,
 * `regions.yaml` or `platform.yaml`. `undefined` when nothing close fits.
 */
export function layoutSuggestion(path: string, closest: (word: string, known: readonly string[]) => string | undefined): string | undefined {
  const candidates: string[] = [];
  const extension = /\.(ya?ml|json)$/i.exec(path);
  if (!extension) return undefined; // notes, READMEs and the like are not misspelt inputs
  const stemPath = path.slice(0, -extension[0].length);
  const wanted = path.startsWith('claims/') ? '.json' : '.yaml';
  candidates.push(`${stemPath}${wanted}`);
  const slash = stemPath.lastIndexOf('/');
  const folder = slash === -1 ? '' : stemPath.slice(0, slash);
  const stem = stemPath.slice(slash + 1);
  const fixedFolder = LAYOUT_FOLDERS.includes(folder) ? folder : closest(folder, LAYOUT_FOLDERS);
  if (fixedFolder !== undefined) {
    candidates.push(`${fixedFolder}/${stem}${wanted}`);
    const fixedStem = closest(stem, fixedFolder === 'registry' ? ['fleet', 'regions'] : fixedFolder.startsWith('carbon') ? ['platform'] : []);
    if (fixedStem !== undefined) candidates.push(`${fixedFolder}/${fixedStem}${wanted}`);
  }
  if (path.startsWith('carbon/')) candidates.push(`${folder}/${closest(stem, ['platform']) ?? stem}.yaml`);
  return candidates.find((candidate) => candidate !== path && classifyPath(candidate) !== undefined);
}
