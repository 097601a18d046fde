/**
 * The packages only some commands load: the appliers' cloud SDKs and
 * Kubernetes client, and isomorphic-git (the claim write door, and the
 * advice about files git can give back). They are optional peer
 * dependencies of the package (a plain `npm install diene-compiler` leaves
 * them out, the ArgoCD plugin image has none of them), loaded on first use;
 * the command line's bundle carries isomorphic-git in itself.
 */

/** The optional peer dependencies, as package.json's `peerDependenciesMeta` names them. */
export const PEER_PACKAGES = ['@aws-sdk/client-route-53', '@aws-sdk/client-s3', '@google-cloud/dns', '@kubernetes/client-node', 'cloudflare', 'isomorphic-git'] as const;

/** True when `error` is the module loader saying the package `name` cannot be found. */
export function isPackageMissing(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && typeof message === 'string' && message.includes(`'${name}'`);
}

/** The optional peer dependency whose absence `error` reports, if it is one. */
export function missingPeer(error: unknown): (typeof PEER_PACKAGES)[number] | undefined {
  return PEER_PACKAGES.find((name) => isPackageMissing(error, name));
}
