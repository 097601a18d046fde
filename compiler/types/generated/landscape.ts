// Generated from schemas/landscape.schema.json by `npm run gen:types`. Do not edit.

/**
 * A landscape (an environment): registry/landscapes/<landscape>.yaml (docs/fleet-reference.md). The file name must equal `name`.
 */
export interface Landscape {
  /**
   * The landscape's name; equals the file name.
   */
  name: string;
  /**
   * The region the landscape runs in: a key of regions.yaml.
   */
  region: string;
  /**
   * The tier: a label only, used by warnings (a prod landscape with fewer than 2 clusters).
   */
  tier: 'dev' | 'staging' | 'prod';
}
