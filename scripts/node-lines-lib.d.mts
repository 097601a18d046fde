/** Types of scripts/node-lines-lib.mjs (see there). */
export const TEST_NODE: string;
export const SUPPORTED_NODES: readonly string[];
export function nodeCache(): string;
export function nodeBinary(version: string): string;
export function nodeHeaders(version: string): string | undefined;
export function isInstalled(version: string): boolean;
export function installNode(version: string): void;
