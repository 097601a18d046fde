/**
 * The Platform record for T3 (SPEC §3.6): `platforms/<platform>.yaml` is
 * `{apiVersion: diene.atomi.cloud/v1alpha1, kind: Platform, metadata: {name},
 * spec: {landscapes, stages, services}}`. `stages` is written as in
 * platform.yaml; `services` maps each row folder to its modules.
 */
import type { PlatformOutline } from '../2-analyze/fleet-model.js';
import { platformLabels, SYNC_WAVE, SYNC_WAVE_ANNOTATION } from '../2-analyze/conventions.js';
import type { PlatformRecord } from './kube-objects.js';

/** The Platform record of `platform`. */
export function emitPlatformRecord(platform: PlatformOutline): PlatformRecord {
  return {
    apiVersion: 'diene.atomi.cloud/v1alpha1',
    kind: 'Platform',
    metadata: { name: platform.name, labels: platformLabels(platform.name), annotations: { [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.platformRecord } },
    spec: {
      landscapes: [...platform.landscapes],
      stages: platform.rawStages,
      services: Object.fromEntries(platform.services.map((service) => [service.name, { modules: service.modules }])),
    },
  };
}
