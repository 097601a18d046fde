/**
 * `diene simulate --fail WHAT[,WHAT…] | --all-single [--intake PLATFORM/SERVICE]
 * [--service PLATFORM/SERVICE] [--fleet DIR] [--format text|json|markdown]`:
 * failure drills over the compiled fleet. For every landscape and
 * virtual landscape and every kind of user: works, degraded (how) or down,
 * the path taken, and how long until it settles and recovers
 * (compiler/simulate/). Writes nothing; reads no clock but `--now` for the
 * stale-override warning, like every command.
 *
 * `--format json` prints the run as one JSON object on stdout (diagnostics
 * as a JSON array on stderr); `--format markdown` prints Markdown for a pull
 * request. Exit codes: 0 the drill ran (whatever it found), 2 invalid fleet
 * or usage.
 */
import { sortDiagnostics, diagnose, FLEET_WIDE, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { toJson } from '../3-emit/serialize.js';
import { everySingleFailure, parseFailures } from '../simulate/failures.js';
import { simulate, simulateEverySingle, simulationContext } from '../simulate/simulate.js';
import { formatAllSingleText, formatMarkdown, formatScenarioText, simulationJson } from '../simulate/simulate-report.js';
import type { ServiceChoice } from '../simulate/user-targets.js';
import {
  conflictingOptions,
  EXIT,
  fleetRoot,
  fromHelp,
  missingOption,
  nowSeconds,
  readAndAnalyze,
  stringOption,
  type Command,
  type CommandInput,
  type CommandResult,
} from './command.js';
import { simulateHelp } from './simulate.help.js';

/** Reads `--service` or `--intake` as a platform and one of its services, or a diagnostic. */
function serviceChoice(model: FleetModel, option: 'service' | 'intake', value: string | undefined): ServiceChoice | Diagnostic | undefined {
  if (value === undefined) return undefined;
  const [platform, service, extra] = value.split('/');
  if (extra === undefined && model.platforms.some((p) => p.name === platform && p.services.some((s) => s.name === service)))
    return { platform: platform as string, service: service as string };
  const first = model.platforms.find((p) => p.services.length > 0);
  return diagnose(FLEET_WIDE, 'simulate_service_unknown', { option, value, example: first ? `${first.name}/${first.services[0]?.name}` : 'nitroso/tin' });
}

function isDiagnostic(value: unknown): value is Diagnostic {
  return typeof value === 'object' && value !== null && 'code' in value;
}

async function runSimulate({ values }: CommandInput): Promise<CommandResult> {
  const fail = values['fail'];
  const words = Array.isArray(fail) ? fail : typeof fail === 'string' ? [fail] : [];
  const allSingle = values['all-single'] === true;
  if (words.length === 0 && !allSingle)
    throw missingOption('--fail WHAT[,WHAT…] or --all-single', 'name what is down (--fail pichu-topaz), or drill every single failure in turn (--all-single)');
  if (words.length > 0 && allSingle) throw conflictingOptions('--fail', '--all-single', 'drill_modes', 'one of them');
  const output = stringOption(values, 'format') ?? 'text';

  const root = fleetRoot(values);
  const fleet = await readAndAnalyze(root, { analysis: { nowSeconds: nowSeconds(values) } });
  if (!fleet.valid) return fleet.stop;
  const model = fleet.model;

  const service = serviceChoice(model, 'service', stringOption(values, 'service'));
  // The intake fleet.yaml names is the default: a drill of a fleet with one shows its webhook senders without being asked.
  const declaredIntake = model.settings.intake ? `${model.settings.intake.platform}/${model.settings.intake.service}` : undefined;
  const intake = serviceChoice(model, 'intake', stringOption(values, 'intake') ?? declaredIntake);
  const parsed = allSingle ? { failures: everySingleFailure(model), diagnostics: [] } : parseFailures(model, words);
  const problems = [...parsed.diagnostics, ...[service, intake].filter(isDiagnostic)];
  // Only what bears on the drill is printed: the fleet's warnings belong to `diene validate`.
  if (problems.length > 0) return { diagnostics: sortDiagnostics(problems), exitCode: EXIT.invalid };

  const context = simulationContext(model, {
    ...(service && !isDiagnostic(service) ? { service } : {}),
    ...(intake && !isDiagnostic(intake) ? { intake } : {}),
  });
  const scenarios = allSingle ? simulateEverySingle(context, parsed.failures) : [simulate(context, parsed.failures)];
  let stdout: string;
  if (output === 'json') stdout = toJson(simulationJson(context, scenarios, allSingle));
  else if (output === 'markdown') stdout = formatMarkdown(context, scenarios, allSingle);
  else stdout = allSingle ? formatAllSingleText(context, scenarios) : scenarios.map((s) => formatScenarioText(context, s)).join('\n');
  return { stdout, diagnostics: [], exitCode: EXIT.ok };
}

/** `diene simulate`: the command as listed in cli.ts. */
export const simulateCommand: Command = { ...fromHelp(simulateHelp), run: runSimulate };
