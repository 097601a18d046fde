/**
 * The row format (SPEC §3.4), in one place: where a row lives, the keys a
 * promotion writes into it (Kargo's `yaml-update`) and Argo CD's git files
 * generator reads, when a row is ready (a non-empty `pin.chart`: something
 * is deployed), and the empty row that `diene init` and `diene materialize`
 * write. Every other module asks this one.
 */

/** The keys of a row's pins, as `yaml-update` and a label selector spell them. */
export const ROW_PIN_KEYS = { chart: 'pin.chart', image: 'pin.image' } as const;

/** The path of the row of `service` of `platform` on `landscape`, from the fleet's root. */
export function rowPath(platform: string, service: string, landscape: string): string {
  return `${rowFolder(platform, service)}/${landscape}.yaml`;
}

/** The path of the row whose key is `key`, `<platform>/<service>/<landscape>` (2-analyze/routes.ts `rowKey`). */
export function rowPathOfKey(key: string): string {
  return `platforms/${key}.yaml`;
}

/** The folder of the rows of `service` of `platform` (one file per landscape). */
export function rowFolder(platform: string, service: string): string {
  return `platforms/${platform}/${service}`;
}

/** The path of the shared row of `chart` of the platform folder `folder` on `landscape`. */
export function sharedRowPath(folder: string, chart: string, landscape: string): string {
  return `platforms/${folder}/_shared/${chart}/${landscape}.yaml`;
}

/** Whether a row whose `pin.chart` is `chart` is ready: a non-empty chart version (an empty one deploys nothing yet). */
export function rowIsReady(chart: unknown): boolean {
  return typeof chart === 'string' && chart !== '';
}

/** The value of a service's row before its first promotion: both pins empty. */
export function emptyRow(): { pin: { chart: string; image: string } } {
  return { pin: { chart: '', image: '' } };
}

/** The value of a shared chart's row before its first promotion: its chart pin empty. */
export function emptySharedRow(): { pin: { chart: string } } {
  return { pin: { chart: '' } };
}
