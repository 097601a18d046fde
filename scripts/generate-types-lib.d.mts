// Types of generate-types-lib.mjs, for the TypeScript tests that import it.

/** Absolute path of the repository root. */
export declare const ROOT: string;
/** Repository-relative folder holding the input schemas. */
export declare const SCHEMA_DIR: string;
/** Repository-relative folder holding the generated types. */
export declare const OUT_DIR: string;

/** Schema file names in schemas/, sorted. */
export declare function listSchemas(): Promise<string[]>;

/**
 * Generates the TypeScript types of every schema; writes nothing.
 * @returns repository-relative path (`compiler/types/generated/<kind>.ts`) → text
 */
export declare function generateTypes(): Promise<Map<string, string>>;

/** Paths of generated files that differ from disk, are missing, or are not generated. */
export declare function compareTypes(
  generated: Map<string, string>,
  read: (relPath: string) => Promise<string | undefined>,
  present: string[],
): Promise<{ stale: string[]; missing: string[]; extra: string[] }>;
