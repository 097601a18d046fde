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
import { emitSharedChartStages, emitSharedChartWarehouse } from './shared-charts.js';

/** The Warehouses of a platform: its services', then its shared charts' (shared-charts.ts). */
function warehouses(model: RegistrySlice, platform: PlatformOutline): unknown[] {
  return [
    ...platform.services.map((service) => emitKargoWarehouse(model, platform, service)),
    ...platform.sharedCharts.map((chart) => emitSharedChartWarehouse(model, platform, chart)),
  ];
}

/** The Stages of a platform: service by service, then shared chart by shared chart. */
function stages(model: RegistrySlice, platform: PlatformOutline): unknown[] {
  return [
    ...platform.services.flatMap((service) => emitKargoStages(model, platform, service)),
    ...platform.sharedCharts.flatMap((chart) => emitSharedChartStages(model, platform, chart)),
  ];
}

/** The Kargo objects of a platform: Project, ProjectConfig, Warehouses, then Stages service by service, then the shared charts'. */
export function kargoObjects(model: RegistrySlice, platform: PlatformOutline): unknown[] {
  return [emitKargoProject(platform), emitKargoProjectConfig(model, platform), ...warehouses(model, platform), ...stages(model, platform)];
}

/** Every object of one platform in sync-wave order, as `diene render` prints them (SPEC §3.1, §6): Platform record and Project, ProjectConfig, Warehouses and AppProject, ApplicationSets, Stages. */
export function platformObjects(model: RegistrySlice, platform: PlatformOutline): unknown[] {
  return [
    emitPlatformRecord(platform),
    emitKargoProject(platform),
    emitKargoProjectConfig(model, platform),
    ...warehouses(model, platform),
    ...argocdObjects(model, platform),
    ...stages(model, platform),
  ];
}
