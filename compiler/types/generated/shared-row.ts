// Generated from schemas/shared-row.schema.json by `npm run gen:types`. Do not edit.

/**
 * A shared chart's row: platforms/<platform>/_shared/<chart>/<landscape>.yaml, the version of one of the platform's shared charts (carbon/<platform>/platform.yaml `sharedCharts`) in one landscape (docs/fleet-reference.md). Kargo writes the version; Argo CD deploys the chart at it on every cluster of the landscape. It is not a service: it gives no host, route, address-book entry, sign-in or DNS record.
 */
export interface SharedRow {
  /**
   * The deployed version of the shared chart.
   */
  pin: {
    /**
     * The chart's version, as a quoted string: a strict semantic version such as `1.4.2` (what Kargo discovers), or `""` for nothing yet, and such a row deploys nothing.
     */
    chart: string;
  };
}
