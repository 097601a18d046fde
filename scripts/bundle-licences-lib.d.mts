/** Types of scripts/bundle-licences-lib.mjs (see there). */
/** esbuild's metafile, as far as the licence notices read it. */
export interface BundleMetafile {
  inputs: Record<string, unknown>;
}
export function bundledPackageDirs(metafile: BundleMetafile): string[];
export function bundleLicences(metafile: BundleMetafile, root: string): string;
