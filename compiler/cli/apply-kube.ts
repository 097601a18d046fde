/**
 * `diene apply kube --platform NAME [--context C] [--dry-run=server] [--fleet DIR]`
 * (SPEC §5): for users without ArgoCD in the loop, pushes one
 * platform's objects (the same objects `diene render` prints) to a cluster.
 *
 * 1. Compiles the fleet in memory (invalid input: exit 2, no request made).
 * 2. Lists, for every kind a render holds, the objects labelled
 *    `app.kubernetes.io/managed-by=diene,diene.atomi.cloud/platform=NAME`
 *    (an unreachable or refusing server: exit 2, nothing written).
 * 3. Plans (compiler/plan/kube-apply-plan.ts): server-side apply of every
 *    rendered object as field manager `diene`; prune of the labelled objects
 *    the render no longer holds. Nothing is pruned when the render is empty.
 * 4. Applies in sync-wave order, then prunes in reverse order, only when every
 *    apply succeeded. One line per object on stdout; exit 4 when any call
 *    failed (each named), else 0. `--dry-run=server` sends every call with
 *    dryRun=All: the server validates, nothing is stored.
 */
import { at } from '../1-load/load-fleet.js';
import { connectKube, KubeConfigMissing, KubeConfigProblem } from '../adapters/kube/adapter.js';
import { missingPackage } from '../adapters/package-missing.js';
import { executeKubePlan, formatKubeOutcomes } from '../adapters/kube/apply.js';
import { MANAGED_KIND_ORDER } from '../adapters/kube/capabilities.js';
import { observePlatform } from '../adapters/kube/observe.js';
import { platformObjects } from '../3-emit/emit-outputs.js';
import { canonicalize } from '../3-emit/serialize.js';
import { diagnose, diagnoseFinding, FLEET_WIDE } from '../diagnostics/diagnostic.js';
import { describeKey, planKubeApply, type KubeObject } from '../plan/kube-apply-plan.js';
import {
  platformNotFound,
  EXIT,
  fleetRoot,
  fromHelp,
  invalidValue,
  missingOption,
  nowSeconds,
  readAndAnalyze,
  stringOption,
  type Command,
  type CommandInput,
  type CommandResult,
} from './command.js';
import { PROGRESS_MIN_OBJECTS, SILENT_PROGRESS } from './progress.js';
import { applyKubeHelp } from './apply-kube.help.js';

async function runApplyKube({ values, progress = SILENT_PROGRESS }: CommandInput): Promise<CommandResult> {
  const name = stringOption(values, 'platform');
  if (!name) throw missingOption('--platform NAME', 'name the platform whose objects to apply, e.g. --platform mercury');
  const dryRunFlag = stringOption(values, 'dry-run');
  if (dryRunFlag !== undefined && dryRunFlag !== 'server')
    throw invalidValue(
      '--dry-run',
      dryRunFlag,
      '"server" (apply kube has only the server-side dry run; to see the objects without a cluster, run diene render)',
      '--dry-run=server',
    );
  const dryRun = dryRunFlag === 'server';
  const root = fleetRoot(values);

  const fleet = await readAndAnalyze(root, { analysis: { nowSeconds: nowSeconds(values) } });
  if (!fleet.valid) return fleet.stop;
  const { diagnostics } = fleet;
  const platform = fleet.model.platforms.find((p) => p.name === name);
  if (!platform) {
    // Only the root cause: warnings about other platforms (read partly, for this one) would mislead.
    return {
      diagnostics: [
        platformNotFound(
          name,
          fleet.model.platforms.map((p) => p.name),
        ),
      ],
      exitCode: EXIT.invalid,
    };
  }
  const rendered = platformObjects(fleet.model, platform).map((object) => canonicalize(object) as KubeObject);
  // What the cluster refuses of the platform's objects is placed at the platform's name in its file, where they come from.
  const declared = fleet.model.loaded.platforms.find((loaded) => loaded.data.name === name);
  const atPlatform = declared ? at(declared, ['name']) : FLEET_WIDE;

  let cluster;
  try {
    cluster = await connectKube({ context: stringOption(values, 'context') });
  } catch (error) {
    // The client itself not installed: the front end's peer_dependency_missing (cli.ts).
    if (missingPackage(error) !== undefined) throw error;
    if (error instanceof KubeConfigMissing)
      return { diagnostics: [...diagnostics, diagnose({}, 'kube_config_missing', { searched: error.searched.join('; ') })], exitCode: EXIT.invalid };
    if (error instanceof KubeConfigProblem) return { diagnostics: [...diagnostics, diagnoseFinding(FLEET_WIDE, error.finding)], exitCode: EXIT.invalid };
    // Anything else is the Kubernetes client's reading of the file (bad YAML, a missing certificate file): its words.
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    return { diagnostics: [...diagnostics, diagnose(FLEET_WIDE, 'kube_config_invalid', { reason })], exitCode: EXIT.invalid };
  }

  let observed;
  try {
    observed = await observePlatform(cluster, name);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      diagnostics: [...diagnostics, diagnose(atPlatform, 'kube_list_failed', { platform: name, cluster: cluster.description, reason })],
      exitCode: EXIT.invalid,
    };
  }

  const plan = planKubeApply(name, rendered, observed.objects, MANAGED_KIND_ORDER);
  const calls = plan.apply.length + plan.prune.length;
  const shown = calls >= PROGRESS_MIN_OBJECTS ? progress : SILENT_PROGRESS;
  const outcomes = await executeKubePlan(cluster, plan, dryRun, (done, total) => shown.update(`${done}/${total} objects applied or pruned`));
  shown.clear();
  const failed = outcomes.filter((o) => o.result === 'failed');
  const count = (result: string): number => outcomes.filter((o) => o.result === result).length;
  const findings = [
    ...observed.unserved.map((kind) => diagnose(atPlatform, 'kube_kind_unserved', { cluster: cluster.description, kind })),
    ...failed.map((o) =>
      diagnose(atPlatform, 'kube_object_failed', {
        action: o.verb === 'apply' ? 'apply' : 'prune',
        object: describeKey(o.key),
        cluster: cluster.description,
        reason: o.message ?? '',
      }),
    ),
  ];
  const notes = [
    ...(plan.pruneWithheld ? [`note: ${plan.pruneWithheld}`] : []),
    `${dryRun ? 'dry run (server): nothing stored; would have ' : ''}applied ${count('created') + count('configured')} of ${plan.apply.length} objects of ${name} to ${cluster.description} (${count('created')} new), pruned ${count('pruned')}${failed.length ? `; ${failed.length} failed` : ''}${count('skipped') ? `; ${count('skipped')} prunes withheld because an apply failed` : ''}`,
  ];
  return { stdout: formatKubeOutcomes(outcomes), diagnostics: [...diagnostics, ...findings], notes, exitCode: failed.length > 0 ? EXIT.partial : EXIT.ok };
}

export const applyKubeCommand: Command = { ...fromHelp(applyKubeHelp), run: runApplyKube };
