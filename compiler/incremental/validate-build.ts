/**
 * The incremental build of `diene validate`: the fleet's diagnostics, from the
 * compile cache when it holds those of the same inputs (compile-cache.ts),
 * else from the analysis, then kept.
 */
import { readFleetFiles } from '../adapters/filesystem/read-fleet.js';
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { analyzeFleet } from '../index.js';
import { cacheKey, CompileCache } from './compile-cache.js';

/** Every diagnostic of the fleet at `root` (the reader's, the cache's and the analysis's), sorted. */
export async function validateIncrementally(request: { root: string; nowSeconds: number; cacheDir?: string }): Promise<Diagnostic[]> {
  const { root } = request;
  const now = request.nowSeconds;
  const read = await readFleetFiles(root, {});
  const cache = request.cacheDir === undefined ? undefined : new CompileCache(request.cacheDir, 'validated', { fleetRoot: root });
  const key = cache ? cacheKey(read.files, 'validate', { folder: root }) : undefined;
  let found = cache && key ? cache.read(key, now)?.diagnostics : undefined;
  if (!found) {
    const analysis = analyzeFleet(read.files, { folder: root, nowSeconds: now });
    if (cache && key) cache.write(key, { diagnostics: analysis.diagnostics, window: analysis.nowWindow });
    found = analysis.diagnostics;
  }
  return sortDiagnostics([...read.diagnostics, ...(cache?.warnings ?? []), ...found]);
}
