/**
 * The compiler's own version (package.json `version`). Inside ArgoCD it is
 * also the plugin image's tag (SPEC §6), printed by `diene render` so a
 * manifest can be traced to the compiler that made it.
 */
import { readFileSync } from 'node:fs';
import { packageFile } from './package-root.js';

/** Set by the bundle scripts (esbuild `define`): the plugin image has no package.json. */
declare const DIENE_BUNDLED_VERSION: string | undefined;

/** The `version` of the package this module ships in, or `unknown` when package.json cannot be read. */
export function toolVersion(): string {
  if (typeof DIENE_BUNDLED_VERSION === 'string') return DIENE_BUNDLED_VERSION;
  try {
    return (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
