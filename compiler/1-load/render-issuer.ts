/**
 * The sign-in platform of a fleet (fleet.yaml `issuer.platform`), read from
 * fleet.yaml's text, and with it what `diene render` reads for a platform
 * (render-inputs.ts does the rest, without YAML): for the library's
 * `renderPlatform` and for a render the cache did not answer.
 */
import { parse } from 'yaml';
import type { SourceFile } from './source-file.js';
import { fleetYamlOf, selectRenderInputs } from './render-inputs.js';

/** fleet.yaml's `issuer.platform` in `text`, or `undefined` when the text is missing or broken (the analysis reports that). */
export function issuerPlatformOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let platform: unknown;
  try {
    platform = (parse(text, { version: '1.2' }) as { issuer?: { platform?: unknown } } | null)?.issuer?.platform;
  } catch {
    platform = undefined;
  }
  return typeof platform === 'string' ? platform : undefined;
}

/**
 * The inputs `render` reads for `platform`: everything but claims and the rows of
 * other platforms; the sign-in platform's rows stay (fleet.yaml `issuer.platform`).
 */
export function renderInputs(files: readonly SourceFile[], platform: string): SourceFile[] {
  return selectRenderInputs(files, platform, issuerPlatformOf(fleetYamlOf(files)));
}
