/** Types of scripts/embed-templates-lib.mjs (see there). */
export const ROOT: string;
export const TEMPLATE_DIR: string;
export const TEMPLATE_MODULE: string;
export function templateModule(): Promise<string>;
export const PRECOMPILED_MODULE: string;
export const TEMPLATE_OPTIONS: { default: { noEscape: boolean; strict: boolean } } & Record<string, { noEscape: boolean; strict: boolean }>;
export function precompiledModule(): Promise<string>;
