/**
 * The first line of a YAML file diene writes into a fleet (`init`,
 * `materialize`): a yaml-language-server modeline naming the file's schema in
 * the fleet's own schemas/ folder, where `diene schemas --out schemas` puts
 * them. A relative path, so it works in every clone of the fleet, with no
 * package installed beside it and no network.
 */
import type { InputKind } from '../1-load/fleet-layout.js';

/** The folder, relative to the fleet root, that the modelines name. */
export const FLEET_SCHEMAS_FOLDER = 'schemas';

/** `# yaml-language-server: $schema=…` (with its line feed) for the file at `fleetPath` (relative to the fleet root, `/`-separated) of kind `kind`. */
export function schemaModeline(kind: InputKind, fleetPath: string): string {
  const up = '../'.repeat(fleetPath.split('/').length - 1);
  return `# yaml-language-server: $schema=${up}${FLEET_SCHEMAS_FOLDER}/${kind}.schema.json\n`;
}
