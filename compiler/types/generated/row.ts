// Generated from schemas/row.schema.json by `npm run gen:types`. Do not edit.

/**
 * A row: platforms/<platform>/<service>/<landscape>.yaml, one service in one landscape (docs/fleet-reference.md). T3 writes it empty, Kargo writes versions; the set of services of a platform is the set of row folders.
 */
export interface Row {
  pin: Pin;
  /**
   * Optional emergency override of Helm values, merged deeply over the chart's defaults and `values.<landscape>.yaml`; needs `valuesSince`.
   */
  values?: {
    [k: string]: unknown | undefined;
  };
  /**
   * When the `values` override was set (RFC 3339 date-time); an override older than 7 days is warned about. Required when `values` is present.
   */
  valuesSince?: string;
}
/**
 * The deployed versions; both keys always present.
 */
export interface Pin {
  /**
   * The version of the app and primordial charts: letters, digits, `.`, `_`, `+` and `-`, no spaces, starting with a letter, a digit or `_` (a strict semantic version such as `1.4.2` for Kargo to discover it), or `""`.
   */
  chart: string;
  /**
   * The image tag: letters, digits, `.`, `_`, `+` and `-`, no spaces, starting with a letter, a digit or `_` (a strict semantic version such as `1.4.2` for Kargo to discover it), or `""`.
   */
  image: string;
}
