/**
 * What `diene render` reads for a platform, given the sign-in platform
 * (fleet.yaml `issuer.platform`): its own rows, the sign-in platform's, and
 * every input but the claims and the other platforms' rows. Knows no YAML,
 * so a render the cache answers loads no YAML parser (render-issuer.ts reads
 * the sign-in platform from fleet.yaml's text).
 */
import { createHash } from 'node:crypto';
import type { SourceFile } from './source-file.js';
import type { FolderScope } from './fleet-layout.js';

/** The file whose `issuer.platform` names the sign-in platform. */
export const FLEET_YAML = 'registry/fleet.yaml';

/**
 * `sha256:<hex>` over the platform name and every input file as read (path and
 * text, length-framed so no two inputs share a digest), in path order.
 */
export function inputDigest(platform: string, files: readonly SourceFile[]): string {
  const hash = createHash('sha256');
  const frame = (text: string): void => {
    hash.update(`${Buffer.byteLength(text, 'utf8')}:`);
    hash.update(text, 'utf8');
  };
  frame('diene-render-inputs/1');
  frame(platform);
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    frame(file.path);
    frame(file.text);
  }
  return `sha256:${hash.digest('hex')}`;
}

/** The platforms whose rows `render` reads for `platform`: its own and the sign-in platform's. */
export function rowPlatformsOf(platform: string, issuer: string | undefined): Set<string> {
  return new Set([platform, issuer ?? platform]);
}

/** The inputs among `files` that render reads for `platform`, the sign-in platform being `issuer`. */
export function selectRenderInputs(files: readonly SourceFile[], platform: string, issuer: string | undefined): SourceFile[] {
  const keep = rowPlatformsOf(platform, issuer);
  return files.filter((file) => {
    if (file.path.startsWith('claims/')) return false;
    const row = /^platforms\/([^/]+)\//.exec(file.path);
    return row === null || keep.has(row[1] as string);
  });
}

/**
 * What render walks: the registry, state and carbon
 * folders, the top of `platforms/`, and the row folders of `platform` and of
 * the sign-in platform `issuer`, so that at fleet scale it never lists, let
 * alone reads, the other platforms' rows or the claims ({@link selectRenderInputs}
 * keeps the same set). Names outside the name rule (SPEC §2) select no row folder.
 */
export function renderScopesOf(platform: string, issuer: string | undefined): FolderScope[] {
  const rowFolders = [...new Set([platform, issuer])].filter((name): name is string => name !== undefined && /^[a-z][a-z0-9]*$/.test(name));
  return [
    ...(['registry', 'state', 'carbon'] as const).map((folder): FolderScope => ({ folder, depth: 'all' })),
    { folder: 'platforms', depth: 'children' },
    ...rowFolders.map((name): FolderScope => ({ folder: `platforms/${name}`, depth: 'all' })),
  ];
}

/** The text of fleet.yaml among `files`, if it is there. */
export const fleetYamlOf = (files: readonly SourceFile[]): string | undefined => files.find((file) => file.path === FLEET_YAML)?.text;
