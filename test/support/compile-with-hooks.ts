/**
 * A compile as the library's `compileFleet` makes it, with the hooks the
 * incremental build hands the pipeline (index.ts `PipelineHooks`: the per-file
 * memo), which the library's function does not take.
 */
import type { SourceFile } from '../../compiler/1-load/source-file.js';
import { withOutputManifest } from '../../compiler/3-emit/output-manifest.js';
import { madeOutputs } from '../../compiler/3-emit/output-plan.js';
import { planFleet, type CompileOptions, type CompileResult, type PipelineHooks } from '../../compiler/index.js';

export function compileWithHooks(files: readonly SourceFile[], options: CompileOptions, hooks: PipelineHooks): CompileResult {
  const { plan, ...result } = planFleet(files, options, hooks);
  return plan ? { ...result, outputs: withOutputManifest(madeOutputs(plan)) } : result;
}
