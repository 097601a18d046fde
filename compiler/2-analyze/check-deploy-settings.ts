/**
 * The fleet.yaml values that diene copies into ArgoCD and Kargo objects
 * (SPEC §2 `primordial`, `git`, `artifacts`): each is checked for
 * the syntax of the engines that evaluate the strings it lands in
 * (engine-syntax.ts), then for its own grammar (value-grammars.ts). One
 * finding per field, blamed on the value:
 *
 * - `input_engine_syntax`: `{{`, `}}`, `${{`, `${%`, `%}` anywhere, and for
 *   artifacts (written inside `imageFrom('…')`/`chartFrom('…')`) quotes and
 *   backslashes too. Checked on the value as written: substituting
 *   `{platform}` and `{service}` (names of lower-case letters and digits)
 *   can remove such a token but never make one.
 * - `artifact_reference_invalid`: an artifact as the emitters write it for
 *   each service of the fleet (conventions.ts `serviceArtifacts`: `{platform}`
 *   and `{service}` substituted) is not an image repository or an `oci://`
 *   chart repository; the first failing service, in name order, is named.
 * - `git_repo_url_invalid`, `git_branch_invalid`, `git_path_invalid`, `primordial_server_invalid`.
 *
 * `primordial.argocdNamespace` needs no rule here: its schema pattern is a
 * DNS-1123 label, which holds none of the engines' syntax. Every other string
 * the ArgoCD and Kargo emitters write is a name of SPEC §2, a soak duration
 * or an AnalysisTemplate name, each held to an exact pattern by its schema.
 * Returns findings; never throws.
 */
import { at } from '../1-load/load-fleet.js';
import { serviceArtifacts, type ServiceArtifacts } from './conventions.js';
import type { GrammarProblem } from '../diagnostics/catalog.js';
import { diagnose, grammarReasonText, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Fleet } from '../types/generated/fleet.js';
import { servicesOf } from './check-platforms.js';
import { SERVICE_NAME } from './check-rows.js';
import { engineSyntaxIn } from './engine-syntax.js';
import type { FleetIndex } from './fleet-index.js';
import { apiServerUrlProblem, gitBranchProblem, gitPathProblem, gitRepoUrlProblem, imageRepositoryProblem, ociChartUrlProblem } from './value-grammars.js';

/** One fleet.yaml value that reaches an engine: where it lands, whether inside an expression's string literal, and its grammar. */
interface EngineField {
  path: readonly [keyof Fleet, string];
  /** The outputs and fields it is copied into. */
  copies: string;
  inLiteral: boolean;
  /** The kind of value, with an article ("an image repository"). */
  what: string;
  example: string;
  problem: (value: string) => GrammarProblem | undefined;
  /** For an artifact: the form the emitters write, per service (`{platform}` and `{service}` substituted). */
  emitted?: keyof ServiceArtifacts;
}

const FIELDS: readonly EngineField[] = [
  {
    path: ['artifacts', 'image'],
    copies: "Kargo's Warehouse and promotion steps (inside imageFrom('…'))",
    inLiteral: true,
    what: 'an image repository (registry/path, no scheme, tag or digest)',
    example: 'ghcr.io/atomicloud/{platform}.{service}',
    problem: imageRepositoryProblem,
    emitted: 'image',
  },
  {
    path: ['artifacts', 'appChart'],
    copies: "ArgoCD's ApplicationSet template and Kargo's Warehouse and promotion steps (inside chartFrom('…'))",
    inLiteral: true,
    what: 'an OCI chart repository (oci://registry/path/chart)',
    example: 'oci://ghcr.io/atomicloud/charts/{platform}.{service}',
    problem: ociChartUrlProblem,
    emitted: 'appChartUrl',
  },
  {
    path: ['artifacts', 'primordialChart'],
    copies: "ArgoCD's primordial ApplicationSet template and Kargo's Warehouse and promotion steps (inside chartFrom('…'))",
    inLiteral: true,
    what: 'an OCI chart repository (oci://registry/path/chart)',
    example: 'oci://ghcr.io/atomicloud/charts/{platform}.{service}-primordial',
    problem: ociChartUrlProblem,
    emitted: 'primordialChartUrl',
  },
  {
    path: ['git', 'repoURL'],
    copies: "ArgoCD's git files generator and Kargo's git-clone step",
    inLiteral: false,
    what: 'a git repository URL',
    example: 'https://github.com/AtomiCloud/fleet.git',
    problem: gitRepoUrlProblem,
  },
  {
    path: ['git', 'branch'],
    copies: "ArgoCD's git files generator and Kargo's git-clone and git-push steps",
    inLiteral: false,
    what: 'a branch name',
    example: 'main',
    problem: gitBranchProblem,
  },
  {
    path: ['git', 'path'],
    copies: "ArgoCD's git files generators and Kargo's yaml-update steps",
    inLiteral: false,
    what: "the fleet's folder in the repository",
    example: 'fleets/prod',
    problem: gitPathProblem,
  },
  {
    path: ['primordial', 'server'],
    copies: "ArgoCD's primordial ApplicationSet template",
    inLiteral: false,
    what: 'an https URL of a Kubernetes API server',
    example: 'https://kubernetes.default.svc',
    problem: apiServerUrlProblem,
  },
];

const CODES = {
  'git.repoURL': 'git_repo_url_invalid',
  'git.branch': 'git_branch_invalid',
  'git.path': 'git_path_invalid',
  'primordial.server': 'primordial_server_invalid',
} as const;

/**
 * `value` with the user info of a `scheme://user:password@host` URL shown as `***`: a refused URL
 * is quoted in the message, which reports and pull-request comments carry, and its password must
 * not be. (The user of an scp-like `git@host:path` is no secret and stays.)
 */
export function withoutCredentials(value: string): string {
  return value.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, '$1***@');
}

/**
 * Every (platform, service) of the fleet in name order; one stand-in pair when there is none, so a
 * fleet without services is checked too. A service folder with an invalid name is its own finding
 * (`name_invalid`) and left out here.
 */
function servicePairs(index: FleetIndex): [string, string][] {
  const pairs = [...index.platforms.keys()].sort().flatMap((platform) =>
    servicesOf(index, platform)
      .filter((service) => SERVICE_NAME.test(service))
      .map((service): [string, string] => [platform, service]),
  );
  return pairs.length > 0 ? pairs : [['platform', 'service']];
}

/** Runs the engine-syntax and grammar rules over fleet.yaml's `artifacts`, `git` and `primordial`. */
export function checkDeploySettings(index: FleetIndex): Diagnostic[] {
  const fleet = index.fleet.fleet;
  if (!fleet) return [];
  const found: Diagnostic[] = [];
  const pairs = servicePairs(index);
  for (const field of FIELDS) {
    const [section, key] = field.path;
    const name = `${section}.${key}`;
    const value = (fleet.data[section] as unknown as Record<string, unknown> | undefined)?.[key];
    if (typeof value !== 'string') continue;
    const where = at(fleet, [section, key]);
    const syntax = engineSyntaxIn(value, field.inLiteral);
    if (syntax) {
      found.push(
        diagnose(where, 'input_engine_syntax', {
          field: name,
          token: JSON.stringify(syntax.token),
          meaning: syntax.meaning,
          value: withoutCredentials(value),
          copies: field.copies,
          what: field.what,
          example: field.example,
        }),
      );
      continue;
    }
    const emitted = field.emitted;
    if (emitted === undefined) {
      const problem = field.problem(value);
      if (problem !== undefined)
        found.push(diagnose(where, CODES[name as keyof typeof CODES], { value: withoutCredentials(value), reason: grammarReasonText(problem) }));
      continue;
    }
    for (const [platform, service] of pairs) {
      const substituted = serviceArtifacts(fleet.data, platform, service)[emitted] as string;
      const problem = field.problem(substituted);
      if (problem === undefined) continue;
      found.push(
        diagnose(where, 'artifact_reference_invalid', {
          field: name,
          value: withoutCredentials(substituted),
          platformName: platform,
          serviceName: service,
          what: field.what,
          reason: grammarReasonText(problem),
          example: field.example,
          placeholders: '{platform} and {service}',
        }),
      );
      break;
    }
  }
  return found;
}
