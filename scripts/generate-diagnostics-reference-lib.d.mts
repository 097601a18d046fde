/** Types of scripts/generate-diagnostics-reference-lib.mjs (see there). */
export const ROOT: string;
export const REFERENCE_PAGE: string;
export const CASES_DIR: string;
export function diagnosticsReference(
  catalog: Readonly<Record<string, { severity: string; message: string; hint: string; choices?: Readonly<Record<string, Readonly<Record<string, string>>>> }>>,
  reasons?: { codes: readonly string[]; texts: Readonly<Record<string, string>> },
): Promise<string>;
