/**
 * The objects of one platform (Platform record, Kargo, ApplicationSets), in
 * their own module so that `diene render` loads only the emitters it needs
 * (not the books, DNS, route-table and health-check emitters and the
 * template engine they load).
 */
import type { RegistrySlice, PlatformOutline } from '../2-analyze/fleet-model.js';
import { argocdObjects } from './argocd-applicationsets.js';
import { emitKargoProject, emitKargoProjectConfig } from './kargo-project.js';
import { emitKargoStages } from './kargo-stages.js';
import { emitKargoWarehouse } from './kargo-warehouses.js';
import { emitPlatformRecord } from './platform-record.js';

/** The Kargo objects of a platform: Project, ProjectConfig, Warehouses, then Stages service by service. */
export function kargoObjects(model: RegistrySlice, platform: PlatformOutline): unknown[] {
  return [
    emitKargoProject(platform),
    emitKargoProjectConfig(model, platform),
    ...platform.services.map((service) => emitKargoWarehouse(model, platform, service)),
    ...platform.services.flatMap((service) => emitKargoStages(model, platform, service)),
  ];
}

/** Every object of one platform in sync-wave order, as `diene render` prints them (SPEC §3.1, §6): Platform record and Project, ProjectConfig, Warehouses and AppProject, ApplicationSets, Stages. */
export function platformObjects(model: RegistrySlice, platform: PlatformOutline): unknown[] {
  return [
    emitPlatformRecord(platform),
    emitKargoProject(platform),
    emitKargoProjectConfig(model, platform),
    ...platform.services.map((service) => emitKargoWarehouse(model, platform, service)),
    ...argocdObjects(model, platform),
    ...platform.services.flatMap((service) => emitKargoStages(model, platform, service)),
  ];
}
