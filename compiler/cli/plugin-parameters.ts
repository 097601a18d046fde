/**
 * The typed parameters of the ArgoCD Config Management Plugin (SPEC §6;
 * ../shared/notes/argocd-kargo.md §2). ArgoCD sends an Application's
 * `spec.source.plugin.parameters[]` as JSON in `ARGOCD_APP_PARAMETERS`:
 * `[{"name": "fleet", "string": "sub/dir"}, {"name": …, "array": […]}, {"name": …, "map": {…}}]`.
 * Announced defaults are never sent, so the tool applies its own; a parameter
 * the tool does not declare, one of the wrong type, or a repeated one is a
 * usage error (a typo must never be ignored). Pure: the caller reads the
 * environment.
 */
import path from 'node:path';
import { closestName } from '../diagnostics/spelling.js';
import { UsageError } from './command.js';

/** One declared parameter: its name, its ArgoCD collection type, its default and what it means. */
export interface PluginParameter {
  name: string;
  collectionType: 'string';
  default: string;
  title: string;
  tooltip: string;
}

/**
 * Every parameter `diene render` accepts. `chart/plugin/plugin.yaml` announces
 * exactly these (a test compares them), so the ArgoCD UI offers the same
 * names and defaults the tool applies.
 */
export const PLUGIN_PARAMETERS: readonly PluginParameter[] = [
  {
    name: 'fleet',
    collectionType: 'string',
    default: '.',
    title: 'Fleet directory',
    tooltip: 'Path of the fleet inside the source directory (default "."). It may not leave the source directory.',
  },
];

/** Parameter values with every default applied. */
export interface RenderParameters {
  /** The fleet directory relative to the Application's source directory, `/`-separated; `.` by default. */
  fleet: string;
  /** Names the Application set explicitly (the rest took their defaults), sorted. */
  explicit: string[];
}

function typeOf(entry: Record<string, unknown>): string {
  if ('array' in entry) return 'an array';
  if ('map' in entry) return 'a map';
  if ('string' in entry) return 'a string';
  return 'no value';
}

/**
 * Parses `ARGOCD_APP_PARAMETERS` (`undefined` or empty = no parameters) and
 * applies the defaults. Throws {@link UsageError} on JSON that is not a list
 * of `{name, string|array|map}`, an unknown or repeated name, or a value of
 * the wrong type.
 */
export function parsePluginParameters(json: string | undefined): RenderParameters {
  const values: Record<string, string> = {};
  if (json !== undefined && json.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      throw new UsageError('usage_plugin_parameters_not_json', { reason: error instanceof Error ? error.message : String(error) });
    }
    if (!Array.isArray(parsed))
      throw new UsageError('usage_plugin_parameters_not_list', {
        found: parsed === null ? 'null' : `a JSON ${typeof parsed === 'object' ? 'object' : typeof parsed}`,
      });
    const known = PLUGIN_PARAMETERS.map((p) => p.name).join(', ');
    for (const entry of parsed as unknown[]) {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry) || typeof (entry as { name?: unknown }).name !== 'string')
        throw new UsageError('usage_plugin_parameters_not_list', { found: `the item ${JSON.stringify(entry)} has no "name"` });
      const item = entry as Record<string, unknown>;
      const name = item['name'] as string;
      const declared = PLUGIN_PARAMETERS.find((p) => p.name === name);
      if (!declared) {
        const closest = closestName(
          name,
          PLUGIN_PARAMETERS.map((p) => p.name),
        );
        throw new UsageError('usage_plugin_parameter_unknown', { name, known, suggestion: closest === undefined ? '' : `did you mean "${closest}"? ` });
      }
      if (Object.prototype.hasOwnProperty.call(values, name)) throw new UsageError('usage_plugin_parameter_repeated', { name });
      const value = item[declared.collectionType];
      if (typeof value !== 'string' || 'array' in item || 'map' in item)
        throw new UsageError('usage_plugin_parameter_type', { name, expected: declared.collectionType, found: typeOf(item) });
      values[name] = value;
    }
  }
  const explicit = Object.keys(values).sort();
  for (const parameter of PLUGIN_PARAMETERS) if (!values[parameter.name]) values[parameter.name] = parameter.default;
  return { fleet: values['fleet'] as string, explicit };
}

/**
 * The absolute fleet directory of the `fleet` parameter, resolved against the
 * Application's source directory `sourceDir`. Throws {@link UsageError} when it
 * is absolute or leaves `sourceDir`: the plugin reads nothing outside the
 * checked-out tree, so ArgoCD's manifest cache (keyed by revision and
 * parameters) stays correct.
 */
export function resolveFleetParameter(sourceDir: string, fleet: string): string {
  if (path.isAbsolute(fleet) || /^[A-Za-z]:/.test(fleet))
    throw new UsageError('usage_plugin_fleet_outside', { fleet, how: 'is an absolute path, not one inside the source directory' });
  const resolved = path.resolve(sourceDir, fleet);
  const relative = path.relative(sourceDir, resolved);
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative))
    throw new UsageError('usage_plugin_fleet_outside', { fleet, how: 'leaves the source directory' });
  return resolved;
}
