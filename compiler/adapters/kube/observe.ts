/**
 * Reads what diene applied for one platform: every object of the managed
 * kinds, in every namespace, carrying both of diene's labels for it.
 */
import { platformSelector, type KubeObject } from '../../plan/kube-apply-plan.js';
import type { KubeCluster } from './adapter.js';
import { MANAGED_KINDS } from './capabilities.js';

/** The labelled objects of `platform`, and the managed kinds the server does not serve (nothing of them can exist). */
export async function observePlatform(cluster: KubeCluster, platform: string): Promise<{ objects: KubeObject[]; unserved: string[] }> {
  const objects: KubeObject[] = [];
  const unserved: string[] = [];
  for (const { apiVersion, kind } of MANAGED_KINDS) {
    const listed = await cluster.list(apiVersion, kind, platformSelector(platform));
    if (listed === undefined) unserved.push(`${apiVersion} ${kind}`);
    else objects.push(...listed);
  }
  return { objects, unserved };
}
