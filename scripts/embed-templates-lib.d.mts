/** Types of scripts/embed-templates-lib.mjs (see there). */
export const ROOT: string;
export const TEMPLATE_DIR: string;
export const TEMPLATE_MODULE: string;
export function templateModule(): Promise<string>;
