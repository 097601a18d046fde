/**
 * `diene materialize [--fleet DIR]`: writes the missing empty rows
 * (`pin:`, then `  chart: ""` and `  image: ""`: block style, which Kargo's
 * yaml-update needs, SPEC §2) for every service and every landscape its
 * platform lists. A platform's services are its row folders, including an
 * empty folder on disk (git does not keep those, so this is how a new service
 * starts locally), plus the services named under `services:` in platform.yaml.
 * Each row starts with the modeline naming schemas/row.schema.json (modeline.ts).
 * It writes the missing rows of the platform's shared charts too
 * (`platforms/<platform>/_shared/<chart>/<landscape>.yaml`, `pin:` then
 * `  chart: ""`, schemas/shared-row.schema.json).
 * Never deletes or rewrites a row (files are created with the exclusive `wx`
 * flag).
 */
import path from 'node:path';
import { pathExists, subfolders, writeText } from '../adapters/filesystem/files.js';
import type { SourceFile } from '../1-load/source-file.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { toYamlDocument } from '../3-emit/serialize.js';
import { diagnose } from '../diagnostics/diagnostic.js';
import { sharedChartNames } from '../2-analyze/conventions.js';
import { EXIT, fleetRoot, fromHelp, nowSeconds, readAndAnalyze, type Command, type CommandInput, type CommandResult } from './command.js';
import { materializeHelp } from './materialize.help.js';
import { schemaModeline } from './modeline.js';
import { emptyRow, emptySharedRow, rowPath } from '../1-load/row-format.js';

/** Service names: row folders with rows, empty row folders on disk with a valid name, and platform.yaml `services:` keys; sorted. */
function servicesOf(root: string, model: FleetModel, platform: string): string[] {
  const names = new Set(model.platforms.find((p) => p.name === platform)?.services.map((s) => s.name) ?? []);
  for (const loaded of model.loaded.platforms) if (loaded.data.name === platform) for (const name of Object.keys(loaded.data.services ?? {})) names.add(name);
  const folder = path.join(root, 'platforms', platform);
  for (const name of subfolders(folder)) if (SERVICE_NAME.test(name)) names.add(name);
  return [...names].sort();
}

/**
 * `<platform>/<service>` of every folder under platforms/ that holds no row yet:
 * the analysis counts them as services, so that a new fleet whose sign-in
 * service has only its folder can be materialized; one whose name is no
 * service name is blamed there (`service_folder_invalid`), as it would be
 * with a row in it.
 */
function emptyRowFolders(root: string, files: readonly SourceFile[]): Set<string> {
  const withRows = new Set(files.flatMap((file) => /^platforms\/([^/]+)\/([^/]+)\//.exec(file.path)?.slice(1, 3).join('/') ?? []));
  const found = new Set<string>();
  const platforms = path.join(root, 'platforms');
  for (const platform of subfolders(platforms)) {
    for (const service of subfolders(path.join(platforms, platform))) {
      const key = `${platform}/${service}`;
      if (!withRows.has(key)) found.add(key);
    }
  }
  return found;
}

/** SPEC §2 service names: a lower-case letter, then lower-case letters and digits, 1–16 characters. */
const SERVICE_NAME = /^[a-z][a-z0-9]{0,15}$/;

async function runMaterialize({ values }: CommandInput): Promise<CommandResult> {
  const root = fleetRoot(values);
  const fleet = await readAndAnalyze(root, { analysis: (files) => ({ nowSeconds: nowSeconds(values), emptyRowFolders: emptyRowFolders(root, files) }) });
  if (!fleet.valid) return fleet.stop;
  const { diagnostics } = fleet;
  const written: string[] = [];
  // The missing-row warnings of the rows written here: answered by this run, so not printed.
  const answered = new Set<string>();
  const emptyRowText = toYamlDocument(emptyRow());
  const emptySharedRowText = toYamlDocument(emptySharedRow());
  for (const platform of fleet.model.platforms) {
    for (const service of servicesOf(root, fleet.model, platform.name)) {
      for (const landscape of platform.landscapes) {
        const relative = rowPath(platform.name, service, landscape);
        const target = path.join(root, relative);
        if (pathExists(target)) continue;
        await writeText(target, schemaModeline('row', relative) + emptyRowText, { createFolders: true, exclusive: true });
        written.push(relative);
        answered.add(diagnose({}, 'row_missing', { service, landscape, platform: platform.name }).message);
      }
    }
    for (const chart of platform.sharedCharts) {
      for (const landscape of platform.landscapes) {
        const relative = `${sharedChartNames.rowFolder(platform.name, chart)}/${landscape}.yaml`;
        const target = path.join(root, relative);
        if (pathExists(target)) continue;
        await writeText(target, schemaModeline('shared-row', relative) + emptySharedRowText, { createFolders: true, exclusive: true });
        written.push(relative);
        answered.add(diagnose({}, 'shared_row_missing', { chart, landscape, platform: platform.name }).message);
      }
    }
  }
  const unanswered = diagnostics.filter((d) => !((d.code === 'row_missing' || d.code === 'shared_row_missing') && answered.has(d.message)));
  return { diagnostics: unanswered, notes: written.length > 0 ? written.map((f) => `wrote ${f}`) : ['every row exists; nothing written'], exitCode: EXIT.ok };
}

export const materializeCommand: Command = { ...fromHelp(materializeHelp), run: runMaterialize };
