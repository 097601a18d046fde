// Types of generate-validators-lib.mjs, for the TypeScript tests that import it.

/** Absolute path of the repository root. */
export declare const ROOT: string;
/** Repository-relative path of the generated module. */
export declare const VALIDATORS_FILE: string;
/** The Ajv options of compiler/1-load/compile-schemas.ts, without the code generation ones. */
export declare const AJV_OPTIONS: Readonly<Record<string, boolean>>;
/** The input schemas of schemas/, kind → schema. */
export declare function readInputSchemas(): Promise<Record<string, object>>;
/** The text of the generated validators module. */
export declare function generateValidators(): Promise<string>;
