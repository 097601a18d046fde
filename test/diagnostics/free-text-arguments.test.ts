/**
 * No catalog code explains itself with a free string. A placeholder whose
 * name says it carries the explanation (`{reason}`, `{message}`, `{detail}`,
 * `{why}`, `{problem}`, …) must be a choice of its entry (a closed set of
 * fixed texts, a literal union the type checker holds callers to), or the
 * code must be listed below with what the text is: a grammar reason (typed by
 * `grammarReasons`), another program's own words quoted as they are (a
 * server's answer, a parser's message, the operating system's), or a text
 * composed by diene from typed parts. The list may only shrink: a new code,
 * or a listed code that starts explaining itself in another placeholder,
 * fails here until it names a specific code or a choice.
 */
import { describe, expect, it } from 'vitest';
import { catalog, GRAMMAR_REASON_CODES, type CatalogEntry } from '../../compiler/diagnostics/catalog.js';
import { diagnoseUnchecked, FLEET_WIDE } from '../../compiler/diagnostics/diagnostic.js';

/** Placeholder names that carry an explanation: never a free string. */
const EXPLANATION_NAMES = ['reason', 'message', 'detail', 'details', 'why', 'problem', 'problems', 'cause', 'error', 'explanation'];

type Kind = 'grammar' | 'quoted' | 'composed';

/** Codes that keep a free explanation, the placeholder, and what its text is. */
const KEPT: Readonly<Record<string, { name: string; kind: Kind; what: string }>> = {
  artifact_reference_invalid: { name: 'reason', kind: 'grammar', what: 'a GrammarProblem rendered by grammarReasonText' },
  git_branch_invalid: { name: 'reason', kind: 'grammar', what: 'a GrammarProblem rendered by grammarReasonText' },
  git_path_invalid: { name: 'reason', kind: 'grammar', what: 'a GrammarProblem rendered by grammarReasonText' },
  git_repo_url_invalid: { name: 'reason', kind: 'grammar', what: 'a GrammarProblem rendered by grammarReasonText' },
  primordial_server_invalid: { name: 'reason', kind: 'grammar', what: 'a GrammarProblem rendered by grammarReasonText' },
  book_name_unanswered: { name: 'reason', kind: 'quoted', what: "the resolver's answer (NXDOMAIN, a timeout)" },
  book_remote_unreadable: { name: 'reason', kind: 'quoted', what: "the object store's answer" },
  book_upload_failed: { name: 'reason', kind: 'quoted', what: "the object store's answer" },
  claim_push_refused: { name: 'reason', kind: 'quoted', what: "the git server's words (a pre-receive hook, a protected branch)" },
  claim_repo_io_failed: { name: 'reason', kind: 'quoted', what: "the operating system's or git's message" },
  claim_repo_unreachable: { name: 'reason', kind: 'quoted', what: "the network's or the server's answer" },
  claim_worktree_update_failed: { name: 'reason', kind: 'quoted', what: "the operating system's or git's message" },
  claim_targets_dropped: { name: 'details', kind: 'composed', what: 'the dropped targets, listed' },
  dns_answer_malformed: { name: 'problem', kind: 'quoted', what: "the decoder's or JSON parser's message on the host's answer" },
  dns_live_answer_invalid: { name: 'problems', kind: 'quoted', what: "the live-format validator's findings" },
  dns_live_not_snapshot: { name: 'problem', kind: 'composed', what: 'what the folder holds instead' },
  dns_tsig_rejected: { name: 'problem', kind: 'quoted', what: "the server's TSIG error or the verification's" },
  dns_ttl_out_of_range: { name: 'why', kind: 'composed', what: "the host's TTL limits" },
  file_read_failed: { name: 'reason', kind: 'quoted', what: "the operating system's message" },
  json_syntax: { name: 'reason', kind: 'quoted', what: "the JSON parser's message" },
  kube_config_invalid: { name: 'reason', kind: 'quoted', what: "the Kubernetes client's message" },
  kube_list_failed: { name: 'reason', kind: 'quoted', what: "the API server's answer" },
  kube_object_failed: { name: 'reason', kind: 'quoted', what: "the API server's answer" },
  output_manifest_invalid: { name: 'problem', kind: 'composed', what: 'what is wrong in the manifest file' },
  permanent_identifier_changed: { name: 'why', kind: 'composed', what: 'why the identifier is permanent' },
  permanent_identifier_removed: { name: 'why', kind: 'composed', what: 'why the identifier is permanent' },
  step_summary_write_failed: { name: 'reason', kind: 'quoted', what: "the operating system's message" },
  usage_option_missing: { name: 'why', kind: 'composed', what: 'what the option is for' },
  usage_plugin_parameters_not_json: { name: 'reason', kind: 'quoted', what: "the JSON parser's message" },
  yaml_syntax: { name: 'reason', kind: 'quoted', what: "the YAML parser's error, reworded per error code" },
};

function placeholders(entry: CatalogEntry): string[] {
  return [...new Set([...`${entry.message}\n${entry.hint}`.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string))];
}

/** Every catalog code with its free (not chosen) explanation placeholders. */
function freeExplanations(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [code, entry] of Object.entries(catalog as Record<string, CatalogEntry>)) {
    const free = placeholders(entry).filter((name) => EXPLANATION_NAMES.includes(name) && entry.choices?.[name] === undefined);
    if (free.length > 0) found[code] = free;
  }
  return found;
}

describe('catalog arguments', () => {
  it('explain with a choice or a specific code, never a free string, outside the listed codes', () => {
    const found = freeExplanations();
    const unlisted = Object.entries(found)
      .filter(([code, names]) => KEPT[code] === undefined || names.some((name) => name !== KEPT[code]?.name))
      .map(([code, names]) => `${code}: {${names.join('}, {')}}`);
    expect(unlisted, 'a free-text explanation: split the code by outcome, or make the placeholder a choice of its entry').toEqual([]);
  });

  it('list no code that no longer explains itself with a free string (the list only shrinks)', () => {
    const found = freeExplanations();
    expect(Object.keys(KEPT).filter((code) => !found[code]?.includes(KEPT[code]?.name as string))).toEqual([]);
  });

  it('keep the grammar reasons typed: every listed grammar code takes a GrammarProblem', () => {
    const grammar = Object.entries(KEPT)
      .filter(([, kept]) => kept.kind === 'grammar')
      .map(([code]) => code)
      .sort();
    expect(grammar).toEqual([...GRAMMAR_REASON_CODES].sort());
  });

  it('never list the codes whose reasons were split into choices or codes', () => {
    for (const code of ['output_foreign_file', 'output_write_failed', 'usage_option_conflict', 'claim_commit_metadata_invalid', 'claim_branch_unreadable'])
      expect(KEPT[code], code).toBeUndefined();
    for (const gone of ['output_location_invalid', 'cache_ignored']) expect(Object.prototype.hasOwnProperty.call(catalog, gone), gone).toBe(false);
  });

  it('fill a choice with its fixed text, and refuse a value outside the choices', () => {
    expect(diagnoseUnchecked(FLEET_WIDE, 'output_write_failed', { out: '/x', errno: 'ENOSPC' }).message).toBe(
      'cannot write the output directory /x: ENOSPC: no space left on the device',
    );
    expect(() => diagnoseUnchecked(FLEET_WIDE, 'output_write_failed', { out: '/x', errno: 'disk full, try later' })).toThrow('not one of its choices');
  });

  it('give every choice text only placeholders its entry fills', () => {
    for (const [code, entry] of Object.entries(catalog as Record<string, CatalogEntry>)) {
      for (const [name, options] of Object.entries(entry.choices ?? {})) {
        expect(placeholders(entry), `${code}: the choice {${name}} is used in its message or hint`).toContain(name);
        expect(Object.keys(options).length, `${code}: {${name}} has at least two choices`).toBeGreaterThanOrEqual(2);
      }
    }
  });
});
