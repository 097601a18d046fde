/**
 * `diene apply books --to s3://bucket[/prefix] [--endpoint URL] [--serial N]
 * [--wait SECONDS] [--nameservers FILE | --skip-name-check] [--dry-run]
 * [--fleet DIR]` (SPEC §3.5, §3.6, §5): publishes the fleet's
 * address books to S3-compatible storage (AWS S3, Cloudflare R2).
 *
 * 1. Compiles the fleet in memory (invalid input: exit 2, nothing read or written).
 * 2. Stamps the serial: `--serial N`, else the committer time of the fleet
 *    repo's HEAD commit in seconds (no repo and no `--serial`: exit 2).
 * 3. Asks every nameserver of every DNS host for every name a Doc C lists
 *    under the fleet's zones (compiler/plan/book-names.ts); a name one of
 *    them does not answer refuses the publish: exit 3, nothing read or
 *    written, one `book_name_unanswered` per name. `--wait SECONDS` asks
 *    again until they answer; `--nameservers FILE` points hosts at other
 *    addresses; `--skip-name-check` leaves the check to the operator.
 * 3b. Reads every remote book first (unreadable target: exit 2, nothing written).
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
import { createS3Store, parseS3Url, S3_SDK_PACKAGE, s3SdkInstalled, type ObjectStore } from '../adapters/object-store/adapter.js';
import { applyBookChanges } from '../adapters/object-store/apply.js';
import { observeBooks } from '../adapters/object-store/observe.js';
import { buildAddressBooks } from '../3-emit/address-books.js';
import { toJson } from '../3-emit/serialize.js';
import { diagnose, FLEET_WIDE, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { formatBookPlan, planBookPublish, writes, type LocalBook } from '../plan/books-publish.js';
import { dnsIntent } from '../2-analyze/dns-names.js';
import { askName } from '../adapters/dns/name-answers.js';
import type { NameAnswer, ServerAddress } from '../dns/nameserver.js';
import { checkNames, namesToCheck, parseNameserverOverrides, unansweredDiagnostics, type NameMiss, type NameserverOverrides } from '../plan/book-names.js';
import { readText } from '../adapters/filesystem/files.js';
import path from 'node:path';
import { serialOption } from './book-serial.js';
import {
  conflictingOptions,
  EXIT,
  fleetRoot,
  fromFleetRoot,
  fromHelp,
  invalidValue,
  missingOption,
  nowSeconds,
  readAndAnalyze,
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

/** The name check before publishing (absent: no check). */
export interface NameCheckOptions {
  /** Seconds to keep asking (0: ask once). */
  waitSeconds: number;
  /** The --nameservers file (`{"<dns host>": ["address:port", …]}`): its name for messages and its text. */
  nameservers?: { file: string; text: string };
  /** How one nameserver is asked ({@link askName} by default). */
  ask?: (server: ServerAddress, name: string) => Promise<NameAnswer>;
  /** Milliseconds between rounds while waiting (1000 by default). */
  intervalMs?: number;
}

/**
 * Publishes the books of the fleet at `root` to `store` with `serial`; the
 * whole of steps 1 and 3–5 above, returning the command's result. Exported
 * for tests that drive a store directly.
 */
export async function publishBooks(
  root: string,
  store: ObjectStore,
  serial: number,
  options: { dryRun: boolean; nowSeconds: number; names?: NameCheckOptions },
): Promise<CommandResult> {
  const fleet = await readAndAnalyze(root, { analysis: { nowSeconds: options.nowSeconds } });
  if (!fleet.valid) return fleet.stop;
  const { diagnostics } = fleet;

  const books = buildAddressBooks(fleet.model, serial);
  const local: LocalBook[] = [...books].map(([key, book]) => ({
    key,
    bytes: toJson(book),
    serial: book.serial,
    digest: book.digest,
  }));
  if (options.names) {
    let overrides: NameserverOverrides = new Map();
    if (options.names.nameservers) {
      const parsed = parseNameserverOverrides(
        options.names.nameservers.text,
        fleet.model.settings.dns.hosts.map((h) => h.name),
      );
      if (typeof parsed === 'string')
        return {
          diagnostics: [
            ...diagnostics,
            diagnose(FLEET_WIDE, 'usage_option_value_invalid', {
              option: '--nameservers',
              value: options.names.nameservers.file,
              expected: `a JSON object mapping DNS hosts to "address:port" lists (${parsed})`,
              example: '--nameservers nameservers.json',
              usage: applyBooksHelp.usage,
            }),
          ],
          exitCode: EXIT.invalid,
        };
      overrides = parsed;
    }
    const checks = namesToCheck(books, dnsIntent(fleet.model), overrides);
    const misses = await checkNames(checks, options.names.ask ?? ((server, name) => askName(server, name)), {
      waitSeconds: options.names.waitSeconds,
      ...(options.names.intervalMs !== undefined ? { intervalMs: options.names.intervalMs } : {}),
    });
    if (misses.length > 0) {
      const given = options.names.nameservers;
      const refused = unansweredDiagnostics(misses, options.names.waitSeconds, given ? { file: given.file, hosts: new Set(overrides.keys()) } : undefined);
      return {
        diagnostics: sortDiagnostics([...diagnostics, ...refused]),
        notes: [refusedNote(misses, checks.length, store.description)],
        exitCode: EXIT.refused,
      };
    }
  }
  const observed = await observeBooks(
    store,
    local.map((book) => book.key),
  );
  if ('failure' in observed) {
    const { key, reason } = observed.failure;
    return { diagnostics: [...diagnostics, diagnose(FLEET_WIDE, 'book_remote_unreadable', { key, store: store.description, reason })], exitCode: EXIT.invalid };
  }

  const plan = planBookPublish(local, observed.remote);
  const stdout = formatBookPlan(plan, store.description);
  const toWrite = writes(plan);
  if (plan.refusals.length > 0) {
    const refused = plan.refusals.map((r) =>
      r.remoteSerial > r.localSerial
        ? diagnose(FLEET_WIDE, 'book_remote_newer', { key: r.key, store: store.description, remoteSerial: r.remoteSerial, localSerial: r.localSerial })
        : diagnose(FLEET_WIDE, 'book_remote_conflict', { key: r.key, store: store.description, serial: r.localSerial }),
    );
    return {
      stdout,
      diagnostics: [...diagnostics, ...refused],
      notes: [`refused: ${plan.refusals.length} remote book(s) must not be overwritten by serial ${serial}; nothing written`],
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
    const raced = diagnose(FLEET_WIDE, 'book_publish_raced', { key: result.raced, store: store.description, written: result.written.length });
    return { stdout, diagnostics: [...diagnostics, raced], notes, exitCode: result.written.length === 0 ? EXIT.refused : EXIT.partial };
  }
  if (result.failed.length > 0) {
    const failed = result.failed.map((f) => diagnose(FLEET_WIDE, 'book_upload_failed', { key: f.key, store: store.description, reason: f.reason }));
    return { stdout, diagnostics: [...diagnostics, ...failed], notes, exitCode: EXIT.partial };
  }
  return { stdout, diagnostics, notes, exitCode: EXIT.ok };
}

function waitOption(values: CommandInput['values']): number {
  const text = stringOption(values, 'wait');
  if (text === undefined) return 0;
  if (!/^\d{1,6}$/.test(text)) throw invalidValue('--wait', text, 'a whole number of seconds (0–999999)', '--wait 60');
  return Number(text);
}

async function nameCheckOption(values: CommandInput['values'], root: string): Promise<NameCheckOptions | undefined> {
  if (values['skip-name-check'] === true) {
    if (stringOption(values, 'wait') !== undefined || stringOption(values, 'nameservers') !== undefined)
      throw conflictingOptions('--skip-name-check', stringOption(values, 'wait') !== undefined ? '--wait' : '--nameservers', 'name_check_off', 'one of them');
    return undefined;
  }
  const waitSeconds = waitOption(values);
  const file = stringOption(values, 'nameservers');
  if (file === undefined) return { waitSeconds };
  let text: string;
  try {
    text = await readText(path.resolve(process.cwd(), file));
  } catch (error) {
    throw invalidValue(
      '--nameservers',
      file,
      `a readable JSON file mapping DNS hosts to nameservers (${error instanceof Error ? error.message : String(error)})`,
      '--nameservers nameservers.json',
    );
  }
  // Named from the fleet root, as diagnostics name files (the text form names it from here again).
  return { waitSeconds, nameservers: { file: fromFleetRoot(root, file), text } };
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
  if (!(await s3SdkInstalled()))
    return { diagnostics: [diagnose(FLEET_WIDE, 'books_store_sdk_missing', { store: store.description, package: S3_SDK_PACKAGE })], exitCode: EXIT.invalid };
  const names = await nameCheckOption(values, root);
  return publishBooks(root, store, serial, { dryRun: values['dry-run'] === true, nowSeconds: nowSeconds(values), ...(names ? { names } : {}) });
}

export const applyBooksCommand: Command = { ...fromHelp(applyBooksHelp), run: runApplyBooks };

/** The closing note of a refused name check: how many names went unanswered and how many nameservers could not be asked. */
function refusedNote(misses: readonly NameMiss[], names: number, store: string): string {
  const unanswered = new Set(misses.filter((miss) => 'reason' in miss.answer).map((miss) => miss.name)).size;
  const unreachable = new Set(misses.filter((miss) => 'unreachable' in miss.answer).map((miss) => `${miss.target.host}\t${miss.target.nameserver}`)).size;
  const parts = [
    ...(unanswered > 0 ? [`${unanswered} of ${names} name(s) the books list are not answered by every nameserver yet`] : []),
    ...(unreachable > 0 ? [`${unreachable} nameserver(s) could not be asked`] : []),
  ];
  return `refused: ${parts.join('; ')}; nothing read or written at ${store}`;
}
