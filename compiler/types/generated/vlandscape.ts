// Generated from schemas/vlandscape.schema.json by `npm run gen:types`. Do not edit.

/**
 * A virtual landscape: registry/vlandscapes/<vlandscape>.yaml (docs/fleet-reference.md). One name over several landscapes; DNS answers with the nearest healthy serving member. Its name may not be a landscape's name.
 */
export interface VirtualLandscape {
  /**
   * The virtual landscape's name (landscape naming rules); equals the file name.
   */
  name: string;
  /**
   * The member landscapes.
   *
   * @minItems 1
   */
  members: [Member, ...Member[]];
}
/**
 * One member landscape of a virtual landscape.
 */
export interface Member {
  /**
   * The member landscape.
   */
  landscape: string;
  /**
   * True = the member is in the virtual name's geo-routed answers (no default).
   */
  serve: boolean;
}
