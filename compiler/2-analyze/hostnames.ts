/**
 * Host names of the fleet's naming scheme (SPEC §1, §3.3): every service
 * host is `<module>.<service>.<platform>.<landscape>.<base>`; a landscape's
 * own name is `<landscape>.<base>`, its cluster ops names
 * `<mark>.<landscape>.<base>`, and the sign-in issuer of landscape L is
 * `https://<issuer module>.<issuer service>.<issuer platform>.<L>.<base>/oidc`.
 * All lower case, no trailing dot (SPEC §3.6).
 */

/** `<module>.<service>.<platform>.<landscape>.<base>` */
export function serviceHost(module: string, service: string, platform: string, landscape: string, base: string): string {
  return `${module}.${service}.${platform}.${landscape}.${base}`.toLowerCase();
}

/** `<landscape>.<base>` */
export function landscapeHost(landscape: string, base: string): string {
  return `${landscape}.${base}`.toLowerCase();
}

/** `<mark>.<landscape>.<base>`, the ops name of one cluster. */
export function clusterOpsHost(mark: string, landscape: string, base: string): string {
  return `${mark}.${landscape}.${base}`.toLowerCase();
}

/** The issuer URL of `landscape` (SPEC §1: derived, never typed). */
export function issuerUrl(issuer: { module: string; service: string; platform: string }, landscape: string, base: string): string {
  return `https://${serviceHost(issuer.module, issuer.service, issuer.platform, landscape, base)}/oidc`;
}
