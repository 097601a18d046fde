/**
 * Runs a {@link KubeApplyPlan}: server-side applies in render order, then, only
 * when every apply succeeded, the prunes in reverse sync-wave order. Each
 * change's outcome is reported; a failure never stops the other applies (the
 * caller reports "applied in part", exit 4).
 */
import { terminalLines } from '../../diagnostics/format.js';
import { describeKey, type KubeApplyPlan, type ObjectKey } from '../../plan/kube-apply-plan.js';
import { KubeCallFailed, type KubeCluster } from './adapter.js';

/** What happened to one planned change. */
export interface KubeOutcome {
  verb: 'apply' | 'prune';
  key: ObjectKey;
  /** `created` / `configured` for applies (from whether the object was listed before), `pruned`, `failed`, or `skipped` (a prune withheld after a failed apply). */
  result: 'created' | 'configured' | 'pruned' | 'failed' | 'skipped';
  message?: string;
}

/** Executes `plan` on `cluster`; with `dryRun` every call carries dryRun=All and nothing is stored. `onCall` hears before each call how many are done, of how many. */
export async function executeKubePlan(
  cluster: KubeCluster,
  plan: KubeApplyPlan,
  dryRun: boolean,
  onCall: (done: number, total: number) => void = () => {},
): Promise<KubeOutcome[]> {
  const outcomes: KubeOutcome[] = [];
  const total = plan.apply.length + plan.prune.length;
  for (const change of plan.apply) {
    onCall(outcomes.length, total);
    try {
      await cluster.apply(change.object, dryRun);
      outcomes.push({ verb: 'apply', key: change.key, result: change.exists ? 'configured' : 'created' });
    } catch (error) {
      outcomes.push({ verb: 'apply', key: change.key, result: 'failed', message: error instanceof KubeCallFailed ? error.message : String(error) });
    }
  }
  const applyFailed = outcomes.some((o) => o.result === 'failed');
  for (const change of plan.prune) {
    onCall(outcomes.length, total);
    if (applyFailed) {
      outcomes.push({ verb: 'prune', key: change.key, result: 'skipped', message: 'not pruned: an apply failed' });
      continue;
    }
    try {
      await cluster.delete(change.object, dryRun);
      outcomes.push({ verb: 'prune', key: change.key, result: 'pruned' });
    } catch (error) {
      outcomes.push({ verb: 'prune', key: change.key, result: 'failed', message: error instanceof KubeCallFailed ? error.message : String(error) });
    }
  }
  return outcomes;
}

/** One line per outcome, `<verb> <result> <object>[: message]`, in execution order. */
export function formatKubeOutcomes(outcomes: readonly KubeOutcome[]): string {
  if (outcomes.length === 0) return '';
  // Messages come from the API server: each stays on its line, and none is a workflow command.
  return `${terminalLines(outcomes.map((o) => `${o.verb.padEnd(5)} ${o.result.padEnd(10)} ${describeKey(o.key)}${o.message ? `: ${o.message}` : ''}`))}\n`;
}
