/**
 * The keywords diene's JSON Schemas (schemas/) use beyond JSON Schema itself,
 * as Ajv keyword definitions. `x-diene-codes` is an annotation: on a schema
 * object, it maps a JSON Schema keyword of that object (`pattern`, `enum`, …)
 * to the catalog code a failure of it reports. It validates nothing. Ajv's
 * strict mode (its default) refuses a keyword it does not know, so a program
 * that compiles the published schemas registers these first:
 * `for (const keyword of SCHEMA_KEYWORDS) ajv.addKeyword(keyword)`.
 */
export const SCHEMA_KEYWORDS: readonly { readonly keyword: string; readonly schemaType: 'object' }[] = [{ keyword: 'x-diene-codes', schemaType: 'object' }];
