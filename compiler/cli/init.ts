/**
 * `diene init DIR`: writes a new fleet that compiles at once with no error and
 * no warning (docs/getting-started.md): one platform with one service, two
 * landscapes with one cluster each, two DNS hosts and the sign-in platform. The
 * comments in each file say what to edit, and its first line names its schema
 * in DIR/schemas/, written too (modeline.ts). DIR must be missing or empty: init
 * never overwrites a file (files are created with the exclusive `wx` flag).
 * DIR inside a git work tree is that repository's folder: fleet.yaml's
 * `git.path` names it, so the compile's outputs find the rows there.
 */
import { gitTopLevel, isOccupied, writeText } from '../adapters/filesystem/files.js';
import { outputFolderRefusal } from './output-file.js';
import { gitPathProblem } from '../2-analyze/value-grammars.js';
import path from 'node:path';
import { toYamlDocument } from '../3-emit/serialize.js';
import { errnoCode } from '../diagnostics/catalog.js';
import { diagnose } from '../diagnostics/diagnostic.js';
import { initHelp } from './init.help.js';
import { FLEET_SCHEMAS_FOLDER, schemaModeline } from './modeline.js';
import { writeSchemas } from '../adapters/filesystem/schema-files.js';
import { classifyPath, type InputKind } from '../1-load/fleet-layout.js';
import { EXIT, fromHelp, type Command, type CommandInput, type CommandResult } from './command.js';
import { emptyRow } from '../1-load/row-format.js';
import { shellWord } from '../diagnostics/shell-word.js';

const FLEET_YAML = `# Fleet-wide settings (one file). Edit the DNS base, the DNS hosts and the
# addresses below to your own; \`diene compile\` says what is wrong after each edit.
example: true # documentation addresses (192.0.2.x, 2001:db8::) are allowed; set false once state/ holds real ones
dns:
  base: cluster.example.com # every service name is <module>.<service>.<platform>.<landscape>.<base>
  ttl: 60 # seconds, for every record set
  hosts: # every DNS host serving the base (two providers, so names answer through one host's outage); provider: route53 | google | cloudflare | rfc2136 | powerdns
    - name: route53
      provider: route53
      nameservers: # the nameservers the host assigned to the zone
        cluster.example.com: [ns-1.awsdns-01.com, ns-2.awsdns-02.net]
    - name: google
      provider: google
      nameservers:
        cluster.example.com: [ns-cloud-a1.googledomains.com, ns-cloud-a2.googledomains.com]
addressBooks:
  allowlist: [cluster.example.com] # roots that every address in the books must end in
  places: # where the address books are published
    - https://books.example.com
# the sign-in server: its api module on each landscape is the OIDC issuer of that landscape
issuer: { module: api, service: login, platform: signin }
primordial: { server: https://kubernetes.default.svc, argocdNamespace: argocd }
git: { repoURL: https://github.com/example/fleet.git, branch: main } # this fleet's own repository; add path: <folder> when the fleet is a folder of it (e.g. path: fleets/prod)
artifacts: # where each service's image and charts are published; {platform} and {service} are substituted
  image: ghcr.io/example/{platform}.{service}
  appChart: oci://ghcr.io/example/charts/{platform}.{service}
  primordialChart: oci://ghcr.io/example/charts/{platform}.{service}-primordial
`;

const REGIONS_YAML = `# The regions landscapes may use: keys are IATA airport codes. List the
# providers that have a data centre there and its coordinates (for geo routing).
regions:
  SIN:
    providers: [digitalocean]
    lat: 1.36
    lon: 103.99
    googleRegion: asia-southeast1
`;

function landscapeYaml(name: string, tier: string, note: string): string {
  return `# A landscape (an environment). The file name is its name. ${note}
name: ${name}
region: SIN # a key of registry/regions.yaml
tier: ${tier} # dev | staging | prod, a label only (a prod landscape wants two clusters)
`;
}

const ACCOUNT_YAML = `# A cloud account clusters are built in; the file name is <vendor>-<name>.
vendor: digitalocean
name: main
`;

function clusterYaml(landscape: string): string {
  return `# A cluster of landscape ${landscape}; the file name is <landscape>-<mark>.
# Add a second mark (e.g. green) to swap clusters blue/green.
landscape: ${landscape}
mark: blue
provider: digitalocean # a provider its landscape's region lists
account: digitalocean-main # a registry/accounts/ file name
traffic: true # true = in the landscape's DNS answers
`;
}

function stateYaml(addresses: string): string {
  return `# Written by the cluster builder (T3), not by people: the cluster's load-balancer
# addresses. These are documentation addresses; replace them with the real ones.
addresses: [${addresses}]
`;
}

function platformYaml(name: string, comment: string): string {
  return `# ${comment}
# Its services are the folders under platforms/${name}/ (one row file per landscape).
name: ${name} # 5 to 16 lower-case letters and digits
landscapes: [dev, staging] # where its services run
stages: [dev, staging] # the promotion order; a nested list ([a, b]) promotes in parallel
`;
}

/** `git: { … }` with the fleet's folder in its repository, when it has one, and the comment that says what `path` is. */
function fleetYaml(folder: string): string {
  if (folder === '') return FLEET_YAML;
  return FLEET_YAML.replace(
    /^git: \{ repoURL: (\S+), branch: main \}.*$/m,
    `git: { repoURL: $1, branch: main, path: ${folder} } # this fleet's own repository, and the fleet's folder in it`,
  );
}

/**
 * Path (relative to DIR) → text of every file of a new fleet, rows included.
 * `folder` is the fleet's folder in its git repository (fleet.yaml `git.path`), '' for the root.
 */
export function initialFleet(folder = ''): Map<string, string> {
  const row = toYamlDocument(emptyRow());
  const files = new Map<string, string>([
    ['registry/fleet.yaml', fleetYaml(folder)],
    ['registry/regions.yaml', REGIONS_YAML],
    ['registry/landscapes/dev.yaml', landscapeYaml('dev', 'dev', 'Promotion starts here.')],
    ['registry/landscapes/staging.yaml', landscapeYaml('staging', 'staging', 'Rename or add landscapes freely.')],
    ['registry/accounts/digitalocean-main.yaml', ACCOUNT_YAML],
    ['registry/clusters/dev-blue.yaml', clusterYaml('dev')],
    ['registry/clusters/staging-blue.yaml', clusterYaml('staging')],
    ['state/clusters/dev-blue.yaml', stateYaml('192.0.2.10, 2001:db8::10')],
    ['state/clusters/staging-blue.yaml', stateYaml('192.0.2.20, 2001:db8::20')],
    ['carbon/storefront/platform.yaml', platformYaml('storefront', 'Your first platform: rename it, and its folder under platforms/.')],
    ['carbon/signin/platform.yaml', platformYaml('signin', 'The sign-in platform named by issuer: in registry/fleet.yaml.')],
  ]);
  // Rows: block style, both pins empty (nothing deployed yet); Kargo writes the versions.
  for (const [platform, service] of [
    ['storefront', 'cart'],
    ['signin', 'login'],
  ] as const) {
    for (const landscape of ['dev', 'staging']) files.set(`platforms/${platform}/${service}/${landscape}.yaml`, row);
  }
  // Each file opens with the modeline naming its schema in the fleet's schemas/ folder, written with them.
  for (const [relative, text] of files) files.set(relative, schemaModeline((classifyPath(relative) as { kind: InputKind }).kind, relative) + text);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

async function runInit({ positionals }: CommandInput): Promise<CommandResult> {
  const given = positionals[0] as string;
  const dir = path.resolve(given);
  const refused = outputFolderRefusal(given, { option: 'init', example: 'newfleet' });
  if (refused) return { diagnostics: [refused], exitCode: EXIT.invalid };
  if (isOccupied(dir)) {
    return { diagnostics: [diagnose({ file: given }, 'init_directory_not_empty', { dir: given })], exitCode: EXIT.invalid };
  }
  // A fleet made inside a git work tree is a folder of that repository: git.path says which (cli/fleet-folder.ts).
  const top = gitTopLevel(dir);
  const below = top === undefined ? '' : path.relative(top, dir).split(path.sep).join('/');
  const folder = below !== '' && gitPathProblem(below) === undefined ? below : '';
  const written: string[] = [];
  let schemas: number;
  try {
    for (const [relative, text] of initialFleet(folder)) {
      const target = path.join(dir, relative);
      await writeText(target, text, { createFolders: true, exclusive: true });
      written.push(relative);
    }
    // The schemas the modelines name, so an editor validates the new fleet at once.
    schemas = await writeSchemas(path.join(dir, FLEET_SCHEMAS_FOLDER));
  } catch (error) {
    // A path the system refuses (a file on it, a read-only or virtual folder): said with the system's reason, exit 2.
    if (typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') throw error;
    return { diagnostics: [diagnose({}, 'output_write_failed', { out: given, errno: errnoCode(error) })], exitCode: EXIT.invalid };
  }
  return {
    diagnostics: [],
    notes: [
      `wrote ${written.length} files and ${schemas} schemas (${FLEET_SCHEMAS_FOLDER}/, for editors) to ${given}`,
      `next: diene compile --fleet ${shellWord(given)}`,
    ],
    exitCode: EXIT.ok,
  };
}

export const initCommand: Command = { ...fromHelp(initHelp), run: runInit };
