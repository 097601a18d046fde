/**
 * The errors a user can see come from the diagnostics catalog. This test
 * enumerates every error the compiler constructs (`new Error(…)`, and `new X(…)`
 * for every class that extends Error, found from the class declarations) and
 * fails on one that is not accounted for here:
 *
 * - a plain `Error` must be an internal invariant (a bug if reached), which
 *   cli.ts prints as "diene: internal error" with exit 70, never as a
 *   finding about the user's fleet or hosts; each is listed below with why;
 * - an error class must carry or be mapped to a catalog code (listed with
 *   the code), or be listed as free text still to be moved into the catalog.
 *
 * A new throw of free text in an applier therefore fails here until it is a
 * catalog code (adapters/dns: DnsProblem) or argued to be an invariant. An
 * entry whose throw is gone fails too, so the list stays the truth.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const COMPILER = path.resolve(import.meta.dirname, '../../compiler');

/** Plain Errors that are internal invariants: file, a fragment of the throwing line, and why it cannot be the user's doing. */
const INVARIANTS: readonly { file: string; fragment: string; why: string }[] = [
  {
    file: 'plan/traffic-planner.ts',
    fragment: 'planTraffic: ${snapshot.file}',
    why: 'loadDnsLive refuses a record set listed twice (dns_live_duplicate) and no host reader makes one: only a hand-built snapshot reaches it',
  },
  { file: '2-analyze/fleet-model.ts', fragment: 'buildModel called on a fleet without', why: 'the analysis stops on fleet_file_missing first' },
  { file: 'cli.ts', fragment: 'the COMMANDS entry', why: 'a command table out of step with its modules' },
  { file: '1-load/schema-validation.ts', fragment: 'no schema for input kind', why: 'kinds come from the fleet layout, each with a schema' },
  {
    file: '1-load/schema-validation.ts',
    fragment: 'no diagnostic mapping for JSON Schema keyword',
    why: 'every keyword the schemas use is mapped (test/1-load)',
  },
  { file: 'incremental/render-build.ts', fragment: 'render produced no object', why: 'an empty stream with prune on would delete a platform' },
  {
    file: 'plan/traffic-planner.ts',
    fragment: 'overrideFreeze needs a reason',
    why: 'library API misuse: the CLI refuses a blank --override-freeze as usage_option_value_invalid before planning',
  },
  { file: 'client/address-book-client.ts', fragment: 'canonicalJson: a non-finite number', why: 'client library API misuse, not a diene run' },
  { file: 'client/address-book-client.ts', fragment: 'has no JSON form', why: 'client library API misuse, not a diene run' },
  { file: 'client/address-book-client.ts', fragment: 'addressBookClient: roots must be', why: 'client library API misuse, not a diene run' },
  { file: '3-emit/route-paths-sql.ts', fragment: 'a SQL string cannot hold NUL', why: 'prefixes and hosts are checked before emit' },
  {
    file: '1-load/parse-json.ts',
    fragment: 'the YAML reader refused a claim JSON.parse read',
    why: 'the fast path takes only plain printable-ASCII JSON without escapes, which the YAML reader always reads; a claim loaded through the YAML reader reads the same again',
  },
  {
    file: '1-load/parse-yaml.ts',
    fragment: 'the YAML reader refused a file it had loaded',
    why: 'a lazy document is made from a text that loaded without error, within a budget no larger than the per-file limit the second read has',
  },
  { file: '3-emit/serialize.ts', fragment: 'cannot serialize', why: 'outputs hold no computed non-finite number' },
  { file: '3-emit/route-paths-fingerprint.ts', fragment: 'expected ${JSON.stringify(literal)}', why: 'parses bytes diene wrote itself' },
  { file: '3-emit/route-paths-fingerprint.ts', fragment: 'expected a number at byte', why: 'parses bytes diene wrote itself' },
  { file: '3-emit/route-paths-fingerprint.ts', fragment: 'runs past the end', why: 'parses bytes diene wrote itself' },
  { file: '3-emit/dns-zone-plans.ts', fragment: 'does not serve zone', why: 'the plan names only hosts from the zone intent it is made for' },
  { file: '3-emit/route-paths-fingerprint.ts', fragment: 'trailing bytes at', why: 'parses bytes diene wrote itself' },
  { file: '3-emit/dns-zone-file.ts', fragment: 'no host lists nameservers', why: 'dns_nameservers_missing stops the analysis first' },
  {
    file: '3-emit/templates-engine.ts',
    fragment: 'no template ${name} in templates/',
    why: 'template names are literals of the emitters; test/3-emit/templates.test.ts holds every template precompiled',
  },
  { file: '3-emit/book-digest.ts', fragment: 'canonical JSON: the value has no JSON form', why: 'books are built from JSON values' },
  {
    file: '3-emit/output-slice.ts',
    fragment: 'a slice of the model holds',
    why: 'slices are plain data of the model; test/3-emit/output-slice.test.ts walks every slice of the reference fleet',
  },
  { file: 'diagnostics/diagnostic.ts', fragment: 'has no argument for', why: 'a schema annotation naming a code whose placeholders the keyword does not fill' },
  {
    file: 'diagnostics/diagnostic.ts',
    fragment: 'not one of its choices',
    why: 'choice arguments are literal unions the type checker holds callers to; only an unchecked call could pass another value',
  },
  {
    file: 'adapters/filesystem/output-tree.ts',
    fragment: 'the outputs carry no valid manifest',
    why: 'the outputs are built with their manifest in the same run',
  },
  { file: 'adapters/object-store/apply.ts', fragment: 'no bytes for', why: 'every planned change names a book of the same build' },
  {
    file: 'adapters/dns/powerdns/convert.ts',
    fragment: 'has GEO routing, which PowerDNS',
    why: 'plans for hosts without geo routing hold plain lists (dns_geo_unsupported)',
  },
  { file: 'adapters/dns/powerdns/adapter.ts', fragment: 'has no url or apiKeyEnv', why: 'the fleet schema requires both for powerdns hosts' },
  { file: 'adapters/dns/cloudflare/convert.ts', fragment: 'Cloudflare takes 1 (automatic)', why: 'dns_ttl_out_of_range stops the analysis first' },
  {
    file: 'adapters/dns/cloudflare/convert.ts',
    fragment: 'which Cloudflare DNS records do not have',
    why: 'plans for hosts without geo routing hold plain lists',
  },
  { file: 'adapters/dns/rfc2136/wire.ts', fragment: 'has an empty label or one over 63 octets', why: 'names are built from checked fleet names' },
  { file: 'adapters/dns/rfc2136/wire.ts', fragment: 'is over 255 octets', why: 'dns_name_too_long stops the analysis first' },
  { file: 'adapters/dns/rfc2136/wire.ts', fragment: 'a TXT string of', why: 'diene writes short ownership TXT values only' },
  { file: 'adapters/dns/rfc2136/wire.ts', fragment: 'is not an IPv4 address', why: 'addresses are checked on load (address_invalid)' },
  { file: 'adapters/dns/rfc2136/wire.ts', fragment: 'is not an IPv6 address', why: 'addresses are checked on load (address_invalid)' },
  {
    file: 'adapters/dns/rfc2136/wire.ts',
    fragment: 'is not an SOA value',
    why: 'the planner builds the SOA from the one read off the host, only its minimum changed',
  },
  { file: 'adapters/dns/rfc2136/wire.ts', fragment: 'diene writes A, AAAA, CNAME and TXT records', why: 'plans hold only the types diene manages' },
  { file: 'adapters/dns/rfc2136/wire.ts', fragment: 'unknown TSIG algorithm', why: 'the fleet schema admits the known algorithms only' },
  { file: 'adapters/dns/rfc2136/convert.ts', fragment: 'has no code here', why: 'plans hold only the types diene manages' },
  { file: 'adapters/dns/rfc2136/convert.ts', fragment: 'has no plain values', why: 'plans for hosts without geo routing hold plain lists' },
  { file: 'adapters/dns/rfc2136/adapter.ts', fragment: 'has no server', why: 'the fleet schema requires server for rfc2136 hosts' },
  { file: 'adapters/dns/rfc2136/adapter.ts', fragment: 'rfc2136 host ${host.name}: ${server}', why: 'the fleet schema gives server the host:port grammar' },
  { file: 'adapters/dns/google/convert.ts', fragment: 'which Cloud DNS does not take', why: 'Google plans never hold Route 53 set identifiers' },
  { file: 'adapters/dns/route53/convert.ts', fragment: 'which Route 53 does not take', why: 'Route 53 plans never hold Google GEO items' },
  {
    file: 'adapters/git/isomorphic.ts',
    fragment: 'isomorphic-git has no command',
    why: "the commands are typed by isomorphic-git's own exports: a missing one is a bug of diene, not of the fleet",
  },
  {
    file: 'adapters/dns/dns-host.ts',
    fragment: 'const wrapped = new Error(describeError(error)',
    why: "not shown as is: wraps a host's error with which request failed; requestError turns it into a catalog code",
  },
];

/** Error classes, and how what they carry reaches the user. */
const ERROR_CLASSES: Readonly<Record<string, string>> = {
  DnsHostError: 'carries its catalog diagnostic (dns_* codes, built from a DnsProblem)',
  DnsProblem: 'carries a dns_* code and its typed arguments; hostError turns it into a DnsHostError',
  InputChangedError: "carries the file's path and how it changed; cli/compile.ts turns it into file_changed_while_compiling",
  OutputBusyError: 'output_busy (cli/compile.ts)',
  OutputForeignError: 'output_foreign_file (cli/output-refusals.ts)',
  BranchUnreadableError: 'a RepoError of claim_branch_ref_invalid, claim_branch_unreadable or claim_branch_object_unreadable',
  CommitMetadataError: 'claim_commit_metadata_invalid (cli/claim-set-paths.ts)',
  UsageError: 'carries a usage_* code and its typed arguments (cli.ts prints it with the usage line)',
  RepoError: 'carries its claim_* finding (cli/claim-set-paths.ts)',
  KubeConfigProblem: 'carries its kube_context_* finding (cli/apply-kube.ts)',
  KubeConfigMissing: 'kube_config_missing (cli/apply-kube.ts)',
  KubeCallFailed: "an API server's answer: kube_list_failed or kube_object_failed (cli/apply-kube.ts)",
  PreconditionFailed: 'book_publish_raced (cli/apply-books.ts)',
  Declined: 'never leaves 3-emit/block-yaml.ts: the emitter falls back to the library form',
};

/** Every class the compiler declares that extends Error, directly or through another. */
function errorClassNames(): Set<string> {
  const parents = new Map<string, string>();
  for (const full of sources(COMPILER))
    for (const m of readFileSync(full, 'utf8').matchAll(/\bclass (\w+)(?:<.*?>)? extends (\w+)/g)) parents.set(m[1] as string, m[2] as string);
  const isError = (name: string, seen: ReadonlySet<string> = new Set()): boolean => {
    if (name === 'Error') return true;
    const parent = parents.get(name);
    return parent !== undefined && !seen.has(name) && isError(parent, new Set([...seen, name]));
  };
  return new Set([...parents.keys()].filter((name) => isError(name)));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

interface Construction {
  file: string;
  line: number;
  className: string;
  text: string;
}

function constructions(): Construction[] {
  const classes = errorClassNames();
  return sources(COMPILER).flatMap((full) => {
    const file = path.relative(COMPILER, full).split(path.sep).join('/');
    return readFileSync(full, 'utf8')
      .split('\n')
      .flatMap((text, i) =>
        [...text.matchAll(/\bnew ([A-Z]\w*)(?:<[^>(]*>)?\(/g)]
          .filter((m) => classes.has(m[1] as string) || /^(?:[A-Z]\w*)?Error$/.test(m[1] as string))
          .map((m) => ({ file, line: i + 1, className: m[1] as string, text: text.trim() })),
      );
  });
}

describe('user-visible errors', () => {
  const found = constructions();

  it('finds the constructions it is about (the scan works)', () => {
    expect(found.filter((c) => c.className === 'Error').length).toBeGreaterThanOrEqual(INVARIANTS.length);
    expect(found.some((c) => c.className === 'DnsHostError')).toBe(true);
    expect(found.some((c) => c.className === 'RepoError')).toBe(true);
    expect(found.some((c) => c.className === 'PreconditionFailed')).toBe(true);
  });

  it('are catalog diagnostics: every plain Error is a listed internal invariant', () => {
    const unlisted = found
      .filter((c) => c.className === 'Error')
      .filter((c) => !INVARIANTS.some((entry) => entry.file === c.file && c.text.includes(entry.fragment)))
      .map((c) => `${c.file}:${c.line}: ${c.text}`);
    expect(unlisted, 'a free-text error a user may see: make it a catalog code, or list it as an invariant with why').toEqual([]);
  });

  it('list no invariant whose throw is gone', () => {
    const stale = INVARIANTS.filter((entry) => !found.some((c) => c.className === 'Error' && c.file === entry.file && c.text.includes(entry.fragment)));
    expect(stale).toEqual([]);
  });

  it('come from error classes that carry or map to a catalog code', () => {
    const classes = [...new Set(found.map((c) => c.className).filter((name) => name !== 'Error'))].sort();
    expect(classes.filter((name) => ERROR_CLASSES[name] === undefined)).toEqual([]);
    expect(Object.keys(ERROR_CLASSES).filter((name) => !classes.includes(name))).toEqual([]);
  });
});
