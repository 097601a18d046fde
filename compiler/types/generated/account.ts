// Generated from schemas/account.schema.json by `npm run gen:types`. Do not edit.

/**
 * A cloud account: registry/accounts/<vendor>-<name>.yaml (docs/fleet-reference.md). Clusters name it by its file stem.
 */
export interface Account {
  /**
   * The vendor (a provider name such as `digitalocean` or `aws`); a cluster using this account must use this provider. The first part of the file stem.
   */
  vendor: string;
  /**
   * The account's name within the vendor: lower-case letters and digits, hyphens between them. The part of the file stem after the first hyphen.
   */
  name: string;
}
