/**
 * The packages only some commands load: the appliers' cloud SDKs and
 * Kubernetes client, and isomorphic-git (the claim write door, and the
 * advice about files git can give back). They are optional peer
 * dependencies of the package (a plain `npm install diene-compiler` leaves
 * them out, the ArgoCD plugin image has none of them), loaded on first use;
 * the command line's bundle carries isomorphic-git in itself.
 */

/** True when `error` is the module loader saying the package `name` cannot be found. */
export function isPackageMissing(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && typeof message === 'string' && message.includes(`'${name}'`);
}

/**
 * The npm package whose absence `error` reports (the ES module loader's
 * "Cannot find package 'NAME' imported from …"), if it is one. Only a package
 * outside the bundle can be missing: one of package.json's optional peer
 * dependencies (the names are not listed here, so the plugin image's bundle,
 * which has none of them, does not carry them either).
 */
export function missingPackage(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' || typeof message !== 'string') return undefined;
  return /^Cannot find package '((?:@[^/']+\/)?[^/']+)/.exec(message)?.[1];
}
