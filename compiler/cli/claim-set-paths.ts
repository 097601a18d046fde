/**
 * `diene claim set-paths HOST --file PATHS.json --repo URL|DIR [--branch B]
 * [--actor NAME]` (SPEC §3.4, §5): the write door. Replaces the prefix map of
 * HOST's claim wholesale, through git:
 *
 *   1. read PATHS.json (`{"paths": {...}}`; the wrapper is required) and refuse
 *      a bad shape, a secret (a token as a prefix) or more than 10,000
 *      prefixes before touching git;
 *   2. read the branch's newest commit: the fleet's facts (fleet.yaml,
 *      platform.yaml files, service folders) and the claim as it is;
 *   3. check the new claim's shape against that fleet (the compiler's own rules:
 *      a fleet service host, not the sign-in platform's, bare prefixes, host
 *      name targets), so a write can never make the fleet fail to compile;
 *   4. replace only `paths` (a republish of the same map commits nothing);
 *      when the branch keeps the compiled outputs (`generated/` with its
 *      manifest), compile the branch with the new claim and add every output
 *      that changes, so `diene compile --check` passes on the branch (a
 *      compile that fails commits nothing);
 *   5. commit, with a message naming actor, account, app, host, prefix count
 *      and the outputs, and move the branch by compare-and-swap (a push, or
 *      git's ref lock for a local repo);
 *   6. when another writer moved the branch in between, go back to 2 (up to
 *      {@link MAX_ATTEMPTS} times, with a short random pause).
 *
 * The actor (`--actor`, DIENE_ACTOR, USER) and the commit message are checked
 * before anything is read or written (`claim_commit_metadata_invalid`: a line
 * break, a control or an invisible format character, `<` or `>`); a
 * branch that cannot be parsed is refused (`claim_branch_unreadable`); a
 * failed write leaves the repository as it was (compiler/adapters/git/).
 *
 * The branch is `--branch`, else the fleet's `git.branch` in
 * registry/fleet.yaml on the repository's default branch (HEAD), the branch
 * ArgoCD reads.
 *
 * Exit 0 when written or unchanged (the commit id on stdout when written), 2
 * for a bad request or repo, 3 when the branch kept moving.
 * Credentials for an HTTP remote come from DIENE_GIT_USERNAME and
 * DIENE_GIT_PASSWORD (a token), never from a file.
 */
import { readInputFile } from '../adapters/filesystem/read-input-file.js';
import path from 'node:path';
import { findSecrets, maskFileDiagnostics } from '../1-load/find-secrets.js';
import { parseJson } from '../1-load/parse-json.js';
import { locate } from '../1-load/parse-yaml.js';
import { sourceFile } from '../1-load/source-file.js';
import { checkClaimShape, claimFindingDiagnostic, prefixCaseTwins } from '../2-analyze/check-claims.js';
import { MAX_PREFIXES_PER_CLAIM } from '../2-analyze/route-paths.js';
import { splitServiceHost } from '../2-analyze/routes.js';
import { openClaimRepo, RepoError, type ClaimRepo } from '../adapters/git/claim-repo.js';
import type { ChoiceOf } from '../diagnostics/catalog.js';
import { diagnose, diagnoseFinding, FLEET_WIDE, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { compileFleet, inputValidators } from '../index.js';
import { classifyPath, INPUT_FOLDERS } from '../1-load/fleet-layout.js';
import { parseYaml } from '../1-load/parse-yaml.js';
import type { SourceFile } from '../1-load/source-file.js';
import type { SchemaValidators } from '../1-load/schema-validation.js';
import type { RepoSnapshot } from '../adapters/git/claim-repo.js';
import { COMMITTED_MANIFEST, OUTPUT_FOLDER, outputChanges, outputsMessage, type OutputChange } from '../plan/claim-outputs.js';
import {
  ACTOR_NAME_LIMIT,
  claimFilePath,
  claimRouteFindings,
  commitMetadataProblems,
  commitSignature,
  pathsChangeText,
  planClaimPaths,
  readFleetShape,
  readPathsRequest,
  shownMetadata,
  type ClaimContent,
  type CommitMetadataProblem,
  type PathsRequest,
} from '../plan/claim-paths.js';
import { EXIT, fromHelp, invalidValue, missingOption, shownPath, stringOption, type Command, type CommandInput, type CommandResult } from './command.js';
import { claimSetPathsHelp } from './claim-set-paths.help.js';

/** How many times the write door reads, commits and swaps before it gives up on a branch that keeps moving. */
export const MAX_ATTEMPTS = 8;

/** Where the actor came from, as the refusal of a bad one names it (`made`: the default, "diene"). */
type ActorSource = ChoiceOf<'claim_commit_metadata_invalid', 'source'>;

/** The actor named in commits: `--actor`, else DIENE_ACTOR, else USER, else "diene"; and which of them it is. */
function actorOf(values: CommandInput['values']): { actor: string; source: ActorSource } {
  const option = stringOption(values, 'actor');
  if (option !== undefined) return { actor: option, source: 'option' };
  const fromEnv = process.env['DIENE_ACTOR'];
  if (fromEnv !== undefined) return { actor: fromEnv, source: 'diene_actor' };
  const user = process.env['USER'];
  return user !== undefined ? { actor: user, source: 'user' } : { actor: 'diene', source: 'made' };
}

/**
 * The refusal of commit metadata that cannot be written (exit 2, nothing read or written). A problem of the author name
 * names where the actor came from (`source`); the message is diene's own text.
 */
function metadataRefusal(problems: readonly CommitMetadataProblem[], source: ActorSource): CommandResult {
  return {
    diagnostics: problems.map((p) => {
      const from = p.field === 'message' ? 'made' : source;
      return diagnose(FLEET_WIDE, 'claim_commit_metadata_invalid', {
        field: p.field,
        value: shownMetadata(p.value),
        source: from,
        remedy: from,
        problem: p.problem,
        character: p.character,
        position: p.position,
        limit: ACTOR_NAME_LIMIT,
      });
    }),
    notes: ['nothing written'],
    exitCode: EXIT.invalid,
  };
}

/** The refusal of a repository or branch the write door cannot use (exit 2, nothing written): its catalog finding. */
function repoRefusal(error: RepoError): CommandResult {
  return { diagnostics: [diagnoseFinding(FLEET_WIDE, error.finding)], exitCode: EXIT.invalid };
}

async function readRequest(
  file: string,
): Promise<{ request?: PathsRequest; diagnostics: Diagnostic[]; locateIn?: (p: readonly string[], part?: 'value' | 'key') => ReturnType<typeof locate> }> {
  // Never a bare readFile: a FIFO would hang the command for ever.
  const input = readInputFile(path.resolve(file));
  if (!('text' in input)) {
    const { problem } = input;
    const reason =
      problem.code === 'file_read_failed'
        ? problem.args.reason
        : problem.code === 'file_too_large'
          ? `it is ${problem.args.size} bytes, more than ${problem.args.limit}`
          : 'a link';
    throw invalidValue('--file', file, `a readable file (${reason})`, '--file paths.json');
  }
  const text = input.text;
  const shown = shownPath(file);
  const source = sourceFile(shown, text);
  const parsed = parseJson(source);
  // A secret would be committed into the fleet, which then refuses it: refuse it here, masked, before touching git.
  const secrets = findSecrets(source, parsed.parsed, 'claim');
  if (secrets.diagnostics.length > 0) return { diagnostics: maskFileDiagnostics([...parsed.diagnostics, ...secrets.diagnostics], source, secrets) };
  if (!parsed.parsed) return { diagnostics: parsed.diagnostics };
  const document = parsed.parsed;
  const read = readPathsRequest(document);
  return { ...read, locateIn: (p, part = 'value') => locate(document, p, part) };
}

function parseCurrent(text: string | undefined): { current?: ClaimContent; unreadable: boolean } {
  if (text === undefined) return { unreadable: false };
  try {
    const value = JSON.parse(text) as Partial<ClaimContent>;
    if (typeof value.account === 'string' && typeof value.app === 'string' && value.paths && typeof value.paths === 'object' && !Array.isArray(value.paths)) {
      return { current: { account: value.account, app: value.app, paths: value.paths as Record<string, string> }, unreadable: false };
    }
  } catch {
    // replaced whole below
  }
  return { unreadable: true };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const prefixes = (n: number): string => `${n} prefix${n === 1 ? '' : 'es'}`;

/** The map a republish found, as the "unchanged" line says it. */
const held = (n: number): string => (n === 0 ? 'an empty map' : n === 1 ? 'this 1 prefix' : `these ${n} prefixes`);

/**
 * The output files that change when the fleet at `snapshot` gets the claim
 * file `claimPath` = `claimText`: `undefined` when the branch keeps no
 * outputs in git (no committed manifest); else the changes, or the compile's
 * errors when the fleet with the new claim does not compile.
 */
async function changedOutputs(
  snapshot: RepoSnapshot,
  claimPath: string,
  claimText: string,
  validators: SchemaValidators,
): Promise<{ changes: OutputChange[] } | { errors: Diagnostic[] } | undefined> {
  if ((await snapshot.readFile(COMMITTED_MANIFEST)) === undefined) return undefined;
  const files: SourceFile[] = [];
  for (const folder of INPUT_FOLDERS)
    for (const file of await snapshot.listFiles(folder)) {
      if (file === claimPath) continue;
      // A file outside the layout is named, not read, as `diene compile` does (the loader warns of it).
      files.push(sourceFile(file, classifyPath(file) === undefined ? '' : ((await snapshot.readFile(file)) ?? '')));
    }
  files.push(sourceFile(claimPath, claimText));
  const result = compileFleet(files, { nowSeconds: Math.floor(Date.now() / 1000), validators });
  if (!result.outputs) return { errors: result.diagnostics.filter((d) => d.severity === 'error') };
  const committed = new Map<string, string>();
  for (const file of await snapshot.listFiles(OUTPUT_FOLDER)) committed.set(file, (await snapshot.readFile(file)) ?? '');
  return { changes: outputChanges(result.outputs, committed) };
}

async function writeClaim(
  repo: ClaimRepo,
  host: string,
  request: PathsRequest,
  locateIn: NonNullable<Awaited<ReturnType<typeof readRequest>>['locateIn']>,
  actor: string,
  source: ActorSource,
): Promise<CommandResult> {
  const validators = inputValidators();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const snapshot = await repo.snapshot();
    const fleet = await readFleetShape(snapshot, validators);
    if (!fleet.shape)
      return {
        diagnostics: fleet.diagnostics,
        notes: [`the fleet at ${repo.branch} (${snapshot.commit.slice(0, 12)}) is invalid; nothing written`],
        exitCode: EXIT.invalid,
      };
    const file = claimFilePath(host);
    const { current, unreadable } = parseCurrent(await snapshot.readFile(file));
    const split = splitServiceHost(fleet.shape, host);
    const owner = { account: current?.account ?? split?.platform ?? '', app: current?.app ?? split?.service ?? '' };
    const diagnostics = checkClaimShape(fleet.shape, {
      host,
      account: request.account ?? owner.account,
      app: request.app ?? owner.app,
      paths: request.paths,
      hostLocation: FLEET_WIDE,
      locate: (p, part) => (p[0] === 'paths' || request[p[0] as 'account' | 'app'] !== undefined ? locateIn(p, part) : FLEET_WIDE),
    });
    if (hasErrors(diagnostics)) return { diagnostics, notes: [`nothing written to ${repo.location}`], exitCode: EXIT.invalid };
    diagnostics.push(...prefixCaseTwins({ paths: request.paths, locate: locateIn }));
    // What the compile will warn of this claim on this branch (SPEC §3.4: a dropped target is a warning, not a refusal): said now, not at the next validate.
    const account = request.account ?? owner.account;
    const app = request.app ?? owner.app;
    const findings = await claimRouteFindings(snapshot, fleet.shape, { file, host, account, app, paths: request.paths });
    diagnostics.push(...findings.map((finding) => claimFindingDiagnostic((p, part = 'value') => locateIn(p.map(String), part), finding)));
    const plan = planClaimPaths({ host, actor, paths: request.paths, current, owner, unreadable });
    if (plan.change === 'none')
      return {
        diagnostics,
        notes: [`unchanged: ${file} at ${repo.branch} (${snapshot.commit.slice(0, 12)}) already holds ${held(Object.keys(request.paths).length)}; no commit`],
        exitCode: EXIT.ok,
      };
    const outputs = await changedOutputs(snapshot, plan.path, plan.text, validators);
    if (outputs && 'errors' in outputs)
      return {
        diagnostics: [...diagnostics, ...outputs.errors],
        notes: [`the fleet at ${repo.branch} (${snapshot.commit.slice(0, 12)}) does not compile with this claim; nothing written to ${repo.location}`],
        exitCode: EXIT.invalid,
      };
    const changes = outputs?.changes ?? [];
    const message = `${plan.message}${changes.length > 0 ? `\n${outputsMessage(changes)}` : ''}`;
    const signature = commitSignature(actor);
    const problems = commitMetadataProblems({ ...signature, message });
    if (problems.length > 0) return metadataRefusal(problems, source);
    const swap = await repo.commitFiles(snapshot, [{ path: plan.path, text: plan.text }, ...changes], message, signature);
    if (swap.ok) {
      const retried = attempt > 1 ? ` after ${attempt - 1} retr${attempt === 2 ? 'y' : 'ies'} (the branch moved)` : '';
      const withOutputs = changes.length > 0 ? ` with ${changes.length} output${changes.length === 1 ? '' : 's'} of ${OUTPUT_FOLDER}/` : '';
      return {
        stdout: `${swap.commit}\n`,
        diagnostics,
        notes: [
          `${plan.change === 'create' ? 'created' : 'updated'} ${file} with ${prefixes(Object.keys(request.paths).length)} (${pathsChangeText(current?.paths ?? {}, request.paths)}): ${swap.commit.slice(0, 12)} on ${repo.branch}${withOutputs}${retried}`,
        ],
        exitCode: EXIT.ok,
      };
    }
    await pause(20 * attempt + Math.floor(Math.random() * 50 * attempt));
  }
  return {
    diagnostics: [diagnose(FLEET_WIDE, 'claim_branch_raced', { branch: repo.branch, repo: repo.location, attempts: MAX_ATTEMPTS })],
    exitCode: EXIT.refused,
  };
}

/** The fleet's `git.branch` in registry/fleet.yaml, read from the repository's default branch; `undefined` when it names none. */
async function fleetBranch(readFile: (filepath: string) => Promise<string | undefined>): Promise<string | undefined> {
  const text = await readFile('registry/fleet.yaml');
  if (text === undefined) return undefined;
  const value = parseYaml(sourceFile('registry/fleet.yaml', text)).parsed?.value as { git?: { branch?: unknown } } | null | undefined;
  const branch = value?.git?.branch;
  return typeof branch === 'string' && branch !== '' ? branch : undefined;
}

async function runClaimSetPaths({ positionals, values }: CommandInput): Promise<CommandResult> {
  const [host] = positionals as [string];
  const file = stringOption(values, 'file');
  const repoArgument = stringOption(values, 'repo');
  if (!file) throw missingOption('--file PATHS.json', 'give the new prefix map, {"paths": {...}}');
  if (!repoArgument) throw missingOption('--repo URL|DIR', 'name the fleet repository: a local folder or an http(s) remote');
  const branch = stringOption(values, 'branch') ?? fleetBranch;
  // Before anything is read or written: an actor with a line feed wrote a forged commit.
  const { actor, source } = actorOf(values);
  const metadata = commitMetadataProblems(commitSignature(actor));
  if (metadata.length > 0) return metadataRefusal(metadata, source);
  const read = await readRequest(file);
  if (!read.request || !read.locateIn || hasErrors(read.diagnostics))
    return { diagnostics: read.diagnostics, notes: ['nothing written'], exitCode: EXIT.invalid };
  const count = Object.keys(read.request.paths).length;
  if (count > MAX_PREFIXES_PER_CLAIM)
    throw invalidValue(
      '--file',
      file,
      `a claim of at most ${MAX_PREFIXES_PER_CLAIM} prefixes (it holds ${count}; the compiler would drop the rest)`,
      '--file paths.json',
    );
  let repo: ClaimRepo;
  try {
    repo = await openClaimRepo(repoArgument, branch, {
      ...(process.env['DIENE_GIT_USERNAME'] ? { username: process.env['DIENE_GIT_USERNAME'] } : {}),
      ...(process.env['DIENE_GIT_PASSWORD'] ? { password: process.env['DIENE_GIT_PASSWORD'] } : {}),
    });
  } catch (error) {
    if (error instanceof RepoError) return repoRefusal(error);
    throw error;
  }
  try {
    return await writeClaim(repo, host, read.request, read.locateIn, actor, source);
  } catch (error) {
    if (error instanceof RepoError) return repoRefusal(error);
    throw error;
  } finally {
    await repo.close();
  }
}

/** `diene claim set-paths HOST --file PATHS.json --repo URL|DIR`: the command as listed in cli.ts. */
export const claimSetPathsCommand: Command = { ...fromHelp(claimSetPathsHelp), run: runClaimSetPaths };
