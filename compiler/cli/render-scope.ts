/**
 * What `diene render` reads for a platform, the sign-in platform read from
 * fleet.yaml (render-select.ts does the rest): for the library's
 * `renderPlatform` and for a render the cache did not answer.
 */
import { parse } from 'yaml';
import type { SourceFile } from '../1-load/source-file.js';
import type { FolderScope } from '../1-load/fleet-layout.js';
import { FLEET_YAML, readFleetYaml, renderScopesOf, rowPlatformsOf, selectRenderInputs } from './render-select.js';

/** The last fleet.yaml text read by {@link issuerPlatformOf} and its answer: render asks twice of the same text. */
let lastIssuer: { text: string; platform: string | undefined } | undefined;

/** fleet.yaml's `issuer.platform` in `text`, or `undefined` when the text is missing or broken (the analysis reports that). */
export function issuerPlatformOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (lastIssuer?.text === text) return lastIssuer.platform;
  let platform: unknown;
  try {
    platform = (parse(text, { version: '1.2' }) as { issuer?: { platform?: unknown } } | null)?.issuer?.platform;
  } catch {
    platform = undefined;
  }
  lastIssuer = { text, platform: typeof platform === 'string' ? platform : undefined };
  return lastIssuer.platform;
}

/** The text of fleet.yaml among `files`, if it is there. */
export const fleetYamlOf = (files: readonly SourceFile[]): string | undefined => files.find((file) => file.path === FLEET_YAML)?.text;

/** The platforms whose rows `render` reads for `platform`: its own and the sign-in platform's. */
export function rowPlatforms(files: readonly SourceFile[], platform: string): Set<string> {
  return rowPlatformsOf(platform, issuerPlatformOf(fleetYamlOf(files)));
}

/**
 * The inputs `render` reads for `platform`: everything but claims and the rows of
 * other platforms; the sign-in platform's rows stay (fleet.yaml `issuer.platform`).
 */
export function renderInputs(files: readonly SourceFile[], platform: string): SourceFile[] {
  return selectRenderInputs(files, platform, issuerPlatformOf(fleetYamlOf(files)));
}

/** What render walks for `platform` in the fleet at `root` (see {@link renderScopesOf}), the sign-in platform read from fleet.yaml first. */
export function renderScopes(root: string, platform: string): FolderScope[] {
  return renderScopesOf(platform, issuerPlatformOf(readFleetYaml(root)));
}
