/**
 * `diene apply books --to s3://bucket[/prefix] [--endpoint URL] [--serial N]
 * [--dry-run] [--fleet DIR]` (SPEC §3.5, §3.6, §5): publishes the fleet's
 * address books to S3-compatible storage (AWS S3, Cloudflare R2).
 *
 * 1. Compiles the fleet in memory (invalid input: exit 2, nothing read or written).
 * 2. Stamps the serial: `--serial N`, else the committer time of the fleet
 *    repo's HEAD commit in seconds (no repo and no `--serial`: exit 2).
 * 3. Reads every remote book first (unreadable target: exit 2, nothing written).
 * 4. Plans (compiler/plan/books-publish.ts) and prints the plan on stdout.
 *    A remote book with a newer serial, or the same serial with other content,
 *    refuses the whole publish: exit 3, nothing written, the serials said.
 * 5. Unless `--dry-run`, uploads only books whose digest changed, leaves first,
 *    each conditional on what was read. Another publisher writing in between
 *    stops the run (exit 3 when nothing was written yet, else 4); an upload
 *    failure is exit 4 with each key named.
 *
 * `issuers.json` is never published (apps bake it in at build time).
 */
import { headCommitSeconds } from '../adapters/git/commit-time.js';
import { createS3Store, parseS3Url, type ObjectStore } from '../adapters/object-store/adapter.js';
import { applyBookChanges } from '../adapters/object-store/apply.js';
import { observeBooks } from '../adapters/object-store/observe.js';
import { buildAddressBooks } from '../4-emit/address-books.js';
import { toJson } from '../4-emit/serialize.js';
import { hasErrors, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { analyzeFleet } from '../index.js';
import { formatBookPlan, planBookPublish, writes, type LocalBook } from '../plan/books-publish.js';
import { serialOption } from './book-serial.js';
import {
  EXIT,
  fleetRoot,
  fromHelp,
  invalidValue,
  missingOption,
  nowSeconds,
  readFleet,
  stringOption,
  type Command,
  type CommandInput,
  type CommandResult,
} from './command.js';
import { applyBooksHelp } from './apply-books.help.js';

function endpointOption(values: CommandInput['values']): string | undefined {
  const endpoint = stringOption(values, 'endpoint');
  if (endpoint === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalidValue('--endpoint', endpoint, 'a URL', '--endpoint https://ACCOUNT.r2.cloudflarestorage.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalidValue('--endpoint', endpoint, 'an http(s) URL', '--endpoint https://ACCOUNT.r2.cloudflarestorage.com');
  return endpoint;
}

/**
 * Publishes the books of the fleet at `root` to `store` with `serial`; the
 * whole of steps 1 and 3–5 above, returning the command's result. Exported
 * for tests that drive a store directly.
 */
export async function publishBooks(root: string, store: ObjectStore, serial: number, options: { dryRun: boolean; nowSeconds: number }): Promise<CommandResult> {
  const read = await readFleet(root);
  const analysis = analyzeFleet(read.files, { nowSeconds: options.nowSeconds });
  const diagnostics = sortDiagnostics([...read.diagnostics, ...analysis.diagnostics]);
  if (hasErrors(diagnostics) || !analysis.model) return { diagnostics, exitCode: EXIT.invalid };

  const local: LocalBook[] = [...buildAddressBooks(analysis.model, serial)].map(([key, book]) => ({
    key,
    bytes: toJson(book),
    serial: book.serial,
    digest: book.digest,
  }));
  const observed = await observeBooks(
    store,
    local.map((book) => book.key),
  );
  if ('failure' in observed) {
    return {
      diagnostics,
      notes: [
        `cannot read ${observed.failure.key} from ${store.description}: ${observed.failure.reason}`,
        'nothing written: check --to, --endpoint and the credentials',
      ],
      exitCode: EXIT.invalid,
    };
  }

  const plan = planBookPublish(local, observed.remote);
  const stdout = formatBookPlan(plan, store.description);
  const toWrite = writes(plan);
  if (plan.refusals.length > 0) {
    return {
      stdout,
      diagnostics,
      notes: [
        `refused: ${plan.refusals.length} remote book(s) must not be overwritten by serial ${serial}; nothing written`,
        ...plan.refusals.map((r) => `  ${r.key}: remote serial ${r.remoteSerial}, this run ${r.localSerial}: ${r.message}`),
        'publish from the newest fleet commit, or pass a greater --serial',
      ],
      exitCode: EXIT.refused,
    };
  }
  const kept = plan.changes.length - toWrite.length;
  if (options.dryRun) {
    return {
      stdout,
      diagnostics,
      notes: [`dry run: would upload ${toWrite.length} of ${plan.changes.length} books (${kept} unchanged) with serial ${serial}; nothing written`],
      exitCode: EXIT.ok,
    };
  }
  if (toWrite.length === 0)
    return { stdout, diagnostics, notes: [`nothing to upload: all ${plan.changes.length} books unchanged at ${store.description}`], exitCode: EXIT.ok };

  const result = await applyBookChanges(store, toWrite, new Map(local.map((book) => [book.key, book])));
  const notes = [`uploaded ${result.written.length} of ${toWrite.length} changed books (${kept} unchanged) with serial ${serial} to ${store.description}`];
  if (result.raced !== undefined) {
    notes.push(`stopped: ${result.raced} changed at ${store.description} after it was read (another publisher is writing); run again to re-read and re-plan`);
    return { stdout, diagnostics, notes, exitCode: result.written.length === 0 ? EXIT.refused : EXIT.partial };
  }
  if (result.failed.length > 0) {
    notes.push(
      `failed: ${result.failed.length} upload(s); the books already uploaded stay, run again to finish`,
      ...result.failed.map((f) => `  ${f.key}: ${f.reason}`),
    );
    return { stdout, diagnostics, notes, exitCode: EXIT.partial };
  }
  return { stdout, diagnostics, notes, exitCode: EXIT.ok };
}

async function runApplyBooks({ values }: CommandInput): Promise<CommandResult> {
  const root = fleetRoot(values);
  const to = stringOption(values, 'to');
  if (to === undefined) throw missingOption('--to s3://BUCKET[/PREFIX]', 'name the bucket (and key prefix) to publish to, e.g. --to s3://books/prod');
  const target = parseS3Url(to);
  if (typeof target === 'string') throw invalidValue('--to', to, `an s3://BUCKET[/PREFIX] URL (${target})`, '--to s3://books/prod');
  const endpoint = endpointOption(values);
  const serial = serialOption(values) ?? (await headCommitSeconds(root));
  if (serial === undefined)
    throw missingOption(
      '--serial N',
      `${root} is not in a git repository with a commit, whose time would be the serial: pass --serial N (the serial only grows; never the clock)`,
    );
  const store = createS3Store({ ...target, ...(endpoint !== undefined ? { endpoint } : {}) });
  return publishBooks(root, store, serial, { dryRun: values['dry-run'] === true, nowSeconds: nowSeconds(values) });
}

export const applyBooksCommand: Command = { ...fromHelp(applyBooksHelp), run: runApplyBooks };
