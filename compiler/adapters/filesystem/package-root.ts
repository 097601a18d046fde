/**
 * Files of the installed package (package.json, schemas/) found from the
 * running module. Built, a module sits three folders below the package
 * (`dist/adapters/filesystem/`); the command line's bundle sits one below
 * (`bundle/diene.mjs`), and scripts/bundle-cli.mjs says so with an esbuild
 * `define`.
 */
import { fileURLToPath } from 'node:url';

/** Set by scripts/bundle-cli.mjs: the path from the bundle up to the package's folder. */
declare const DIENE_PACKAGE_ROOT: string | undefined;

/** The absolute path of `relative` (`/`-separated) inside the package this module ships in. */
export function packageFile(relative: string): string {
  const root = typeof DIENE_PACKAGE_ROOT === 'string' ? DIENE_PACKAGE_ROOT : '../../../';
  return fileURLToPath(new URL(`${root}${relative}`, import.meta.url));
}
