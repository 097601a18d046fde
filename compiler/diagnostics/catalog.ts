/**
 * The one catalog of diagnostic codes (STYLE.md "Diagnostics"), sorted by code.
 * Codes are snake_case `<area>_<problem>` and never reused. `{name}` in a
 * message or hint is filled from the factory's arguments. A test fails when a
 * code has no sample case under `test/cases/` or a case names no code here.
 */
import type { Severity } from './diagnostic.js';

/**
 * A catalog entry: severity, message template (what is wrong) and hint
 * template (what to do). A placeholder named in `choices` takes one of a
 * closed set of values (a literal union the type checker holds callers to)
 * and is filled with that value's fixed text, whose own `{name}`s are filled
 * from the same arguments.
 */
export interface CatalogEntry {
  severity: Severity;
  message: string;
  hint: string;
  choices?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * The error codes of the operating system a diagnostic names (a typed
 * argument, never the system's message): each code's meaning as printed
 * after it. `other` stands for a code outside this list.
 */
export const ERRNO_TEXTS = {
  EACCES: 'EACCES: permission denied',
  EBUSY: 'EBUSY: the file or device is busy',
  EDQUOT: 'EDQUOT: the disk quota is used up',
  EEXIST: 'EEXIST: something already stands there',
  EFBIG: 'EFBIG: a file would grow past the size limit (a quota, or ulimit -f)',
  EINVAL: 'EINVAL: the file does not take this write (an invalid argument, as for a file of /proc)',
  EIO: 'EIO: an input/output error of the device',
  EISDIR: 'EISDIR: a folder stands where a file belongs',
  ELOOP: 'ELOOP: too many symbolic links on the path',
  EMFILE: 'EMFILE: too many open files',
  ENAMETOOLONG: 'ENAMETOOLONG: a name on the path is too long for the file system',
  ENOENT: 'ENOENT: no such file or folder',
  ENOSPC: 'ENOSPC: no space left on the device',
  ENOTDIR: 'ENOTDIR: a file stands where a folder belongs on the path',
  ENOTEMPTY: 'ENOTEMPTY: a folder to replace is not empty',
  EPERM: 'EPERM: the operation is not permitted',
  EROFS: 'EROFS: the file system is read-only',
  EXDEV: 'EXDEV: the path crosses file systems',
  other: 'an error of the operating system',
} as const;

/** An operating-system error code of {@link ERRNO_TEXTS}. */
export type ErrnoCode = keyof typeof ERRNO_TEXTS;

/** The {@link ErrnoCode} of `error` (`other` for a code outside the list or no code). */
export function errnoCode(error: unknown): ErrnoCode {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERRNO_TEXTS, code) ? (code as ErrnoCode) : 'other';
}

/** What a run that used no cache did, by command: the tail of the `cache_folder_*` warnings. */
const RUN_TEXTS = {
  compiled: 'compiled',
  checked: 'checked',
  rendered: 'rendered',
  validated: 'validated',
} as const;

/** What leaving `--base` out does, by command: the tail of the base refusals' hints. */
const BASE_WITHOUT = {
  report: 'leave --base out to compare with the committed generated/',
  compile: 'without --base, compile --check compares no permanent identifiers',
  atlas: 'without --base, the atlas is drawn with no marks',
} as const;

export const catalog = {
  address_invalid: {
    severity: 'error',
    message: '"{value}" is not an IPv4 or IPv6 address',
    hint: '{example}',
    choices: {
      // Documentation addresses are allowed only in an example fleet: elsewhere they are no example to follow.
      example: {
        sample: 'write one load-balancer address per list item, e.g. 203.0.113.21 or 2001:db8::21',
        real: "write the public address of the cluster's load balancer, one a list item: four numbers from 0 to 255 with dots between (IPv4), or groups of hex digits with colons between (IPv6)",
      },
    },
  },
  address_not_global_unicast: {
    severity: 'error',
    message: 'address {value} is not global unicast ({range})',
    hint: '{advice}',
  },
  address_shared: {
    severity: 'warning',
    message: 'address {value} of cluster {cluster} is also a load-balancer address of cluster {other}',
    hint: "DNS answers {cluster}'s names and {other}'s with it, so one cluster gets the other's traffic: if it was copied, write {cluster}'s own load-balancer address (kubectl get svc -A on {cluster}); if one load balancer truly fronts both, this warning stays",
  },
  artifact_reference_invalid: {
    severity: 'error',
    message: '{field} gives "{value}" for {platformName}/{serviceName}, which is not {what}: it {reason}',
    hint: 'write {what}, e.g. {example} ({placeholders} are replaced by each platform and service name): ArgoCD and Kargo pull from exactly this address',
  },
  base_missing: {
    severity: 'error',
    message: '--base {path} is not a fleet: it does not exist',
    hint: '{fix}; {without}',
    choices: {
      without: BASE_WITHOUT,
      fix: {
        top: 'make the checkout of the base branch there first (e.g. `git worktree add --detach {path} main`, which works while main is checked out here), or give one that exists',
        nested:
          "make the checkout of the base branch first (e.g. `git worktree add --detach {path} main`), then pass the fleet's folder in it: this fleet is {prefix}/ in its repository, so --base {suggested}",
      },
    },
  },
  base_not_fleet: {
    severity: 'error',
    message: '--base {path} is not a fleet: it {what}',
    hint: '{fix}; {without}',
    choices: {
      without: BASE_WITHOUT,
      fix: {
        top: 'give the top folder of a checkout of the base branch, the one holding registry/fleet.yaml (e.g. `git worktree add --detach ../base main` then `diene report --base ../base`)',
        nested:
          "give the fleet's folder in a checkout of the base branch, not the checkout's top: this fleet is {prefix}/ in its repository, so pass --base {suggested} (a checkout made with e.g. `git worktree add --detach ../base main`)",
      },
    },
  },
  book_address_outside_allowlist: {
    severity: 'error',
    message: '{count} address(es) in the books end in {base}, under none of the allowlisted roots {allowlist} (e.g. {example})',
    hint: 'add the root of {base} to addressBooks.allowlist, or fix the base: clients refuse a whole book with one address outside their baked roots; a root covers names below it on a label boundary only (evilcluster.atomi.cloud is not under cluster.atomi.cloud)',
  },
  book_issuer_host: {
    severity: 'error',
    message: "the sign-in issuer's host {host} (landscape {landscape}) would appear in {book}",
    hint: 'the issuer is baked into apps from books/issuers.json and never read from a book: keep its host out of addressBooks.places and out of every Doc C',
  },
  book_name_unanswered: {
    severity: 'error',
    message: '{book} lists {name}, which {misses} does not answer yet ({reason}); nothing published',
    hint: 'a resolver that asks before the name exists caches the miss for the negative TTL (1800 s), so a client following the book fails for half an hour: run `diene apply dns` first, or pass --wait SECONDS to poll until every nameserver answers; when the nameservers themselves cannot be reached from here (a lab, no network), point at reachable ones with --nameservers FILE or leave the check out with --skip-name-check',
  },
  book_nameserver_unreachable: {
    severity: 'error',
    message:
      '{host} nameserver {nameserver} could not be asked whether it answers the names the books list: {failure}{waited}; {count} name(s) unchecked, nothing published',
    hint: 'this says nothing about the names yet: {fix}',
    choices: {
      fix: {
        fleet:
          'check the address and the network from here; from a lab or without network, point at reachable nameservers with --nameservers FILE, or leave the check out with --skip-name-check',
        override:
          'it comes from --nameservers {file}: check that the file lists nameservers reachable from here, or leave the check out with --skip-name-check',
      },
      failure: {
        not_resolved: 'its own name does not resolve here',
        refused: 'nothing listens there (the query was refused: ICMP port unreachable)',
        timeout: 'it sent no answer within 2 s',
        other: 'the network failed',
      },
    },
  },
  book_place_invalid: {
    severity: 'error',
    message: 'place "{value}" is not an https base URL',
    hint: 'write https://<host>[/<path>] with no user name, password, query or fragment: clients fetch <place>/doc-a.json',
  },
  book_publish_raced: {
    severity: 'error',
    message: '{key} changed at {store} after it was read: another publisher is writing; {written} book(s) of this run were uploaded before it stopped',
    hint: 'run again: the publish re-reads every book and plans again from what is there now (a newer serial elsewhere refuses it instead of overwriting)',
  },
  book_remote_conflict: {
    severity: 'error',
    message: "{key} at {store} has this run's serial {serial} with other content: clients holding it would never take this one; nothing written",
    hint: 'pass a greater --serial (or publish from a newer fleet commit, whose commit time is the serial): a book changes only under a new serial',
  },
  book_remote_newer: {
    severity: 'error',
    message: "{key} at {store} has serial {remoteSerial}, newer than this run's {localSerial}: a newer publisher has been here; nothing written",
    hint: 'publish from the newest fleet commit (its commit time is the serial), or pass a greater --serial: a book is never replaced by an older serial',
  },
  book_remote_unreadable: {
    severity: 'error',
    message: 'cannot read {key} from {store}: {reason}; nothing written',
    hint: "check --to (bucket and prefix), --endpoint and the credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY): the publish reads every book before it writes one; the reason is the store's own answer",
  },
  book_upload_failed: {
    severity: 'error',
    message: 'cannot upload {key} to {store}: {reason}',
    hint: 'the books already uploaded stay (each is whole and signed by its digest): fix what the store says (the reason is its own answer) and run again to finish',
  },
  books_store_sdk_missing: {
    severity: 'error',
    message: 'publishing the books to {store} needs the npm package {package}, which is not installed here, so nothing was read or written',
    hint: 'install {package} where diene-compiler is installed (`npm install {package}`: an optional peer dependency, which npm does not install by itself); the ArgoCD plugin image leaves the cloud SDKs out on purpose: publish from the npm package',
  },
  cache_entry_ignored: {
    severity: 'warning',
    message: 'ignored {part} {file}: {problem}; {instead}',
    hint: 'nothing to fix: diene writes a whole one in its place, this run or a later one',
    choices: {
      part: {
        entry: 'the cache entry',
        render_output: 'the cached render output',
        pack: 'the pack of input-file records',
        pack_line: 'a line of the pack of input-file records',
        record: 'a record of an input file in the pack',
        stamps: 'the stamps of the output files',
        slices: 'the record of what the output files were made from',
        inputs: "the record of the input files' stamps",
        written: 'the record of the tree last written into the output directory',
      },
      instead: {
        entry: 'the result was made anew without it',
        render_output: 'the platform was rendered anew',
        pack: 'the input files were parsed and checked anew',
        pack_line: 'the other records were used, and the input file it may have recorded was parsed and checked anew',
        record: 'that input file was parsed and checked anew',
        stamps: 'the output files were compared by their content instead',
        slices: 'every output file was made anew',
        inputs: 'every input file was read',
        written: "the output directory's manifest alone said which files diene wrote there",
      },
      problem: {
        cut_short: 'it is cut short',
        missing: 'it is missing (its entry names it, but it was removed)',
        unreadable: 'it cannot be read',
        not_a_pack: 'it is not a pack of records diene writes (its first line is not the head of one)',
        not_diene: 'its first line is not the head diene writes, so diene did not write it',
        head_not_json: 'its first line is not JSON',
        head_not_object: 'its first line is not a JSON object',
        other_format: 'it was written in another cache format than this diene reads',
        other_key: 'it names another key than its file name (copied or moved)',
        digest_mismatch: 'its content does not match its digest (changed or damaged after it was written)',
        body_not_json: 'its body is not JSON',
        body_not_result: 'its body is not a compile result',
        body_not_stamps: 'its body is not a list of stamps',
        body_not_slices: 'its body is not a list of output files with the keys of what they were made from',
        body_not_written: 'its body is not a list of output files with their digests',
        body_not_record: 'it is not the record of a loaded input file',
        not_a_record: 'it is not a record diene writes (a key and JSON)',
        not_sealed: "it carries no seal (diene seals everything it keeps with this user's cache key)",
        seal_mismatch:
          "its seal was not made with this user's cache key (the key changed, or the file was copied from another user or machine, restored from another job's cache, forged, or changed after it was written)",
        size_mismatch: 'its size is not the one its first line states',
        too_large: 'it is larger than anything diene keeps there, so it was not read',
        not_a_file: 'it is not a regular file (a symbolic link, a folder, a FIFO or a device): diene never reads through one',
      },
    },
  },
  cache_file_in_the_way: {
    severity: 'warning',
    message:
      'the cache folder {dir} cannot be written: {path} is a file where diene needs a folder, so what this run had to keep there is not kept, and a later run redoes that work',
    hint: '{fix}, or run with --no-cache (no cache, and no warning); the outputs and the exit code are the same either way',
    choices: {
      fix: {
        inside: 'remove the file {path} (no diene cache holds a file there: diene makes the folder in its place), or give another --cache DIR',
        on_the_way: 'give a --cache DIR whose path is folders only ({path} is not one: diene leaves it alone)',
      },
    },
  },
  cache_folder_foreign: {
    severity: 'warning',
    message: 'ignored the cache folder {dir}: it is not empty and has no readable diene-cache.json, so it is not a diene cache; {run} without it',
    hint: 'diene leaves a folder that is not its cache alone: give another --cache DIR, remove the folder, or run with --no-cache',
    choices: { run: RUN_TEXTS },
  },
  cache_folder_in_fleet: {
    severity: 'warning',
    message: 'ignored the cache folder {dir}: it is inside {where} {root}, which a pull request can supply; {run} without it',
    hint: '{chosen}; --no-cache runs without one and says nothing',
    choices: {
      where: { fleet: 'the fleet', repository: "the fleet's git work tree", checkout: "the working directory's git work tree" },
      chosen: {
        given:
          'keep the cache out of every repository: leave --cache out to use the default ($XDG_CACHE_HOME/diene, else ~/.cache/diene), or give --cache a folder outside it',
        default:
          'the default cache folder ($XDG_CACHE_HOME/diene, else ~/.cache/diene) is inside it: give --cache a folder outside every repository, or set XDG_CACHE_HOME to one',
      },
      run: RUN_TEXTS,
    },
  },
  cache_folder_is_file: {
    severity: 'warning',
    message: 'ignored the cache folder {dir}: it is a file, not a folder; {run} without it',
    hint: 'give --cache a folder (diene makes one that does not exist yet) or run with --no-cache; diene leaves the file alone',
    choices: { run: RUN_TEXTS },
  },
  cache_folder_other_format: {
    severity: 'warning',
    message: 'ignored the cache folder {dir}: its diene-cache.json says {found}, and this diene reads {expected}; {run} without it',
    hint: 'another version of diene keeps its cache there: give this one its own --cache DIR, remove the folder, or run with --no-cache',
    choices: { run: RUN_TEXTS },
  },
  cache_folder_unreadable: {
    severity: 'warning',
    message: 'ignored the cache folder {dir}: it cannot be listed ({errno}); {run} without it',
    hint: 'make the folder readable for this user, give another --cache DIR, or run with --no-cache',
    choices: { errno: ERRNO_TEXTS, run: RUN_TEXTS },
  },
  cache_folder_unsafe: {
    severity: 'warning',
    message: "ignored the cache folder {dir}: {folder} {why}, so what it holds could be another user's; {run} without it",
    hint: 'a cache must be a folder of your own that nobody else can write: remove it and let diene make it again (it makes its folders with mode 0700), give another --cache DIR, or run with --no-cache',
    choices: {
      why: {
        link: 'is a symbolic link (diene never follows one in its cache)',
        foreign_owner: 'is owned by another user (uid {owner}; this is uid {user})',
        writable_by_others: 'can be written by other users (mode {mode})',
      },
      run: RUN_TEXTS,
    },
  },
  cache_key_unusable: {
    severity: 'warning',
    message: 'the cache key {file} cannot be used: {why}; {run} without the cache',
    hint: 'diene seals its cache with a key of your own that only you can read: remove the file and let diene make it again (mode 0600), set XDG_STATE_HOME to a folder of your own outside every repository, or run with --no-cache',
    choices: {
      why: {
        link: 'it is a symbolic link',
        not_file: 'it is not a regular file',
        foreign_owner: 'it is owned by another user',
        readable_by_others: 'other users can read it',
        not_a_key: 'it does not hold a key diene made (64 hexadecimal digits)',
        folder_unsafe: "its folder is a symbolic link, another user's, or writable by others (make it yours with mode 0700)",
        unreadable: 'it cannot be read or made (its folder is not writable, say)',
        in_fleet: 'it is inside the fleet {root}, which a pull request can supply',
        in_repository: "it is inside the fleet's git work tree {root}, which a pull request can supply",
        in_checkout: "it is inside the working directory's git work tree {root}, which a pull request can supply",
      },
      run: RUN_TEXTS,
    },
  },
  cache_not_kept: {
    severity: 'warning',
    message: 'the cache folder {dir} cannot be written ({path}: {errno}): what this run had to keep there is not kept, and a later run redoes that work',
    hint: 'make {path} writable for this user, give a writable folder with --cache DIR, or run with --no-cache (no cache, and no warning); the outputs and the exit code are the same either way',
    choices: { errno: ERRNO_TEXTS },
  },
  claim_branch_missing: {
    severity: 'error',
    message: 'the branch "{branch}" does not exist in {repo}; nothing written',
    hint: 'name an existing branch with --branch (main when not given): the write door commits on top of a branch and never creates one',
  },
  claim_branch_object_unreadable: {
    severity: 'error',
    message: 'the branch "{branch}" of {repo} (commit {commit}) holds {object} that cannot be parsed; nothing written',
    hint: '`git fsck` names the broken object; move the branch back to its last sound commit (`git update-ref refs/heads/{branch} <commit>`), or restore the object from another clone, then run again',
    choices: {
      object: {
        file: 'the file {path}',
        folder: 'the folder {path}/',
        tree: 'a tree on the way to {path}',
      },
    },
  },
  claim_branch_raced: {
    severity: 'error',
    message: 'the branch "{branch}" of {repo} moved, or stayed locked by another writer, under every one of {attempts} attempts; nothing written',
    hint: 'run again once the other writer is done (a CI job or a person committing to {branch}); if it happens every time, look for a lock a crashed git left behind (refs/heads/{branch}.lock in a local repository) and remove it',
  },
  claim_branch_ref_invalid: {
    severity: 'error',
    message:
      'the branch "{branch}" of {repo} does not name a commit: its ref refs/heads/{branch} does not resolve to an object id (a symbolic ref that loops, say); nothing written',
    hint: 'point the branch at its last sound commit (`git update-ref refs/heads/{branch} <commit>`; `git reflog {branch}` lists the ones it named), then run again',
  },
  claim_branch_unreadable: {
    severity: 'error',
    message: 'the branch "{branch}" of {repo} names the commit {commit}, which cannot be parsed; nothing written',
    hint: 'the commit object is malformed (`git fsck` names what is wrong in it): move the branch back to its last sound commit (`git update-ref refs/heads/{branch} <commit>`), then run again',
  },
  claim_commit_metadata_invalid: {
    severity: 'error',
    message: 'the commit {field} {value}{source} cannot be written: {problem}; nothing written',
    hint: 'give {remedy} a plain name on one line, without "<", ">", control characters or invisible format characters (zero-width spaces and joiners, soft hyphens, bidirectional controls: Unicode category Cf): it becomes the author and committer of the commit and its actor: line',
    choices: {
      field: { name: 'author name', email: 'author e-mail', message: 'message' },
      source: {
        made: '',
        option: ' (from --actor)',
        diene_actor: ' (from the environment variable DIENE_ACTOR)',
        user: ' (from the environment variable USER)',
      },
      remedy: {
        made: '--actor (or DIENE_ACTOR, or USER)',
        option: '--actor',
        diene_actor: 'DIENE_ACTOR (or pass --actor, which comes first)',
        user: 'USER (or pass --actor or set DIENE_ACTOR, which come first)',
      },
      problem: {
        empty: 'it is empty',
        line_break: 'it holds a line break ({character}), which would start a header or a trailer of its own',
        control_character: 'it holds a control character ({character}), which would start a header or a trailer of its own',
        format_character:
          'it holds {character} at character {position}, an invisible format character (Unicode category Cf): git log shows it as nothing or reorders the text around it, so one name could pass for another',
        angle_bracket: 'it holds "<" or ">", which delimit the e-mail address in a commit',
        outer_space: 'it starts or ends with white space, which git strips',
        too_long: 'it is longer than {limit} characters',
        not_one_address: 'it is not one address (local@domain) without spaces, "<", ">" or control characters',
        message_control: 'it holds a control character ({character})',
        subject_empty: 'its first line (the subject) is empty',
      },
    },
  },
  claim_host_malformed: {
    severity: 'error',
    message: '"{host}" is not a service host name: <module>.<service>.<platform>.<landscape>.<base> in lower case, without a final dot, under {bases}',
    hint: '{advice}',
    choices: {
      advice: {
        close:
          'did you mean {example}? it is the service host of the fleet closest to the one given; a claim is named after an exact host of the fleet, <module>.<service>.<platform>.<landscape>.<base>',
        claimed:
          "did you mean {example}? it has a claim already, claims/domains/{example}.json: move this file's paths into that claim and delete this file (a host has one claim)",
        example:
          'name the claim file after an exact host of the fleet, claims/domains/<module>.<service>.<platform>.<landscape>.<base>.json, e.g. {example}.json',
      },
    },
  },
  claim_host_no_row: {
    severity: 'warning',
    message: 'the claim on {host} contributes no row: its host is not a ready route (it has no row: {row})',
    hint: "a claim takes effect once its host's row exists and has a chart version: add {row} (its first promotion fills pin.chart); until then its {prefixes} prefix(es) route nowhere new",
  },
  claim_host_not_ready: {
    severity: 'warning',
    message: 'the claim on {host} contributes no row: its host is not a ready route (its row has an empty pin.chart: {row})',
    hint: "a claim takes effect once its host's row has a chart version (its first promotion); until then its {prefixes} prefix(es) keep reaching the host's own app",
  },
  claim_host_signin: {
    severity: 'error',
    message: 'the claim sits on {host}, a host of the sign-in platform "{platform}"',
    hint: "remove this claim: a prefix map on the sign-in server's hosts would hand a slice of its URL space (and its cookies) to another app",
  },
  claim_host_spare_twin: {
    severity: 'error',
    message: 'the claim sits on {host}, a host of the spare base {spare}: the claim on its main-base twin {main} governs it',
    hint: 'put these prefixes in claims/domains/{main}.json (or run `diene claim set-paths {main}`) and remove this file: that one claim gives both hosts their rows, so a flip follows the service when clients move to the spare name',
  },
  claim_host_unknown: {
    severity: 'error',
    message: '"{host}" names {what} "{name}", which {owner} does not have',
    hint: '{here}; name the claim file after an exact host of the fleet, claims/domains/<module>.<service>.<platform>.<landscape>.<base>.json, e.g. {example}.json',
    choices: {
      here: { some: 'the {what}s here are {known}', none: '{owner} has no {what} left: restore it, or remove the claim' },
    },
  },
  claim_key_missing: {
    severity: 'error',
    message: 'the claim is missing {missing}',
    hint: 'a claim is {"account": …, "app": …, "paths": {…}}: add {missing}, the platform ("account") or service ("app") of the host the file is named for',
  },
  claim_owner_mismatch: {
    severity: 'error',
    message: '{field} "{value}" does not match the host, whose {what} is "{expected}"',
    hint: 'a claim is written by the app that owns its host: write "{field}": "{expected}"; an app cannot claim another app\'s host',
  },
  claim_paths_missing: {
    severity: 'error',
    message: 'the claim is missing {missing}',
    hint: 'a claim is {"account": …, "app": …, "paths": {…}}; write "paths": {} to clear every prefix (a missing or misspelt wrapper never clears them)',
  },
  claim_paths_unwrapped: {
    severity: 'error',
    message: 'the file is a bare prefix map ({prefixes}): the map goes inside a "paths" wrapper',
    hint: 'wrap it: {"paths": {{entries}}}; account and app may be left out (they are the host\'s platform and service)',
  },
  claim_prefix_cap: {
    severity: 'warning',
    message: 'the claim has {total} prefixes, more than the cap of {cap}: the last {count} in sorted order are dropped ({sample})',
    hint: 'keep at most {cap} prefixes a claim; the compiler keeps the first {cap} in sorted key order',
  },
  claim_prefix_case_twin: {
    severity: 'warning',
    message: 'prefix {prefix} differs from prefix {first} only in letter case',
    hint: 'URL paths are case-sensitive, so these are two prefixes: {firstPath} goes to {firstTarget} and {path} to {target}; remove or rename one (a prefix matches the first segment letter for letter)',
  },
  claim_prefix_dot_segment: {
    severity: 'error',
    message: 'prefix {prefix} is a dot segment',
    hint: 'name a real segment, e.g. "paulca": the edge resolves "." and ".." away before it matches, so no request path starts with one',
  },
  claim_prefix_empty: {
    severity: 'error',
    message: 'prefix "" is empty',
    hint: 'name the first path segment the prefix claims, e.g. "paulca", or remove the entry: the edge routes the empty path to the host itself',
  },
  claim_prefix_has_slash: {
    severity: 'error',
    message: 'prefix {prefix} holds a "/": a prefix is one segment',
    hint: 'claim the first segment only, e.g. {first}: the edge matches a prefix against the first segment of the path, and every path below it goes to the same target',
  },
  claim_prefix_invalid: {
    severity: 'error',
    message: 'prefix {prefix} holds {character}, which is not a path-segment character',
    hint: 'a prefix is one bare path segment of letters, digits and - . _ ~ ! $ & \' ( ) * + , ; = : @ (never "." or "..", no "/", no percent-encoding): the edge matches it against the decoded first segment of the path',
  },
  claim_prefix_percent_encoded: {
    severity: 'error',
    message: 'prefix {prefix} is percent-encoded: write the decoded segment{decoded}',
    hint: 'write the segment as a request shows it once decoded: the edge matches a prefix against the decoded first segment of the path, so an encoded prefix never matches',
  },
  claim_push_refused: {
    severity: 'error',
    message: '{repo} refused the push to {branch}: {reason}; nothing written',
    hint: 'the server declined the update (a protected branch, a hook; its own words above): give the writer (DIENE_GIT_USERNAME, DIENE_GIT_PASSWORD) the right to push to {branch}, or name a branch it may push to with --branch',
  },
  claim_repo_denied: {
    severity: 'error',
    message: '{repo} refused the credentials (HTTP {status}) to {action}; nothing written',
    hint: 'set DIENE_GIT_USERNAME and DIENE_GIT_PASSWORD (a token that may read and push to the fleet repository); credentials are never read from a file',
  },
  claim_repo_io_failed: {
    severity: 'error',
    message: 'cannot use {path} of {repo}: {reason}; nothing written',
    hint: "check that this user may read and write the repository's folder and that its disk has room (the reason is the operating system's or git's); `git status` and `git fsck` in it show what git itself thinks, and `git reset` rebuilds a broken index (the working tree stays)",
  },
  claim_repo_not_git: {
    severity: 'error',
    message: '{path} is not a git repository (no .git/HEAD, and not a bare repository); nothing written',
    hint: 'give --repo the top folder of a clone of the fleet repository (the one holding .git), a bare repository, or its http(s) URL',
  },
  claim_repo_unreachable: {
    severity: 'error',
    message: 'cannot {action} {repo}: {reason}; nothing written',
    hint: 'check the URL (the fleet repository, e.g. https://git.example.com/fleet.git) and that its server is reachable from here; the reason is what the network or the server answered',
  },
  claim_target_empty: {
    severity: 'error',
    message: 'target "" of prefix "{prefix}" is empty',
    hint: 'write the host name of the route that should serve the prefix, e.g. api.zinc.nitroso.raichu.cluster.atomi.cloud (no scheme, port or path), or remove the prefix',
  },
  claim_target_invalid: {
    severity: 'error',
    message: 'target {target} of prefix "{prefix}" is not a host name: label {label} is not 1–63 letters, digits and inner hyphens',
    hint: 'write the host name of the route that should serve the prefix, e.g. api.zinc.nitroso.raichu.cluster.atomi.cloud (no scheme, port or path)',
  },
  claim_target_not_ascii: {
    severity: 'error',
    message: 'target {target} of prefix "{prefix}" is not a host name: it holds non-ASCII characters',
    hint: 'write the IDN in its xn-- form, {ascii}: routes and certificates name hosts in ASCII',
  },
  claim_target_not_bare_host: {
    severity: 'error',
    message: 'target {target} of prefix "{prefix}" is not a host name: it {written}',
    hint: 'write the host name only, {host}: the target names the route that serves the prefix, and the request keeps its own scheme, port and path',
  },
  claim_target_single_label: {
    severity: 'error',
    message: 'target {target} of prefix "{prefix}" is not a host name: it has a single label',
    hint: 'write the host name of the route that should serve the prefix, e.g. api.zinc.nitroso.raichu.cluster.atomi.cloud (no scheme, port or path)',
  },
  claim_target_too_long: {
    severity: 'error',
    message: 'target {target} of prefix "{prefix}" is not a host name: it is {length} characters long, more than 253',
    hint: 'write the host name of the route that should serve the prefix, e.g. api.zinc.nitroso.raichu.cluster.atomi.cloud (no scheme, port or path)',
  },
  claim_target_trailing_dot: {
    severity: 'error',
    message: 'target {target} of prefix "{prefix}" is not a host name: it ends with a dot',
    hint: 'write it without the trailing dot, {trimmed}: routes name hosts without the root label',
  },
  claim_target_upper_case: {
    severity: 'error',
    message: 'target {target} of prefix "{prefix}" is not a host name: it is not in lower case',
    hint: 'write it in lower case, {lower}: routes are matched by their lower-case host name',
  },
  claim_targets_dropped: {
    severity: 'warning',
    message: "{dropped} of the claim's {total} prefixes contribute no row: {details}",
    hint: '{fix}',
  },
  claim_worktree_blocked: {
    severity: 'error',
    message: '{path} is {what} in the working tree of {repo}, where {file} goes; nothing written',
    hint: 'the write door writes the claim file in the checked-out working tree and follows no link: put a plain folder (or the plain claim file) there, or run against a bare clone or the http(s) URL of the repository',
  },
  claim_worktree_changed: {
    severity: 'error',
    message: '{file} has local changes in {repo} (git status: {status}); nothing written',
    hint: 'commit or discard them first (`git -C {repo} diff -- {file}` shows them): the write door replaces the whole file and would lose them',
  },
  claim_worktree_locked: {
    severity: 'error',
    message: '{lock} exists: another git process is using the index of {repo}; nothing written',
    hint: 'run again once that git command is done (the write door waits 2 s for it); remove the lock only if no git process is running',
  },
  claim_worktree_update_failed: {
    severity: 'error',
    message: 'cannot update {file} in the working tree {repo}: {reason}; {state}',
    hint: "fix what stops the write (the reason is the operating system's or git's: a permission, a full disk, a broken index), then run again",
  },
  cluster_account_invalid: {
    severity: 'error',
    message: '"{account}" is not an account: an account is named <vendor>-<name>, the file stem of a registry/accounts/ file',
    hint: '{suggestion}name one of: {known}',
  },
  cluster_account_unknown: {
    severity: 'error',
    message: 'account "{account}" does not exist',
    hint: '{fix}',
  },
  cluster_account_vendor_mismatch: {
    severity: 'error',
    message: 'cluster {cluster} runs on provider "{provider}", but its account "{account}" belongs to vendor "{vendor}"',
    hint: 'set account: to an account of vendor {provider}: {fix}; or, if the cluster runs on {vendor}, set provider: {vendor}',
  },
  cluster_landscape_unknown: {
    severity: 'error',
    message: 'landscape "{landscape}" does not exist{folded}',
    hint: '{fix}',
  },
  cluster_mark_reserved: {
    severity: 'error',
    message: 'the mark "primordial" is reserved for the control cluster\'s Applications',
    hint: 'pick another gem name for this cluster and rename the file to match',
  },
  cluster_removed_with_traffic: {
    severity: 'error',
    message: 'cluster {cluster} leaves the registry while its traffic is on in the base revision',
    hint: 'decommission in order: first a change of its own that sets traffic: false in registry/clusters/{cluster}.yaml; apply its DNS plan and let the drain pass (resolvers keep the old answer for the TTL, {ttl} s, and requests in flight finish); then remove the cluster (and its state file) in a later change',
  },
  dns_answer_malformed: {
    severity: 'error',
    message: 'DNS host "{host}" sent an answer for zone {zone} that is not a well-formed DNS message: {problem}',
    hint: 'nothing more was sent to {zone} on this host; check that {host} is a DNS server speaking TCP on that port (not a proxy or another service), then run again',
  },
  dns_api_denied: {
    severity: 'error',
    message: 'DNS host "{host}" refused the credentials for zone {zone}: {answer}',
    hint: 'give the API key or token (the environment variable fleet.yaml names, or the cloud SDK credentials) read and write access to {zone}; nothing was written to {zone} on this host',
  },
  dns_api_refused: {
    severity: 'error',
    message: 'DNS host "{host}" refused a request for zone {zone}: {answer}',
    hint: "the answer above is the host's own; fix what it names on the host (zone state, quota, a record another tool changed) and run again: a later run re-reads the zone and plans afresh",
  },
  dns_change_too_large: {
    severity: 'error',
    message: 'the changes at {name} in zone {zone} need {need}, more than one request to DNS host "{host}" takes ({limit})',
    hint: 'a name is written in one request so its record sets never half-change: give {name} fewer values, or remove the extra records at {name} on the host by hand',
  },
  dns_credential_variable_refused: {
    severity: 'error',
    message: '{field} of DNS host "{host}" ({provider}) names {variable}, {why}',
    hint: 'name a variable diene may read for a {provider} host, {allowed} (e.g. {field}: {example}), and export the secret in it where the appliers run (docs/hardening.md#credentials)',
    choices: {
      why: {
        prefix:
          'which is not a variable diene reads credentials from: `export dns` and `apply dns` would send whatever it holds (a CI token, a cloud key) to this host',
        reserved: "which holds the git credentials of `diene claim set-paths`, not a DNS host's",
      },
    },
  },
  dns_endpoint_base_unreadable: {
    severity: 'error',
    message:
      'cannot compare the endpoint and credential variable of DNS host(s) {hosts} with the base revision: {why}; no credential was read and no host contacted',
    hint: "give the reviewed base with --base DIR|REV (a checkout of the base branch, or a revision such as origin/{branch}: fetch it first, e.g. `git fetch origin {branch}`), or, after checking the hosts' url, server and *Env fields in registry/fleet.yaml yourself, --allow-endpoint-change",
    choices: {
      why: {
        no_repository: 'the fleet at {fleet} is in no git repository, and --base was not given',
        no_branch: 'the repository at {repository} has neither the branch {branch} (git.branch of fleet.yaml) nor origin/{branch}, and --base was not given',
        no_revision: '--base {base} is neither a folder nor a revision of the repository at {repository}',
        no_fleet_file: 'the base revision {base} has no {file}',
        fleet_file_invalid: '{file} of the base revision {base} does not load with this diene',
      },
    },
  },
  dns_endpoint_changed: {
    severity: 'error',
    message: 'DNS host "{host}" ({provider}) {change} the base revision {base}: {changes}',
    hint: "nothing was read or sent: a pull request may not point a host's credential at a new place before it is reviewed. Review the change (`diene report --base` lists it); once merged, the base names it too. To run against it now, check {fields} and add --allow-endpoint-change (--force does not imply it)",
    choices: {
      change: {
        changed: 'names another endpoint or credential variable than',
        added: 'is not in',
      },
    },
  },
  dns_geo_unsupported: {
    severity: 'warning',
    message: 'DNS host "{host}" ({title}) cannot route by geography: {names} become a plain list of the addresses of {members}',
    hint: "every resolver asking this host gets all members' addresses, not the nearest; serve the virtual names from hosts that route by geography (route53, google), or accept the plain list on this host",
  },
  dns_health_unknown_cluster: {
    severity: 'warning',
    message: 'the health file names cluster "{cluster}", which is not in the registry',
    hint: 'the entry is ignored; health is keyed by cluster name <landscape>-<mark> (known: {known})',
  },
  dns_host_credentials_missing: {
    severity: 'error',
    message: 'DNS host "{host}" ({provider}) found no credentials, so none of its zones was read or written ({zone})',
    hint: '{where}',
    choices: {
      provider: { route53: 'route53', google: 'google' },
      where: {
        route53:
          'the AWS SDK looks, in order, at AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (with AWS_SESSION_TOKEN for temporary keys), the profile AWS_PROFILE names (default: default) in ~/.aws/credentials and ~/.aws/config (AWS_SHARED_CREDENTIALS_FILE, AWS_CONFIG_FILE move them), a web identity token (AWS_WEB_IDENTITY_TOKEN_FILE with AWS_ROLE_ARN), then the ECS container or EC2 instance role: set one of them for an identity that may change Route 53',
        google:
          'the Google client looks, in order, at GOOGLE_APPLICATION_CREDENTIALS (a service account key file), the application default credentials of gcloud (~/.config/gcloud/application_default_credentials.json, made by `gcloud auth application-default login`), then the metadata server of a Google Cloud machine: set one of them for an account that may change Cloud DNS',
      },
    },
  },
  dns_host_duplicate: {
    severity: 'error',
    message: 'DNS host "{host}" is defined twice (first as host number {first})',
    hint: 'a host name names its output files dns/<zone>/<host>.json: give each host its own name',
  },
  dns_host_sdk_missing: {
    severity: 'error',
    message: 'DNS host "{host}" ({provider}) needs the npm package {package}, which is not installed here, so none of its zones was read or written',
    hint: 'install {package} where diene-compiler is installed (`npm install {package}`: an optional peer dependency, which npm does not install by itself); the ArgoCD plugin image leaves the cloud SDKs out on purpose: apply from the npm package',
  },
  dns_host_secret_missing: {
    severity: 'error',
    message: 'environment variable {variable} ({field} of DNS host "{host}") is not set, so zone {zone} was neither read nor written',
    hint: 'export {variable} holding the {secret} before running diene: fleet.yaml names the variable, never the secret',
  },
  dns_host_unreachable: {
    severity: 'error',
    message: 'cannot reach DNS host "{host}" for zone {zone}: {answer}',
    hint: 'check that the host is up and reachable from here (address, port, firewall, proxy); nothing was written to {zone} on this host, and a later run repairs it',
  },
  dns_landscape_dark: {
    severity: 'error',
    message: 'landscape "{landscape}" is used by {platforms} but every built cluster ({clusters}) has traffic off: its name would have no address',
    hint: 'turn traffic on for another built cluster in the same change (a blue/green swap flips both at once), or remove the landscape from the platforms first',
  },
  dns_landscape_unbuilt: {
    severity: 'warning',
    message: 'landscape "{landscape}" has no built cluster yet ({count} registered): it is left out of DNS',
    hint: "its names appear once a cluster's state file lists its load-balancer addresses",
  },
  dns_live_answer_invalid: {
    severity: 'error',
    message: 'what DNS host "{host}" holds in zone {zone} does not load as live state: {problems}',
    hint: 'the zone holds records diene cannot read back (see the codes above); fix or remove them on the host, then run again',
  },
  dns_live_duplicate: {
    severity: 'error',
    message: '{what} appears twice in the live state (first: {first})',
    hint: 'names that differ only in case, a trailing dot, escapes or IDN spelling are one record set, and a zone has one snapshot per host: keep one',
  },
  dns_live_not_snapshot: {
    severity: 'error',
    message: '{option} {path}: {problem}, so there is no live state to plan against',
    hint: '{fix}',
    choices: {
      fix: {
        snapshot:
          'name a snapshot file or a folder laid out like dns/ (<zone>/<host>.json): `diene export dns --out live` writes one from the hosts, and a compiled output folder such as generated/ is one; when the hosts hold nothing yet, `diene plan dns --assume-empty` plans every record set as a create',
        assuming:
          'name a snapshot file or a folder laid out like dns/ (<zone>/<host>.json): `diene export dns --out live` writes one from the hosts; with --assume-empty only an empty folder stands for hosts that hold nothing, and without --live every zone is assumed empty',
        zone_folder: 'pass its parent, {parent}, the folder laid out like dns/: there each <host>.json is read as the snapshot of the zone its folder names',
      },
    },
  },
  dns_live_provider_mismatch: {
    severity: 'error',
    message: 'the snapshot says provider "{actual}", but fleet.yaml says host "{host}" is {expected}',
    hint: 'export the snapshot from the host fleet.yaml names, or fix the provider field',
  },
  dns_live_unknown_host: {
    severity: 'error',
    message: 'host "{host}" does not serve zone {zone} in fleet.yaml',
    hint: 'a snapshot of {zone} names one of its hosts: {known}',
  },
  dns_live_unknown_zone: {
    severity: 'error',
    message: 'zone "{zone}" is not one of the fleet DNS zones',
    hint: 'snapshots are of these zones: {known}',
  },
  dns_live_version_unsupported: {
    severity: 'error',
    message: 'format version {version} is not supported',
    hint: 'this compiler reads and writes version {supported} (schemas/dns-plan.schema.json): export the snapshot again',
  },
  dns_name_too_long: {
    severity: 'error',
    message: 'the generated name {name} has {length} characters, more than the {limit} a DNS name may have',
    hint: 'use a shorter base, or shorter landscape and mark names',
  },
  dns_nameserver_in_zone: {
    severity: 'error',
    message: 'nameserver {nameserver} of host "{host}" lies inside zone {zone}, which it serves',
    hint: "the zone would need the nameserver's own address records (glue), which the fleet does not give: use the nameservers the host assigned, outside the zone",
  },
  dns_nameservers_missing: {
    severity: 'error',
    message: 'host "{host}" lists no nameservers for zone {zone}',
    hint: 'every host serves both bases: add nameservers.{zone} with the nameservers the host assigned to the zone',
  },
  dns_nameservers_unknown_zone: {
    severity: 'warning',
    message: 'host "{host}" lists nameservers for {zone}, which is not a zone of the fleet',
    hint: "the fleet's zones are {zones}; remove the entry or fix its spelling",
  },
  dns_parent_not_ancestor: {
    severity: 'error',
    message: 'parent zone {parent} is not an ancestor of the base {base}',
    hint: 'parent.zone is the zone that delegates the base, e.g. atomi.cloud for cluster.atomi.cloud',
  },
  dns_readback_incomplete: {
    severity: 'error',
    message: 'DNS host "{host}" answered success for zone {zone}, but reading the zone back shows {count} change(s) not applied',
    hint: 'the host accepted the write without storing it (a policy, a filter, or another writer in between); check the host, then run again: the next run re-plans the remaining changes',
  },
  dns_single_host: {
    severity: 'warning',
    message: 'one DNS host ({host}) serves every zone of the fleet',
    hint: "add a second host of another provider under dns.hosts with nameservers for both bases: the design keeps every name answering through one DNS host's outage, which a single host cannot",
  },
  dns_spare_same_domain: {
    severity: 'error',
    message: 'the spare base {spare} is under the same registrable domain {domain} as the base {base}',
    hint: "put the spare base under a domain of its own, at another registrar and under another TLD (e.g. cluster.atomi-spare.net beside cluster.atomi.cloud): the spare exists to survive the base's registrar and TLD, and one registrable domain shares both",
  },
  dns_spare_same_tld: {
    severity: 'error',
    message: 'the spare base {spare} is under the same top-level domain .{tld} as the base {base}',
    hint: "put the spare base under another TLD as well as another registrable domain (e.g. cluster.atomi-spare.net beside cluster.atomi.cloud): the spare exists to survive the base's TLD, and a fault of the .{tld} registry or its servers takes every domain under it",
  },
  dns_transfer_refused: {
    severity: 'error',
    message: 'DNS host "{host}" refused the zone transfer (AXFR) of {zone}: {rcode}',
    hint: 'allow transfers of {zone} to {allowed} on the server (BIND allow-transfer, Knot acl with action transfer): diene reads the live zone before it plans',
  },
  dns_tsig_rejected: {
    severity: 'error',
    message: 'the TSIG signature between diene and DNS host "{host}" failed for zone {zone} (key {key}): {problem}',
    hint: 'the key name, algorithm and secret must be the same on the server and in fleet.yaml tsig (the secret comes from the variable tsig.secretEnv names), and the two clocks must agree within 5 minutes',
  },
  dns_tsig_secret_invalid: {
    severity: 'error',
    message:
      'environment variable {variable} (tsig.secretEnv of DNS host "{host}") does not hold a base64 TSIG secret, so zone {zone} was neither read nor written',
    hint: "put the key's secret in {variable} as the server shows it (base64, e.g. from tsig-keygen or keymgr), without quotes or the key name",
  },
  dns_ttl_out_of_range: {
    severity: 'error',
    message: 'TTL {ttl} is outside what host "{host}" ({title}) can store: its {bound} is {limit} seconds',
    hint: '{why}; set dns.ttl within the limits of every host (the compiler never clamps a TTL)',
  },
  dns_update_refused: {
    severity: 'error',
    message: 'DNS host "{host}" refused the update of zone {zone}: {rcode}',
    hint: '{fix}',
  },
  dns_vlandscape_no_address: {
    severity: 'warning',
    message: 'virtual landscape "{vlandscape}" has no serving member with an address ({members}): it is left out of DNS',
    hint: 'its name appears once a serving member has a built cluster with traffic on',
  },
  dns_zone_nested: {
    severity: 'error',
    message: 'zone {inner} lies inside zone {outer}',
    hint: "its delegation would carve a hole in {outer}'s names and wildcards: use a spare base that is not below the base (a second domain)",
  },
  dns_zone_not_found: {
    severity: 'error',
    message: 'DNS host "{host}" has no single public zone {zone}: {found}',
    hint: 'create the public zone {zone} on the host (or delete the extra ones), and give the credentials access to it: diene never creates or picks a zone',
  },
  file_changed_while_compiling: {
    severity: 'error',
    message:
      'this file is not what the cache recorded of it: {how}; the file was written while diene compiled the fleet, or written without moving its times (through a memory mapping, on some network mounts), or the record is wrong; nothing was written',
    hint: "run the command again: the cache's record of the input files was removed, so the next run reads every file; if this comes back, this file system's file times cannot be trusted: use --no-cache",
    choices: {
      how: {
        changed: 'its text is not the one recorded with its stamp (inode, size, modification and change time)',
        unreadable: 'it can no longer be read',
      },
    },
  },
  file_empty: {
    severity: 'error',
    message: 'the file is empty, but {kind} files hold a mapping',
    hint: '{fix}',
  },
  file_name_mismatch: {
    severity: 'error',
    message: 'the file is named "{actual}" but its content says "{expected}"',
    hint: "rename the file to {expectedFile}, or fix the content; a file's name carries its identity",
  },
  file_name_misspelt: {
    severity: 'error',
    message: 'this file is not read: {path} is outside the fleet layout, and {suggestion} would be read',
    hint: 'did you mean {suggestion}? rename it: `git mv {path} {suggestion}`',
  },
  file_read_failed: {
    severity: 'error',
    message: 'cannot read this file: {reason}',
    hint: '{source}',
    choices: {
      source: {
        fleet: 'make it a readable regular file, or remove it from the fleet',
        named: 'name a readable regular file on the command line (a live snapshot or a health file is a regular file or a folder of them)',
      },
    },
  },
  file_symlink_outside: {
    severity: 'error',
    message: 'this file is a symbolic link to {target}, {where}; it was not read',
    hint: 'copy the file into its input folder instead of linking it: a link is followed only to a regular file inside the input folders (registry/, state/, platforms/, claims/, carbon/), never into .git/ or another hidden path, so the inputs are exactly the files a pull request shows',
  },
  file_too_large: {
    severity: 'error',
    message: 'this file is {size} bytes, more than the limit of {limit} bytes',
    hint: 'inputs are small text files (the largest, a claim at the 10,000-prefix cap, is well under the limit): remove the file or find what filled it',
  },
  file_unrecognized: {
    severity: 'warning',
    message: 'this file is not part of the fleet layout and is ignored',
    hint: 'expected layout: {expected}',
  },
  fleet_file_missing: {
    severity: 'error',
    message: '{file} is missing{where}',
    hint: '{fix}',
    choices: {
      fix: {
        elsewhere: 'run from the fleet root or pass --fleet DIR; a fleet holds registry/fleet.yaml and registry/regions.yaml',
        near: 'the fleet root looks like {near} (registry/fleet.yaml is there): run from there or pass --fleet {nearFlag}',
        regions:
          'this is a fleet (registry/fleet.yaml is there), but it has no registry/regions.yaml, the allow-list of regions its landscapes may use: each key an IATA airport code with the providers that serve it and where it is, e.g. regions: {SIN: {providers: [aws], lat: 1.36, lon: 103.99, googleRegion: asia-southeast1}}; restore it (e.g. from git) or write it',
      },
    },
  },
  git_branch_invalid: {
    severity: 'error',
    message: 'git.branch "{value}" is not a branch name: it {reason}',
    hint: 'write a name that git check-ref-format --branch accepts, e.g. main or release/2026: ArgoCD reads the rows at this branch and Kargo pushes promotions to it',
  },
  git_path_invalid: {
    severity: 'error',
    message: 'git.path "{value}" is not a folder of the repository: it {reason}',
    hint: "write the fleet's folder from the repository's root, e.g. fleets/prod, or leave git.path out for a fleet at the root: ArgoCD's git files generators and Kargo's promotions find the rows under it",
  },
  git_path_mismatch: {
    severity: 'warning',
    message:
      "the fleet is {where} its git repository, but git.path {declared}: the compiled ApplicationSets and Kargo Stages look for the fleet's rows there, and would deploy and promote nothing",
    hint: '{fix}; the folder is the one below the .git holding the fleet, when that work tree has no remote or one naming git.repoURL, or --path-prefix when given',
    choices: {
      where: { folder: 'the folder "{seen}" of', root: 'at the root of' },
      declared: { unset: 'is not set, which means the repository root', set: 'is "{path}"' },
      fix: {
        folder: 'write the folder into registry/fleet.yaml: git: { repoURL: …, branch: …, path: {seen} }',
        root: 'remove git.path from registry/fleet.yaml (or write path: .): the fleet is at the root',
      },
    },
  },
  git_repo_url_invalid: {
    severity: 'error',
    message: 'git.repoURL "{value}" is not a git repository URL: it {reason}',
    hint: 'write https://<host>[:<port>]/<path>, ssh://[<user>@]<host>[:<port>]/<path> or <user>@<host>:<path>, e.g. https://github.com/AtomiCloud/fleet.git, with no password, query or fragment: ArgoCD and Kargo clone it with credentials from their own secrets',
  },
  init_directory_not_empty: {
    severity: 'error',
    message: '{dir} is not an empty directory: init writes a new fleet only where nothing is',
    hint: 'name a new or empty directory, e.g. `diene init my-fleet`',
  },
  input_engine_syntax: {
    severity: 'error',
    message: '{field} holds {token}, which {meaning}: "{value}"',
    hint: '{field} is copied into {copies}, where it must stay text: write {what} without template or expression syntax, e.g. {example}',
  },
  input_folder_is_file: {
    severity: 'error',
    message: 'this is a file where the fleet layout keeps the folder {folder}/; nothing of {folder}/ was read',
    hint: 'rename or remove the file and keep what belongs in {folder}/ in that folder (the layout: docs/fleet-reference.md, "fleet repo layout")',
  },
  input_folder_linked: {
    severity: 'error',
    message: 'this is a symbolic link to a folder, and diene does not follow links to folders; nothing under {path}/ was read',
    hint: "replace the link with the folder itself, from the fleet's folder: `rm {path} && cp -r {target} {path}`, so the inputs are exactly the files a pull request shows",
  },
  input_secret: {
    severity: 'error',
    message: 'key "{key}" looks like a secret written into an input file',
    hint: 'never put secrets in the fleet: keep the value outside and name where it lives (e.g. {suggestion})',
  },
  input_secret_value: {
    severity: 'error',
    message: '{field} holds {what}, a secret written into an input file (masked here)',
    hint: 'remove it and revoke it (git history keeps it): inputs name where a secret lives, an environment variable or a Kubernetes Secret, never the secret itself',
  },
  input_too_deep: {
    severity: 'error',
    message: 'lists and mappings nest more than {limit} levels deep here',
    hint: 'flatten the structure: inputs need a few levels, and the limit keeps a hostile file from exhausting the stack',
  },
  input_too_many_values: {
    severity: 'error',
    message: 'the file holds more than {limit} values (scalars, aliases and lists)',
    hint: 'inputs are small (a claim at the 10,000-prefix cap holds about 20,000 values): trim the file or find what filled it; the limit keeps a hostile file from exhausting memory',
  },
  input_total_too_large: {
    severity: 'error',
    message: 'the input files hold {size} bytes in all, more than the {limit} one fleet may hold; no file was parsed',
    hint: 'the largest input files are {largest}; the largest fleet diene is built for (100 landscapes, 500 clusters, 10,000 services: 55,000 files) holds about 9 MB: look for files that do not belong in the input folders, or for links that make one file read many times',
  },
  input_total_too_many_values: {
    severity: 'error',
    message: 'this value takes the input files past {limit} values (scalars, aliases and lists) in all; the files after this one were not read',
    hint: 'the largest fleet diene is built for (100 landscapes, 500 clusters, 10,000 services) holds about 520,000 values: look for files that hold far more than their kind needs; the limit keeps a hostile fleet from exhausting memory',
  },
  input_url_credentials: {
    severity: 'error',
    message: '{field} holds a URL with credentials: {url}',
    hint: 'write it without a user name and password ({clean}) and revoke the password: ArgoCD, Kargo and the appliers take credentials from their own secret stores, and every output that copies this URL would publish them',
  },
  intake_unknown: {
    severity: 'error',
    message: 'the webhook intake names {what} "{name}", which does not exist (known: {known})',
    hint: 'intake must name an existing platform and one of its services: its host names are the permanent ones compile --check --base protects (docs/checks.md)',
  },
  issuer_unknown: {
    severity: 'error',
    message: 'the sign-in issuer names {what} "{name}", which does not exist',
    hint: "{suggestion}issuer must name an existing platform, one of its services and one of that service's modules",
  },
  json_duplicate_key: {
    severity: 'error',
    message: 'key "{key}" appears twice in the same object (first on line {first})',
    hint: 'keep one; JSON.parse keeps the last and other readers the first, so the two would disagree',
  },
  json_syntax: {
    severity: 'error',
    message: 'invalid JSON: {reason}',
    hint: 'JSON allows no comments, no trailing commas and double-quoted keys only; check the text near the caret',
  },
  kube_config_invalid: {
    severity: 'error',
    message: 'cannot load the kubeconfig: {reason}',
    hint: "fix the file KUBECONFIG (or ~/.kube/config) names; the reason is the Kubernetes client's own; `kubectl config view` shows what it reads",
  },
  kube_config_missing: {
    severity: 'error',
    message: 'no kubeconfig was found: looked at {searched}',
    hint: 'point at one with KUBECONFIG=PATH (several joined by ":"), or write ~/.kube/config (your cloud\'s "get credentials" command does), or run inside a cluster; `kubectl config view` shows what kubectl would use',
  },
  kube_context_no_cluster: {
    severity: 'error',
    message: 'the kubeconfig context "{context}" names no cluster',
    hint: 'add the cluster the context names to the kubeconfig, or pick a context with a cluster with --context ({known})',
  },
  kube_context_unknown: {
    severity: 'error',
    message: 'the kubeconfig has no context "{context}"',
    hint: 'name one of its contexts with --context: {known}',
  },
  kube_kind_unserved: {
    severity: 'warning',
    message: '{cluster} does not serve {kind}: nothing of that kind can be pruned, and an apply of one fails',
    hint: 'install the CRD of {kind} on the cluster (for ArgoCD and Kargo kinds, their own install does) before applying the platform',
  },
  kube_list_failed: {
    severity: 'error',
    message: 'cannot list the objects of {platform} on {cluster}: {reason}; nothing applied',
    hint: "check the context (--context), that the API server is reachable and that the credentials may list every managed kind in every namespace (the reason is the server's own answer)",
  },
  kube_object_failed: {
    severity: 'error',
    message: 'cannot {action} {object} on {cluster}: {reason}',
    hint: 'fix what the API server says (its own answer) and run again: applies are idempotent, and no prune runs while an apply fails',
  },
  landscape_dark_unused: {
    severity: 'warning',
    message: 'landscape "{landscape}" has every cluster\'s traffic off and no platform uses it',
    hint: 'turn traffic on for one cluster, or remove the landscape if it is retired',
  },
  landscape_no_clusters: {
    severity: 'error',
    message: 'landscape "{landscape}" is in the stages of platform "{platform}" but has no cluster',
    hint: 'register a cluster in registry/clusters/{landscape}-<mark>.yaml, or drop the landscape from the platform: a stage without a cluster blocks releases forever',
  },
  landscape_prod_single_account: {
    severity: 'warning',
    message: 'prod landscape "{landscape}" has {count} clusters, all in account {account}',
    hint: 'move one cluster to another account (another vendor if you can): the design keeps a prod landscape serving through the loss of one account (suspended, locked, billing), which clusters sharing one account do not survive',
  },
  landscape_prod_single_cluster: {
    severity: 'warning',
    message: 'prod landscape "{landscape}" has {clusters}',
    hint: '{register}{stray}',
    choices: {
      clusters: { none: 'no cluster', one: 'one cluster' },
      register: {
        none: 'register a cluster, two so a blue/green swap or a cluster loss keeps it serving',
        one: 'register a second cluster so a blue/green swap or a cluster loss keeps it serving',
      },
    },
  },
  landscape_prod_single_serving: {
    severity: 'warning',
    message: 'prod landscape "{landscape}" is served by {cluster} alone: {count} clusters are registered, but {reasons}',
    hint: 'once a second cluster is built and verified, turn its traffic on: until then the loss of {cluster} takes {landscape} down (`diene simulate --fail {cluster}` shows who loses what)',
  },
  name_captured_by_mark: {
    severity: 'error',
    message: '{what} "{name}" is named like the mark of cluster {cluster} in landscape "{landscape}"',
    hint: 'its host names would be captured by the ops wildcard *.{name}.{landscape}.<base>; rename the {what} or the cluster',
  },
  name_invalid: {
    severity: 'error',
    message: '"{value}" is not a valid name{culprit}',
    hint: 'names use lower-case letters and digits, starting with a letter (^[a-z][a-z0-9]*$), no hyphens',
  },
  name_length: {
    severity: 'error',
    message: '"{value}" has {length} characters, outside the allowed {limit}',
    hint: 'the name limits (docs/fleet-reference.md) keep <platform>-<service>-<landscape>-<mark> within 63 characters',
  },
  node_version_unsupported: {
    severity: 'warning',
    message: 'diene runs on Node {found}, older than the Node {floor} it supports (package.json engines: node {engines})',
    hint: 'install Node {floor} or later (the current LTS release; with nvm: nvm install --lts) and run diene with it: it is built and tested for that, and on an older Node a part of it or of its dependencies can fail later with an error that does not say why (node:sqlite, require() of an ES module); to run on this Node anyway without this warning, set DIENE_SKIP_NODE_CHECK=1',
  },
  output_busy: {
    severity: 'error',
    message: 'another diene (process {pid}) is writing the output directory {out}',
    hint: 'this run waited {waited} s for it (--lock-timeout SECONDS sets how long): wait for it to finish and run again; if no diene is running, remove the lock file {lock}',
  },
  output_file_in_fleet: {
    severity: 'error',
    message: '{option} {path} lies inside {place}',
    hint: 'name a file outside the input folders (registry/, state/, platforms/, claims/, carbon/) and the output directory, e.g. {option} {example} (a file of the fleet root that is no input, such as this, is allowed) or a path under /tmp; nothing was run or written',
    choices: {
      place: {
        input: "the fleet's input folder {folder}/: diene reads every file there as input, and would replace one",
        output: 'the output directory {out}: diene writes that tree whole, and a later compile would refuse a file it did not write there',
      },
    },
  },
  output_file_write_failed: {
    severity: 'error',
    message: 'cannot write {option} {path}: {errno}{verdict}',
    hint: 'name a file in a folder this user may write (missing folders above it are made), e.g. {option} {example}; {then}',
    choices: {
      errno: ERRNO_TEXTS,
      verdict: {
        none: '',
        fresh: '; the check itself found the output tree fresh (exit 0 without this error)',
        stale: '; the check itself found the output tree stale (exit 1 without this error)',
        passed: '; the run itself succeeded (exit 0 without this error)',
        failed: '; the run itself failed (exit {exit} without this error)',
      },
      then: {
        log: 'the log is printed on stderr instead',
        other: 'everything else the run does is done and printed',
      },
    },
  },
  output_foreign_file: {
    severity: 'error',
    message: '{path} holds what diene did not write: {reason}{where}{rest}',
    hint: '{fix}; diene never deletes or replaces what it did not write, so the compile stops until then',
    choices: {
      reason: {
        unlisted: 'diene writes no such file, and the manifest (.diene-manifest.json) does not list it',
        changed: 'its bytes differ from the digest the manifest (.diene-manifest.json) records for it: it was changed after diene wrote it',
        unproven:
          'its bytes differ from what diene writes there, and the directory has no manifest (.diene-manifest.json) to show that diene wrote it (a tree from a diene before the manifest, or one made by hand)',
        unvouched:
          "the manifest (.diene-manifest.json) lists it with its bytes' digest, but the last compile into this directory did not write it (its record in the user's state folder) and git keeps no copy of these bytes: a manifest edited and re-sealed by hand may have adopted it",
        directory: 'it is a folder in which diene writes no file',
        symlink: 'it is a symbolic link, and diene writes only regular files (the link is not followed)',
        special: 'it is a FIFO, socket or device, and diene writes only regular files',
        unreadable: 'it cannot be read, so its bytes cannot be compared with what diene wrote',
        lock: "it stands where diene keeps its lock, and is not a lock diene made (a file holding a writer's process id; never a link or a folder)",
      },
      where: { output: '', previous: ' (in {sibling}, where diene keeps the previous tree while it swaps in a new one)' },
      rest: { none: '', more: '; and {more} more entries diene did not write, not named here' },
      fix: {
        lock: 'move {path} away (or delete it yourself)',
        previous: "move {sibling} away (or delete it yourself): it is not diene's to remove",
        changed:
          "if the edit is not wanted, restore the file (e.g. git checkout HEAD -- {path}) or delete it; after a git merge, take one side of the whole folder (git checkout --theirs -- {out}) and compile again; to keep the edit, change the fleet's inputs instead",
        untracked:
          "if the edit is not wanted, delete {path} (or move it elsewhere to keep a copy) and compile again: diene writes it anew; to keep the edit, change the fleet's inputs instead",
        unproven: 'if everything in {out} came from diene, delete {out} once and compile again (it then writes a manifest); otherwise move this file out of it',
        unvouched:
          'if it was written by hand, move it out of {out}; if diene did write it (a compile with --no-cache, a tree copied in) and the inputs no longer make it, delete it yourself and compile again',
        unreadable: 'make it readable, or move it out of {out}',
        other: 'move it out of {out} (or delete it yourself if it is not needed)',
      },
    },
  },
  output_location_contains_fleet: {
    severity: 'error',
    message: 'the output directory {out} contains the fleet {fleet}',
    hint: 'pass --out a directory of its own inside or beside the fleet, e.g. <fleet>/generated (the default): the compiler replaces the output directory whole, inputs included',
  },
  output_location_fleet_root: {
    severity: 'error',
    message: 'the output directory {out} is the fleet root',
    hint: 'pass --out a directory of its own, e.g. <fleet>/generated (the default): the compiler replaces the output directory whole, inputs included',
  },
  output_location_in_input: {
    severity: 'error',
    message: 'the output directory {out} lies inside the input folder {folder}/',
    hint: 'pass --out a directory outside the input folders (registry/, state/, platforms/, claims/, carbon/), {example}: every file there would be read as input',
    choices: {
      example: {
        compile: 'e.g. <fleet>/generated (the default)',
        atlas: 'e.g. diene atlas --out atlas, a folder of its own for the site',
      },
    },
  },
  output_location_not_directory: {
    severity: 'error',
    message: 'the output directory {out} cannot be made: {path} is {what}',
    hint: 'pass --out a path whose folders are folders (e.g. <fleet>/generated, the default), or move {path} out of the way: the compiler writes a directory there and never replaces a file',
  },
  output_location_other_kind: {
    severity: 'error',
    message:
      "the output directory {out} holds {what}: its manifest (.diene-manifest.json) says `diene {found}` wrote it, and `diene {wanted}` never replaces another command's tree",
    hint: '{fix}; {out} is left as it is',
    choices: {
      what: { compile: 'the compiled outputs', atlas: "the atlas's site" },
      fix: {
        atlas: 'choose another --out for the site, a folder of its own (e.g. diene atlas --out atlas)',
        compile:
          'choose another --out for the outputs (e.g. <fleet>/generated, the default); if the site in {out} is no longer wanted, delete {out} and compile again',
      },
    },
  },
  output_location_read_only: {
    severity: 'error',
    message: 'the output directory {out} cannot be written: {place}',
    hint: 'make {path} writable for this user (e.g. chmod u+w {path}), or pass --out a directory this user may write; the previous output is unchanged',
    choices: {
      place: {
        itself: 'it is read-only',
        parent: 'its parent folder {path} is read-only, and the new tree is swapped in there',
        ancestor: '{path}, where it would be created, is read-only',
        inside: 'it holds the read-only folder {path}, whose files replacing the tree must remove',
      },
    },
  },
  output_location_unmanaged: {
    severity: 'error',
    message: 'the output directory {out} is not one diene made: it has no manifest (.diene-manifest.json) and holds {entries} diene did not write ({examples})',
    hint: '{fix}. diene deletes nothing it did not write, so {stops}',
    choices: {
      entries: { one: 'one entry', many: '{count} entries' },
      stops: { compile: 'the compile stops', atlas: 'the atlas is not written' },
      fix: {
        // No file of the folder is an output: most likely the wrong folder.
        stranger:
          'check --out: pass a directory of its own, e.g. <fleet>/generated (the default), or an empty one; only if {out} is truly an old output of diene (from before the manifest) empty it yourself and compile again',
        // Outputs byte for byte beside the entries: a tree of diene's whose manifest was deleted.
        lost: '{out} holds {found} of the files diene writes there, so its manifest was most likely deleted: restore it (git checkout -- {manifest}, if git tracks it), or move the entries named out of {out} and compile again (a folder without a manifest whose files are all outputs of the compile is taken back)',
        // The same two for `diene atlas`, whose site is a folder of its own and is not committed.
        atlas_stranger: 'check --out: pass a folder of its own for the site, e.g. diene atlas --out atlas, or an empty one',
        atlas_lost:
          '{out} holds {found} of the pages diene atlas writes there, so its manifest was most likely deleted: move the entries named out of {out}, or delete {out}, and run diene atlas again',
      },
    },
  },
  output_manifest_invalid: {
    severity: 'error',
    message: 'the output manifest {path} {problem}, so it cannot show which files diene wrote',
    hint: '{fix}. diene writes the manifest: never edit it',
    choices: {
      fix: {
        // `git checkout -- <file>` refuses an unmerged path; checking out a whole side of the folder works in a merge too.
        conflict:
          'a git merge left {out} conflicted: take one side of the whole folder (git checkout --theirs -- {out}, or git checkout HEAD -- {out}), then run `diene compile` and `git add {out}`',
        restore:
          'restore the whole folder from git (git checkout HEAD -- {out}; in a merge, git checkout --theirs -- {out}) and run again; if everything in {out} came from diene, delete {out} and compile again',
      },
    },
  },
  output_stale: {
    severity: 'error',
    message: 'the generated file {path} is {state}',
    hint: 'run `{command}` and commit the result: the generated files must be what the inputs produce',
    choices: {
      state: {
        changed: 'changed: its bytes differ from what the inputs produce',
        mode: 'changed: it has mode {mode}, not the {wanted} a write gives (its bytes are the ones the inputs produce)',
        missing: 'missing: the inputs produce it, but it is not in the output directory',
        extra: 'extra: the inputs no longer produce it (diene wrote it earlier; a compile removes it)',
      },
    },
  },
  output_write_failed: {
    severity: 'error',
    message: 'cannot write the output directory {out}: {errno}',
    hint: 'the previous output is unchanged; fix the cause (disk space, permissions, path) and run again',
    choices: { errno: ERRNO_TEXTS },
  },
  peer_dependency_missing: {
    severity: 'error',
    message: 'diene {command} needs the npm package {package}, which is not installed here, so nothing was read or written',
    hint: 'install {package} to use `diene {command}` (`npm install {package}` where diene-compiler is installed): an optional peer dependency, which npm does not install by itself',
  },
  permanent_base_unreadable: {
    severity: 'warning',
    message: '{count} file(s) of {label} did not load with this diene: permanent identifiers defined in them were not compared',
    hint: 'run `diene validate --fleet {label}` to see why; identifiers in the files that loaded were compared',
  },
  permanent_identifier_changed: {
    severity: 'error',
    message: '{what} changed from {old} to {new}{under}',
    hint: 'a published identifier is permanent ({why}): put back {old}, or, if retiring it is decided, record it in registry/fleet.yaml under retired: as {entry}',
  },
  permanent_identifier_removed: {
    severity: 'error',
    message: '{subject} was removed (now: {new}){under}',
    hint: 'a published identifier is permanent ({why}): put it back, or, if retiring it is decided, record it in registry/fleet.yaml under retired: as {entry}',
  },
  permanent_places_all_removed: {
    severity: 'error',
    message: "none of the base revision's Doc A places ({old}) is left (now: {new})",
    hint: 'keep at least one old place in addressBooks.places while adding new ones: clients look for newer books only at the places of the Doc A they hold, so a Doc A without an old place strands every client; a retirement does not lift this',
  },
  platform_landscape_duplicate: {
    severity: 'error',
    message: 'landscape "{landscape}" is listed twice',
    hint: 'list each landscape once in landscapes:',
  },
  platform_landscape_unknown: {
    severity: 'error',
    message: 'landscape "{landscape}" does not exist{folded}',
    hint: '{fix}',
  },
  platform_name_too_short: {
    severity: 'error',
    message: 'platform name "{value}" has {length} characters; platforms need at least 5',
    hint: 'pick a platform name of 5 to 16 letters and digits',
  },
  platform_not_found: {
    severity: 'error',
    message: 'platform "{platform}" does not exist in this fleet',
    hint: '{suggestion}name one of: {known}',
  },
  platform_service_without_rows: {
    severity: 'warning',
    message: 'service "{service}" has facts in platform.yaml but no row folder platforms/{platform}/{service}/{meant}',
    hint: '{fix}',
  },

  platform_signin_vlandscape: {
    severity: 'error',
    message: 'the sign-in platform {platform} serves on virtual landscape "{vlandscape}"',
    hint: 'remove "{vlandscape}" from vlandscapes: of {platform}: the design gives each landscape one issuer and one name, and no virtual name for sign-in (a virtual name sends a browser to whichever member is nearest, whose issuer is not the one its tokens carry); apps reach sign-in on each landscape\'s own name',
  },
  platform_unknown: {
    severity: 'error',
    message: 'rows exist for platform "{platform}", which has no carbon/{platform}/platform.yaml',
    hint: '{guess}add carbon/{platform}/platform.yaml, or remove platforms/{platform}/',
  },
  platform_vlandscape_unknown: {
    severity: 'error',
    message: 'virtual landscape "{vlandscape}" does not exist',
    hint: 'add registry/vlandscapes/{vlandscape}.yaml, or name one of: {known}',
  },
  platform_vlandscape_unserved: {
    severity: 'error',
    message: 'the platform serves on virtual landscape "{vlandscape}" but lists none of its serving members ({members})',
    hint: 'add one of {members} to landscapes:, or remove "{vlandscape}" from vlandscapes:',
  },
  primordial_server_invalid: {
    severity: 'error',
    message: 'primordial.server "{value}" is not an https URL of a Kubernetes API server: it {reason}',
    hint: 'write https://<host>[:<port>][/<path>] as ArgoCD names the cluster, e.g. https://kubernetes.default.svc, with no user name, password, query or fragment (credentials live in the cluster Secret)',
  },
  region_code_invalid: {
    severity: 'error',
    message: '{value} is not a region code',
    hint: 'regions are IATA airport codes: three capital letters, e.g. SIN or IAD',
  },
  region_coordinates_precision: {
    severity: 'error',
    message: '{axis} {value} has more than two decimals',
    hint: 'Route 53 geoproximity takes coordinates with two decimals: write {rounded}',
  },
  region_unknown: {
    severity: 'error',
    message: 'region "{region}" is not in registry/regions.yaml',
    hint: 'add it to regions.yaml, or use one of: {known}',
  },
  region_unsupported: {
    severity: 'error',
    message: 'provider "{provider}" is not offered in region {region} (cluster {cluster})',
    hint: 'add {provider} to regions.{region}.providers in registry/regions.yaml, or pick one of: {known}',
  },
  route_host_unknown: {
    severity: 'error',
    message: 'no route serves host "{host}"',
    hint: '{advice}',
    choices: {
      advice: {
        close: 'did you mean {route}? it is the served host closest to the one asked for; routes are the service hosts of ready rows (a non-empty pin.chart)',
        example: 'routes are the service hosts of ready rows (a non-empty pin.chart), e.g. {route}',
        'not-ready':
          'it is a service host of the fleet, but not a route yet: its row {row} has an empty pin.chart; it becomes one when its first promotion fills pin.chart (routes are the service hosts of ready rows)',
        'no-row':
          'it is a service host of the fleet, but not a route: it has no row ({row} does not exist); add the row, and it becomes a route when its first promotion fills pin.chart',
        'virtual-not-ready':
          "it is a host of virtual landscape {route}, but no member serves this URL: no serving member has a ready row ({row}: an empty pin.chart or no file); DNS sends clients to members where nothing answers; it is served once a serving member's row has a pin.chart",
        'virtual-not-listed':
          'it is a host of virtual landscape {route}, but the platform is not served on {route}: add {route} to the `vlandscapes:` entry of {row} (a platform serves a virtual landscape only when it lists it there)',
      },
    },
  },
  row_chart_version_unresolvable: {
    severity: 'error',
    message:
      '{key} "{version}" is no chart version Argo CD or Helm can resolve: neither a version nor a range to them, so the row\'s Applications fail to render and nothing of the row deploys',
    hint: 'pin the chart as it is published, MAJOR.MINOR.PATCH[-prerelease] with no v ({example}): Helm gives a chart no other version, and `helm push` tags the chart by its version, so no tag is spelt "{version}"',
  },
  row_kargo_line_too_long: {
    severity: 'error',
    message: "Kargo's yaml-update cannot update this row: line {line} is {bytes} bytes long, and it reads at most 1 MiB a line",
    hint: 'keep every line of a row under {limit} bytes (a long value can be folded over several lines)',
  },
  row_kargo_yaml_directive: {
    severity: 'error',
    message:
      'Kargo\'s yaml-update cannot update this row: its YAML reader (go.yaml.in/yaml/v3) refuses a %YAML 1.2 directive ("found incompatible YAML document")',
    hint: 'delete the %YAML line: rows are read as YAML 1.2 without it',
  },
  row_landscape_unlisted: {
    severity: 'error',
    message: 'row for landscape "{landscape}", which platform "{platform}" does not list',
    hint: '{fix}',
  },
  row_missing: {
    severity: 'warning',
    message: 'service "{service}" has no row for landscape "{landscape}" (platforms/{platform}/{service}/{landscape}.yaml)',
    hint: 'run `diene materialize` to write the empty row; until it exists the Stage {service}-{landscape} has no file to promote into',
  },
  row_override_in_future: {
    severity: 'warning',
    message:
      'emergency values override dated in the future: valuesSince {since} is after now ({now}), so it is not reported as stale until 7 days after that date',
    hint: 'write the time the override was made, in UTC with a Z (e.g. {now} for one made now): a local time marked Z lands hours ahead',
  },
  row_override_stale: {
    severity: 'warning',
    message: 'emergency values override is {days} days old (since {since})',
    hint: "fold the override into the chart's values.{landscape}.yaml and remove values/valuesSince from the row",
  },
  row_pin_flow_style: {
    severity: 'error',
    message: "pin is written in flow style ({ chart: …, image: … }), which Kargo's yaml-update corrupts",
    hint: 'write pin in block style, one key a line: `pin:`, then `  chart: {chart}` and `  image: {image}` on lines of their own (yaml-update replaces a value and the rest of its line, so a one-line pin keeps one of the two new versions and loses its closing brace)',
  },
  row_pin_half_empty: {
    severity: 'error',
    message: '{empty} is empty while {set} is "{version}"',
    hint: 'a pin names both versions or neither: write the same release in {empty} (Kargo always sets both), or empty both to deploy nothing',
  },
  row_pin_missing: {
    severity: 'error',
    message: 'the row is missing {missing}',
    hint: 'a row always holds both keys, in block style, one a line: `pin:`, then `  chart: ""` and `  image: ""` ("" means nothing yet)',
  },
  row_pin_unreadable_by_kargo: {
    severity: 'error',
    message:
      "Kargo's yaml-update cannot update this row: {character} here is a line break to its YAML reader but not to its line writer, so it would rewrite the wrong line or fail",
    hint: 'remove the character, or write it as an escape (\\r, \\N, \\L, \\P) inside a double-quoted string',
  },
  row_pin_value_style: {
    severity: 'error',
    message: "{key} is written {style}, which Kargo's yaml-update {effect}",
    hint: '{fix} (yaml-update finds the line and column of each pin value, then replaces everything from there to the end of that line)',
  },
  row_version_not_semver: {
    severity: 'warning',
    message: '{key} "{version}" is not a strict semantic version: Kargo never discovers it, so no Freight carries it',
    hint: 'publish the image, the app chart and the primordial chart as MAJOR.MINOR.PATCH[-prerelease] with no v ({example}) and pin that; this row deploys what it names, but no release will ever promote to it',
  },
  schema_count: {
    severity: 'error',
    message: '{subject} {size}: it needs {need}',
    hint: 'see schemas/{schema} for the expected shape',
  },
  schema_duplicate_item: {
    severity: 'error',
    message: 'the {index} item of this list repeats the {first} ({value})',
    hint: 'list each value once',
  },
  schema_enum: {
    severity: 'error',
    message: '{value} is not one of the allowed values{culprit}',
    hint: '{suggestion}use one of: {allowed}',
  },
  schema_format: {
    severity: 'error',
    message: '{value} is not a valid {format}',
    hint: 'write a {format}, e.g. {example}',
  },
  schema_key_misspelt: {
    severity: 'error',
    message: 'unknown key "{key}": did you mean "{expected}"?',
    hint: 'rename "{key}" to "{expected}" (1 consequence not reported separately: the required key "{expected}" is missing); allowed keys here: {allowed}',
  },
  schema_length: {
    severity: 'error',
    message: '{value} must NOT have {bound} than {count} characters',
    hint: 'see schemas/{schema} for the expected shape',
  },
  schema_pattern: {
    severity: 'error',
    message: '{value} does not match the expected pattern {pattern}',
    hint: '{about}see schemas/{schema} for the expected shape',
  },
  schema_range: {
    severity: 'error',
    message: '{value} must be {comparison} {limit}',
    hint: 'see schemas/{schema} for the expected shape',
  },
  schema_required: {
    severity: 'error',
    message: 'missing required key "{key}"{because}',
    hint: 'add {key}:{example} (see schemas/{schema})',
  },
  schema_type: {
    severity: 'error',
    message: 'expected {expected}{at}, found {actual}',
    hint: '{fix}see schemas/{schema} for the expected shape',
  },
  schema_unknown_property: {
    severity: 'error',
    message: 'unknown key "{key}"',
    hint: '{suggestion}',
  },
  service_folder_invalid: {
    severity: 'error',
    message: 'the service folder platforms/{platform}/{service}/ is no valid service name: "{service}"',
    hint: 'rename the folder, e.g. to platforms/{platform}/{suggestion}/: service names are lower-case letters and digits, starting with a letter, no hyphens (joined names must not collide)',
  },
  shared_chart_namespace_taken: {
    severity: 'error',
    message:
      'shared chart "{chart}" would deploy into the namespace {platform}-shared-{chart}, which is the primordial namespace of service "shared" in landscape {chart}',
    hint: 'rename the shared chart (e.g. {platform}-{chart}; its repository name changes with it) or the service "shared": no two releases may share a namespace',
  },
  shared_row_missing: {
    severity: 'warning',
    message: 'shared chart "{chart}" has no row for landscape "{landscape}" (platforms/{platform}/_shared/{chart}/{landscape}.yaml)',
    hint: 'run `diene materialize` to write the empty row (`pin:`, then `  chart: ""`); until it exists the Stage shared-{chart}-{landscape} has no file to promote into and the chart is not deployed there',
  },
  shared_row_unlisted: {
    severity: 'error',
    message: '{path} is a row for {what}: nothing promotes it, yet Argo CD would deploy it',
    hint: '{fix}',
  },
  simulate_failure_ambiguous: {
    severity: 'error',
    message: '--fail "{value}" names more than one thing: {matches}',
    hint: 'say which with its kind: --fail {spellings}',
  },
  simulate_failure_unknown: {
    severity: 'error',
    message: '--fail "{value}" names nothing in the fleet',
    hint: '{suggestion}name a cluster (e.g. {cluster}), a landscape (e.g. {landscape}), a region ({regions}), a DNS host ({hosts}), {parent}, a book place ({places}) or control (the control cluster, primordial); write kind:name to be explicit (cluster:, landscape:, region:, host:, parent:, place:, control:) and separate several with commas',
  },
  simulate_service_unknown: {
    severity: 'error',
    message: '--{option} "{value}" is not a service of the fleet',
    hint: 'write PLATFORM/SERVICE, a platform and one of its row folders, e.g. {example}',
  },
  stage_duplicate_landscape: {
    severity: 'error',
    message: 'landscape "{landscape}" appears twice in stages:',
    hint: 'each landscape is one stage; remove the second occurrence',
  },
  stage_missing_landscape: {
    severity: 'error',
    message: 'landscape "{landscape}" is listed in landscapes: but missing from stages:',
    hint: 'add "{landscape}" to stages: (a nested list promotes in parallel)',
  },
  stage_soak_first: {
    severity: 'error',
    message: 'soak on the first stage "{landscape}", which takes Freight straight from the Warehouse',
    hint: 'move soak to a later stage; it is the time Freight must sit in the stage before',
  },
  stage_soak_invalid: {
    severity: 'error',
    message: 'soak "{value}" is not a duration',
    hint: 'write hours, minutes and seconds, e.g. 30m, 1h or 2h30m',
  },
  stage_unknown_landscape: {
    severity: 'error',
    message: 'stage "{landscape}" is not in the platform\'s landscapes:',
    hint: '{guess}add "{landscape}" to landscapes:, or fix the spelling (listed: {known})',
  },
  state_cluster_unknown: {
    severity: 'error',
    message: 'state for cluster "{cluster}", which is not registered',
    hint: 'add registry/clusters/{cluster}.yaml, or remove this state file',
  },
  step_summary_write_failed: {
    severity: 'warning',
    message: 'cannot append the step summary to {file} (GITHUB_STEP_SUMMARY): {reason}',
    hint: 'GitHub Actions sets GITHUB_STEP_SUMMARY to a file of its own: unset it, or name a file that can be written; the check ran, and its result and exit code stand',
  },
  usage_argument_missing: {
    severity: 'error',
    message: 'diene {command} needs {argument}',
    hint: 'give {argument}; usage: {usage}',
  },
  usage_argument_unexpected: {
    severity: 'error',
    message: 'diene {command} takes no argument "{argument}" here',
    hint: 'remove it (a value with spaces belongs in quotes); usage: {usage}',
  },
  usage_command_missing: {
    severity: 'error',
    message: 'no command given',
    hint: 'name one of: {commands}; `diene --help` describes each',
  },
  usage_command_not_in_image: {
    severity: 'error',
    message: 'diene {command} is not in the ArgoCD plugin image, which runs diene render only',
    hint: 'run it from the npm package (npm install diene-compiler) on a machine with the fleet checkout; `diene {command} --help` still describes it here',
  },
  usage_command_unknown: {
    severity: 'error',
    message: 'unknown command "{command}"',
    hint: '{suggestion}the commands are {commands}; `diene --help` describes each',
  },
  usage_fleet_not_directory: {
    severity: 'error',
    message: '{option} "{value}" is not a directory: {what}',
    hint: '{fix}; usage: {usage}',
    choices: {
      what: {
        missing: 'nothing is there',
        file: 'it is a file',
      },
      fix: {
        near: 'the fleet root looks like {near} (registry/fleet.yaml is there): pass {option} {nearFlag}',
        none: 'name the fleet root, the folder holding registry/fleet.yaml, with {option} DIR, or run from it without {option}',
      },
    },
  },
  usage_option_conflict: {
    severity: 'error',
    message: '{first} and {second} cannot both be given: {why}',
    hint: 'give {choice}; usage: {usage}',
    choices: {
      why: {
        drill_modes: 'one drill names what is down, the other takes down each thing in turn',
        name_check_off: 'without the name check, --wait and --nameservers have nothing to do',
        platforms_differ: 'they name different platforms',
        fleet_twice: 'both name the fleet',
        cache_off: 'the one names the cache folder to use, the other turns the cache off',
      },
    },
  },
  usage_option_missing: {
    severity: 'error',
    message: 'diene {command} needs {option}',
    hint: '{why}; usage: {usage}',
  },
  usage_option_unknown: {
    severity: 'error',
    message: 'diene {command} has no option {option}',
    hint: '{suggestion}usage: {usage}; `diene help {command}` describes every option',
  },
  usage_option_value_invalid: {
    severity: 'error',
    message: '{option} "{value}" is not {expected}',
    hint: 'write e.g. {example}; usage: {usage}',
  },
  usage_option_value_missing: {
    severity: 'error',
    message: '{option} needs a value',
    hint: 'write {form}{note}; usage: {usage}',
  },
  usage_option_value_unexpected: {
    severity: 'error',
    message: '{option} takes no value, but was given "{value}"',
    hint: 'write {option} alone; usage: {usage}',
  },
  usage_plugin_fleet_outside: {
    severity: 'error',
    message: 'plugin parameter "fleet" ("{fleet}") {how}',
    hint: "give the fleet folder relative to the Application's source directory, e.g. fleet: infra/fleet (no absolute path, no .. or link out of it): the plugin reads nothing outside the checked-out tree, so ArgoCD's manifest cache stays right; usage: {usage}",
  },
  usage_plugin_parameter_repeated: {
    severity: 'error',
    message: 'plugin parameter "{name}" is given twice',
    hint: 'keep one "{name}" item in the Application\'s spec.source.plugin.parameters; usage: {usage}',
  },
  usage_plugin_parameter_type: {
    severity: 'error',
    message: 'plugin parameter "{name}" must be a {expected}, got {found}',
    hint: 'write {"name": "{name}", "{expected}": "…"} in the Application\'s spec.source.plugin.parameters; usage: {usage}',
  },
  usage_plugin_parameter_unknown: {
    severity: 'error',
    message: 'plugin parameter "{name}" is unknown',
    hint: "{suggestion}diene render takes the plugin parameters {known}: remove or rename it in the Application's spec.source.plugin.parameters; usage: {usage}",
  },
  usage_plugin_parameters_not_json: {
    severity: 'error',
    message: 'ARGOCD_APP_PARAMETERS is not JSON: {reason}',
    hint: 'ArgoCD sets it from the Application\'s plugin parameters as a JSON list of {"name": …, "string": …}; when set by hand, write that (the reason is the JSON parser\'s own); usage: {usage}',
  },
  usage_plugin_parameters_not_list: {
    severity: 'error',
    message: 'ARGOCD_APP_PARAMETERS is not a list of named parameters: {found}',
    hint: 'write a JSON list of {"name": …, "string": …} items, e.g. [{"name": "fleet", "string": "fleet"}] (ArgoCD writes it so from the Application\'s plugin parameters); usage: {usage}',
  },
  usage_subcommand_missing: {
    severity: 'error',
    message: 'diene {group} needs a subcommand: {subcommands}',
    hint: 'run {usages}; `diene {group} --help` describes each',
  },
  usage_subcommand_unknown: {
    severity: 'error',
    message: 'diene {group} has no subcommand "{subcommand}"',
    hint: '{suggestion}its subcommands are {subcommands}; `diene {group} --help` describes each',
  },
  vlandscape_member_unknown: {
    severity: 'error',
    message: 'member landscape "{landscape}" does not exist',
    hint: '{fix}',
  },
  vlandscape_name_taken: {
    severity: 'error',
    message: 'virtual landscape "{name}" has the name of a landscape',
    hint: 'virtual and real landscapes share one namespace of host names; rename the virtual landscape',
  },
  yaml_alias_limit: {
    severity: 'error',
    message: 'too many alias expansions (more than {limit})',
    hint: 'write the values out; anchors and aliases are capped to stop alias bombs',
  },
  yaml_alias_recursive: {
    severity: 'error',
    message: 'alias *{name} sits inside the node it refers to, which would make that node contain itself',
    hint: 'remove the alias, or write the value out in full: a value cannot contain itself (&{name} names the node the alias is in)',
  },
  yaml_alias_unresolved: {
    severity: 'error',
    message: 'alias *{name} refers to no anchor defined before it',
    hint: 'if you meant text starting with "*", quote it ("*{name}"); YAML reads a plain *name as an alias of an earlier &name',
  },
  yaml_ambiguous_boolean: {
    severity: 'warning',
    message: '{value} is a string here, but YAML 1.1 readers (Go, Helm) read it as a boolean',
    hint: 'quote it ("{value}") if you mean the string, or write true/false',
  },
  yaml_boolean_word: {
    severity: 'error',
    message: '{key} takes a boolean, but "{value}" is a string in YAML 1.2',
    hint: 'write {bool} (YAML 1.2 reads only true and false as booleans, unquoted)',
  },
  yaml_complex_key: {
    severity: 'error',
    message: 'a mapping key here is a list or a mapping',
    hint: 'write keys as plain text: the compiler reads every key as a string, and a structured key would be flattened into its text',
  },
  yaml_control_character: {
    severity: 'error',
    message: 'the file holds the control character {char}',
    hint: 'remove it: YAML allows no control characters but tab, line feed and carriage return; inside a double-quoted string write an escape such as \\t instead',
  },
  yaml_custom_tag: {
    severity: 'error',
    message: 'tag {tag} is not allowed',
    hint: 'remove the tag; inputs use plain YAML 1.2 core values',
  },
  yaml_duplicate_key: {
    severity: 'error',
    message: 'key "{key}" appears twice in the same mapping (first on line {first})',
    hint: 'keep one; a second key would silently win in some readers and lose in others',
  },
  yaml_merge_key: {
    severity: 'error',
    message: 'merge keys (<<) are not allowed',
    hint: 'write the keys out; YAML 1.2 has no merge keys and readers disagree on them',
  },
  yaml_multiple_documents: {
    severity: 'error',
    message: 'the file holds {count} YAML documents',
    hint: 'keep one document a file (remove the extra ---)',
  },
  yaml_number_for_string: {
    severity: 'error',
    message: '{source} is read as {read}, but a string is required',
    hint: '{quoted}',
    choices: {
      // An unquoted true or false where a string belongs is a boolean, not a number.
      read: { number: 'the number {value}', boolean: 'the boolean {value}' },
      // Quotes are the fix only when the quoted text is a valid value.
      quoted: {
        valid: 'quote it: "{source}"',
        enum: 'quoted or not, "{source}" is not one of the allowed values: use one of: {allowed}',
        pattern: 'quoted or not, "{source}" does not match the pattern {pattern}{about}',
      },
    },
  },
  yaml_syntax: {
    severity: 'error',
    message: '{reason}',
    hint: '{fix}',
  },
  yaml_version_directive: {
    severity: 'error',
    message: 'the %YAML {version} directive is not allowed',
    hint: 'remove the directive: inputs are read as YAML 1.2 (core schema) only',
  },
} as const satisfies Record<string, CatalogEntry>;

/**
 * The closed set of reasons a fleet.yaml value copied into ArgoCD and Kargo
 * breaks its grammar (2-analyze/value-grammars.ts): the `{reason}` of
 * `artifact_reference_invalid`, `git_branch_invalid`, `git_path_invalid`, `git_repo_url_invalid`
 * and `primordial_server_invalid`. Each states the fact; the code's hint gives
 * the grammar to write. `{name}` is filled from the reason's own arguments.
 */
export const grammarReasons = {
  branch_component_dot: 'has a component starting with "." ("{component}")',
  branch_component_empty: 'has an empty component (a leading, trailing or doubled "/")',
  branch_component_lock: 'has a component ending in ".lock" ("{component}")',
  branch_contains: 'contains {token}',
  branch_empty: 'is empty',
  branch_head: 'is HEAD, which names the checked-out commit',
  branch_option: 'starts with "-", which git reads as an option',
  branch_trailing_dot: 'ends with "."',
  credentials: 'carries a user name or password',
  folder_absolute: 'starts with "/"',
  folder_character: 'has {character}, which is not a letter, digit, ".", "_", "-" or the "/" between folders',
  folder_parent: 'has the part "..", which leaves the repository',
  folder_part_dot: 'has the part ".", which names no folder',
  folder_part_empty: 'has an empty part (a trailing or doubled "/")',
  fragment: 'carries a fragment',
  host_label_invalid: 'has the host {host}, whose label "{label}" is not letters, digits and inner hyphens (at most 63)',
  host_missing: 'has no host',
  host_not_ipv4: 'has the host {host}, which is no IPv4 address',
  host_not_ipv6: 'has the host {host}, which is no IPv6 address',
  host_too_long: 'has a host name longer than 253 characters',
  host_upper_case: 'has the host {host} in upper case; every host name diene writes is lower case (SPEC §3.6)',
  image_scheme: 'has a scheme; write the repository as registry/path',
  no_chart: 'names no chart after the registry host',
  no_repository_path: 'names no repository path after the host',
  not_git_url: 'is neither scheme://host/path nor user@host:path',
  not_https: 'does not start with https://',
  not_oci: 'does not start with oci://',
  password: 'carries a password',
  path_character: 'has {character} in its path (percent-encode it, or leave it out)',
  path_percent: 'has a "%" not followed by two hex digits',
  port_invalid: 'has the port "{port}", which is not a number from 1 to 65535',
  query: 'carries a query',
  reference_component_empty: 'has an empty path component (a leading, trailing or doubled "/")',
  reference_component_invalid: 'has the path component "{component}", which is not lower-case letters and digits joined by ".", "_", "__" or "-"',
  reference_digest: "carries a digest; the version comes from each row's pin",
  reference_tag: "carries a tag; the version comes from each row's pin",
  scheme_not_git: 'uses {scheme}; ArgoCD and Kargo clone over https, http or ssh',
  scheme_not_https: 'uses {scheme}, not https',
  too_long: 'is longer than {limit} characters',
  too_long_after_oci: 'is longer than {limit} characters after oci://',
  user_invalid: 'has the user "{user}", which is not letters, digits and - . _ ~',
} as const;

/** The codes whose `{reason}` is one of {@link grammarReasons}. */
export const GRAMMAR_REASON_CODES = [
  'artifact_reference_invalid',
  'git_branch_invalid',
  'git_path_invalid',
  'git_repo_url_invalid',
  'primordial_server_invalid',
] as const satisfies readonly (keyof typeof catalog)[];

/** A reason of {@link grammarReasons} with exactly the arguments of its text. */
export type GrammarProblem = {
  [K in keyof typeof grammarReasons]: { reason: K; args: { [Name in PlaceholderNames<(typeof grammarReasons)[K]>]: DiagnosticValue } };
}[keyof typeof grammarReasons];

/** Every code of the catalog. */
export type DiagnosticCode = keyof typeof catalog;

type WordCharacter =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z'
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'O'
  | 'P'
  | 'Q'
  | 'R'
  | 'S'
  | 'T'
  | 'U'
  | 'V'
  | 'W'
  | 'X'
  | 'Y'
  | 'Z'
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | '_';

/** True when `T` is one or more word characters (the `\w+` of the fill pattern). */
type IsWord<T extends string> = T extends `${infer C}${infer Rest}` ? (C extends WordCharacter ? (Rest extends '' ? true : IsWord<Rest>) : false) : false;

/**
 * The placeholder names of a template: every `{name}` whose name is word
 * characters, as `diagnose` fills them (`{…}` and `{"account": …}` in a hint
 * are text, not placeholders).
 */
export type PlaceholderNames<T extends string> = T extends `${string}{${infer Rest}`
  ? (Rest extends `${infer Name}}${string}` ? (IsWord<Name> extends true ? Name : never) : never) | PlaceholderNames<Rest>
  : never;

/** A value a placeholder takes. */
export type DiagnosticValue = string | number | bigint | boolean;

/** The `choices` of `code` (an empty record when it has none). */
type ChoicesOf<C extends DiagnosticCode> = (typeof catalog)[C] extends { choices: infer Ch } ? Ch : Record<never, never>;

/** Every fixed text of every choice of `code`. */
type ChoiceTexts<C extends DiagnosticCode> = { [N in keyof ChoicesOf<C>]: ChoicesOf<C>[N][keyof ChoicesOf<C>[N]] }[keyof ChoicesOf<C>];

/** Every placeholder `code` fills: those of its message and hint, and those of its choices' texts. */
type AllPlaceholders<C extends DiagnosticCode> =
  | PlaceholderNames<(typeof catalog)[C]['message']>
  | PlaceholderNames<(typeof catalog)[C]['hint']>
  | (ChoiceTexts<C> extends string ? PlaceholderNames<ChoiceTexts<C>> : never);

/**
 * The arguments of `code`: exactly the placeholders of its message, hint and
 * choice texts, each required; a placeholder with choices takes one of its
 * choice names.
 */
export type DiagnosticArgsOf<C extends DiagnosticCode> = C extends DiagnosticCode
  ? { [Name in AllPlaceholders<C>]: Name extends keyof ChoicesOf<C> ? keyof ChoicesOf<C>[Name] : DiagnosticValue }
  : never;

/** The choice names the placeholder `N` of `code` takes (see {@link CatalogEntry} `choices`). */
export type ChoiceOf<C extends DiagnosticCode, N extends keyof ChoicesOf<C>> = keyof ChoicesOf<C>[N];

/** True when `code` names a catalog entry. */
export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.prototype.hasOwnProperty.call(catalog, code);
}
