/**
 * What a change of the rows deploys (`diene report --base`): a row's pins and
 * emergency values are read by ArgoCD and Kargo at run time, so a pin bump,
 * a rollback or a hotfix changes no generated file, and the output changes
 * alone would call the most consequential pull request of a fleet "no
 * change". Compares the rows of two fleets' models by their path. Pure.
 */
import type { PlatformModel, RowModel } from '../2-analyze/fleet-model.js';

/** One row whose deploy changes: `[before, after]` for each pin that moved; `values` when its emergency override did. */
export interface RowDeploy {
  /** `platforms/<platform>/<service>/<landscape>.yaml` */
  path: string;
  /** `added`: a row the base has not; `removed`: one the head has not; `changed`: both have it. */
  status: 'added' | 'removed' | 'changed';
  chart?: readonly [before: string, after: string];
  image?: readonly [before: string, after: string];
  values?: 'added' | 'changed' | 'removed';
}

function rowsByPath(platforms: readonly PlatformModel[]): Map<string, RowModel> {
  const rows = new Map<string, RowModel>();
  for (const platform of platforms) for (const service of platform.services) for (const row of service.rows) rows.set(row.path, row);
  return rows;
}

function valuesChange(before: RowModel | undefined, after: RowModel | undefined): RowDeploy['values'] {
  const was = before?.values;
  const is = after?.values;
  if (was === undefined) return is === undefined ? undefined : 'added';
  if (is === undefined) return 'removed';
  return keyOrderFree(was) === keyOrderFree(is) ? undefined : 'changed';
}

/** JSON text of `value` with every mapping's keys sorted: two values that differ only in key order give the same text (a null kept: Helm reads it as "remove the key"). */
function keyOrderFree(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The rows of `head` whose pins or values differ from `base`'s, rows added and removed included; sorted by path. */
export function rowDeploys(base: readonly PlatformModel[], head: readonly PlatformModel[]): RowDeploy[] {
  const before = rowsByPath(base);
  const after = rowsByPath(head);
  const deploys: RowDeploy[] = [];
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const was = before.get(path);
    const is = after.get(path);
    const chart = (was?.chart ?? '') !== (is?.chart ?? '') ? ([was?.chart ?? '', is?.chart ?? ''] as const) : undefined;
    const image = (was?.image ?? '') !== (is?.image ?? '') ? ([was?.image ?? '', is?.image ?? ''] as const) : undefined;
    const values = valuesChange(was, is);
    const status = was === undefined ? 'added' : is === undefined ? 'removed' : 'changed';
    // A row added or removed with nothing pinned deploys nothing either way.
    if (chart === undefined && image === undefined && values === undefined) continue;
    deploys.push({ path, status, ...(chart ? { chart } : {}), ...(image ? { image } : {}), ...(values ? { values } : {}) });
  }
  return deploys;
}
