/**
 * The appliers' SDKs are optional dependencies (the ArgoCD plugin image and
 * `npm ci --omit=optional` leave them out), loaded only when an applier runs.
 */

/** True when `error` is the module loader saying the package `name` cannot be found. */
export function isPackageMissing(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && typeof message === 'string' && message.includes(`'${name}'`);
}
