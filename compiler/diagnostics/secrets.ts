/**
 * Secret-shaped text: what diene refuses in an input (SPEC §4) and
 * never prints. Pure: text in, spans out.
 *
 * Design note. Terms: a *span* is a UTF-16 range of a text that holds a
 * secret, and its *masked part* the range that is replaced by `*` when the
 * text is shown (a token's well-known prefix such as `ghp_` or `AKIA`, a
 * URL's scheme and host, a PEM header stay readable, so a reader can tell
 * which value was refused). Masking keeps every code point's place (one `*`
 * each; line breaks kept), so carets under an excerpt stay aligned.
 *
 * Why these patterns are written here and not taken from a library: the
 * best-kept candidate, secretlint (@secretlint/core with its recommended
 * preset), was weighed and left out: its API is asynchronous while the loading is
 * a synchronous pure function; its AWS key-id rule is off by default, its
 * basic-auth rule matches only http(s)/ftp with `[-A-Za-z0-9_]` credentials
 * (no `postgres://user:p%40ss@…`), and it has no rule for JWTs, bearer tokens
 * or Google API keys; and it reports on whole files, not on the values and
 * excerpts diene has to mask. The formats follow the providers' documented
 * token prefixes (the same families as gitleaks' default rules) and are
 * tested against the providers' own documented examples in
 * test/diagnostics/secrets.test.ts.
 *
 * Hostile input: every pattern starts only where a run of its own characters
 * starts (a look-behind) and bounds what it repeats, so a 4 MB line of
 * `eyJ-eyJ-…` or `a://a://…` is scanned in linear time.
 */

/** The kinds of secret found by value (their descriptions are {@link SECRET_KIND_NAMES}). */
export type SecretKind =
  | 'aws-access-key-id'
  | 'private-key'
  | 'url-credentials'
  | 'github-token'
  | 'gitlab-token'
  | 'slack-token'
  | 'webhook-url'
  | 'stripe-key'
  | 'google-key'
  | 'npm-token'
  | 'ai-api-key'
  | 'sendgrid-key'
  | 'digitalocean-token'
  | 'jwt'
  | 'bearer-token'
  | 'secret-parameter';

/** How each kind is named in a message ("… holds an AWS access key ID"). */
export const SECRET_KIND_NAMES: Readonly<Record<SecretKind, string>> = {
  'aws-access-key-id': 'an AWS access key ID',
  'private-key': 'a PEM private key',
  'url-credentials': 'a URL with credentials',
  'github-token': 'a GitHub token',
  'gitlab-token': 'a GitLab token',
  'slack-token': 'a Slack token',
  'webhook-url': 'a webhook URL with its secret path (Slack, Discord)',
  'stripe-key': 'a Stripe secret key',
  'google-key': 'a Google API key or OAuth secret',
  'npm-token': 'an npm access token',
  'ai-api-key': 'an OpenAI or Anthropic API key',
  'sendgrid-key': 'a SendGrid API key',
  'digitalocean-token': 'a DigitalOcean token',
  jwt: 'a JSON Web Token',
  'bearer-token': 'a bearer token',
  'secret-parameter': 'a password or token parameter (password=…, token=…)',
};

/** One secret in a text: the whole span, the part to mask, and what it is. */
export interface SecretSpan {
  kind: SecretKind;
  /** UTF-16 offsets of the whole match, `[start, end)`. */
  start: number;
  end: number;
  /** UTF-16 offsets of the part replaced by `*` when shown. */
  maskStart: number;
  maskEnd: number;
}

/** A pattern: the `secret` group is the masked part (the whole match when absent). Global and with indices. */
interface Rule {
  kind: SecretKind;
  pattern: RegExp;
  /** Extra judgement on a match (placeholders are not secrets). */
  accept?: (match: RegExpExecArray) => boolean;
}

/** `${VAR}`, `$(VAR)`, `$VAR`, `{{ x }}`, `<password>`, `%VAR%`: a value filled in later, not a secret. */
const PLACEHOLDER = /^(?:\$\{[^}]*\}|\$\([^)]*\)|\$[A-Za-z_][A-Za-z0-9_]*|\{\{[^}]*\}\}|\{[A-Za-z_][A-Za-z0-9_]*\}|<[^>]*>|%[A-Za-z_][A-Za-z0-9_]*%)$/;

/** True when `value` is a placeholder that a tool fills in later (`${DB_PASSWORD}`, `<token>`), not a secret. */
export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value);
}

const TOKEN_RULES: readonly Rule[] = [
  // AWS: access key IDs of IAM users (AKIA), temporary credentials (ASIA) and the other documented unique-ID prefixes.
  {
    kind: 'aws-access-key-id',
    pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA|ASCA)(?<secret>[A-Z0-9]{16})(?![A-Za-z0-9])/dg,
  },
  // GitHub: classic tokens ghp_ (personal), gho_ (OAuth), ghu_/ghs_ (app user/server: actions/checkout's token), ghr_ (refresh); fine-grained github_pat_.
  { kind: 'github-token', pattern: /(?<![A-Za-z0-9_])gh[pousr]_(?<secret>[A-Za-z0-9]{36,251})(?![A-Za-z0-9_])/dg },
  { kind: 'github-token', pattern: /(?<![A-Za-z0-9_])github_pat_(?<secret>[A-Za-z0-9_]{22,255})(?![A-Za-z0-9_])/dg },
  { kind: 'gitlab-token', pattern: /(?<![A-Za-z0-9_-])gl(?:pat|dt|ptt|rt|cbt|oas)-(?<secret>[A-Za-z0-9_.-]{20,300})/dg },
  // Slack: bot, user, workspace, refresh and config tokens (xox?-), app-level tokens (xapp-).
  { kind: 'slack-token', pattern: /(?<![A-Za-z0-9_-])xox[abposre]-(?<secret>[A-Za-z0-9-]{10,250})/dg },
  { kind: 'slack-token', pattern: /(?<![A-Za-z0-9_-])xapp-(?<secret>\d-[A-Za-z0-9-]{10,250})/dg },
  { kind: 'webhook-url', pattern: /(?<![A-Za-z0-9])https?:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[A-Za-z0-9_/+-]{8,300})/dgi },
  {
    kind: 'webhook-url',
    pattern: /(?<![A-Za-z0-9])https?:\/\/(?:[a-z]+\.)?discord(?:app)?\.com\/api\/webhooks\/(?<secret>[0-9]{5,30}\/[A-Za-z0-9_-]{20,200})/dgi,
  },
  // Stripe: secret and restricted keys, live and test; webhook signing secrets.
  { kind: 'stripe-key', pattern: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_(?<secret>[A-Za-z0-9]{10,250})(?![A-Za-z0-9_])/dg },
  { kind: 'stripe-key', pattern: /(?<![A-Za-z0-9_])whsec_(?<secret>[A-Za-z0-9+/=]{20,250})/dg },
  // Google: API keys (AIza + 35), OAuth client secrets (GOCSPX-), OAuth access tokens (ya29.).
  { kind: 'google-key', pattern: /(?<![A-Za-z0-9_-])AIza(?<secret>[A-Za-z0-9_-]{35})(?![A-Za-z0-9_-])/dg },
  { kind: 'google-key', pattern: /(?<![A-Za-z0-9_-])GOCSPX-(?<secret>[A-Za-z0-9_-]{20,100})/dg },
  { kind: 'google-key', pattern: /(?<![A-Za-z0-9_.-])ya29\.(?<secret>[A-Za-z0-9_-]{20,2048})/dg },
  { kind: 'npm-token', pattern: /(?<![A-Za-z0-9_])npm_(?<secret>[A-Za-z0-9]{36})(?![A-Za-z0-9_])/dg },
  // OpenAI (sk-, sk-proj-, sk-svcacct-, sk-admin-) and Anthropic (sk-ant-…) API keys.
  { kind: 'ai-api-key', pattern: /(?<![A-Za-z0-9_-])sk-(?:proj-|svcacct-|admin-|ant-)?(?<secret>[A-Za-z0-9_-]{20,300})/dg },
  { kind: 'sendgrid-key', pattern: /(?<![A-Za-z0-9_.-])SG\.(?<secret>[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/dg },
  { kind: 'digitalocean-token', pattern: /(?<![A-Za-z0-9_])do[opr]_v1_(?<secret>[a-f0-9]{64})(?![A-Za-z0-9_])/dg },
  // A JWT (RFC 7519) in compact form: base64url header and payload, both JSON objects, so both start with "eyJ".
  { kind: 'jwt', pattern: /(?<![A-Za-z0-9_.-])(?<secret>eyJ[A-Za-z0-9_-]{5,8192}\.eyJ[A-Za-z0-9_-]{5,16384}\.[A-Za-z0-9_-]{0,8192})/dg },
  // RFC 6750's Authorization header value.
  {
    kind: 'bearer-token',
    pattern: /(?<![A-Za-z0-9_])[Bb]earer[ \t]{1,8}(?<secret>[A-Za-z0-9._~+/-]{12,8192}=*)/dg,
    accept: (m) => !isPlaceholder(m.groups?.['secret'] ?? ''),
  },
  // A password or token in a connection string or query (`?password=…`, `host=db password=…`, `api_key=…`); not `pwd=`, which is as often a working directory (`PWD=/app`).
  {
    kind: 'secret-parameter',
    pattern: /(?<![A-Za-z0-9])(?:[A-Za-z]{1,30}_)?(?:password|passwd|secret|token|api_?key)=(?<secret>[^\s&;"',]{1,1024})/dgi,
    accept: (m) => !isPlaceholder(m.groups?.['secret'] ?? ''),
  },
];

/** A URL's scheme and userinfo (RFC 3986 §3.2.1): the last `@` of the authority ends it. */
const URL_USERINFO = /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/(?<secret>[^\s/?#"'<>\\]{1,1024})@/dg;

/** True when `userinfo` (`user[:password]`) is a credential: a password that is not a placeholder, or a user name that is itself a token. */
function isCredential(userinfo: string): boolean {
  const colon = userinfo.indexOf(':');
  if (colon !== -1) {
    const password = userinfo.slice(colon + 1);
    const user = userinfo.slice(0, colon);
    return (password !== '' && !isPlaceholder(password) && !isPlaceholder(decodeSafely(password))) || tokenSpans(user).length > 0;
  }
  return tokenSpans(userinfo).length > 0 || tokenSpans(decodeSafely(userinfo)).length > 0;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function spansOf(rule: Rule, text: string): SecretSpan[] {
  const found: SecretSpan[] = [];
  rule.pattern.lastIndex = 0;
  for (let m = rule.pattern.exec(text); m !== null; m = rule.pattern.exec(text)) {
    if (rule.accept && !rule.accept(m)) continue;
    const whole = m.indices?.[0] as [number, number];
    const secret = m.indices?.groups?.['secret'] ?? whole;
    found.push({ kind: rule.kind, start: whole[0], end: whole[1], maskStart: secret[0], maskEnd: secret[1] });
  }
  return found;
}

function tokenSpans(text: string): SecretSpan[] {
  return TOKEN_RULES.flatMap((rule) => spansOf(rule, text));
}

const PEM_HEADER = /-----BEGIN (?:[A-Z0-9]{1,20} ){0,4}PRIVATE KEY(?: BLOCK)?-----/g;

/** PEM private keys (RFC 7468; OpenSSH's and PGP's armour too): the body after the header up to the footer, or to the end when the footer is missing. */
function privateKeySpans(text: string): SecretSpan[] {
  const found: SecretSpan[] = [];
  PEM_HEADER.lastIndex = 0;
  for (let m = PEM_HEADER.exec(text); m !== null; m = PEM_HEADER.exec(text)) {
    const bodyStart = m.index + m[0].length;
    const footer = text.indexOf('-----END', bodyStart);
    const bodyEnd = footer === -1 ? text.length : footer;
    // The footer's own closing dashes, looked for on a short stretch only (the label is at most a few words).
    const close = footer === -1 ? -1 : text.slice(footer + 8, footer + 100).indexOf('-----');
    const footerEnd = footer === -1 ? text.length : close === -1 ? footer + 8 : footer + 8 + close + 5;
    found.push({ kind: 'private-key', start: m.index, end: Math.max(bodyEnd, footerEnd), maskStart: bodyStart, maskEnd: bodyEnd });
    PEM_HEADER.lastIndex = Math.max(PEM_HEADER.lastIndex, bodyEnd);
  }
  return found;
}

function urlCredentialSpans(text: string): SecretSpan[] {
  const found: SecretSpan[] = [];
  URL_USERINFO.lastIndex = 0;
  for (let m = URL_USERINFO.exec(text); m !== null; m = URL_USERINFO.exec(text)) {
    const userinfo = m.groups?.['secret'] ?? '';
    if (!isCredential(userinfo)) continue;
    const whole = m.indices?.[0] as [number, number];
    const secret = m.indices?.groups?.['secret'] as [number, number];
    found.push({ kind: 'url-credentials', start: whole[0], end: whole[1], maskStart: secret[0], maskEnd: secret[1] });
  }
  return found;
}

/**
 * What every shape above starts with or contains, in one pass: a text
 * without any of these holds no secret, and most inputs (rows at fleet
 * scale) are ruled out here at a fraction of the cost of the full scan.
 * Every URL has `://`, every secret parameter `=`.
 */
const TRIGGER =
  /A(?:KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|PKA|ROA|SCA|Iza)|gh[pousr]_|github_pat_|gl[a-z]{1,3}-|xox|xapp-|_live_|_test_|whsec_|GOCSPX-|ya29\.|npm_|sk-|SG\.|_v1_|eyJ|earer|PRIVATE KEY|:\/\/|=/;

/**
 * Every secret in `text`, sorted by start (then by length, longest first).
 * Spans may overlap (a GitHub token used as a URL's password is both).
 */
export function findSecretSpans(text: string): SecretSpan[] {
  if (!TRIGGER.test(text)) return [];
  const spans = [...privateKeySpans(text), ...urlCredentialSpans(text), ...tokenSpans(text)];
  return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** A mask range `[start, end)` in UTF-16 offsets. */
export type MaskRange = readonly [number, number];

/**
 * `text` with every range of `ranges` (UTF-16 offsets, any order, may overlap)
 * replaced by one `*` a code point; line feeds and carriage returns are kept,
 * so lines, columns and carets do not move.
 */
export function maskRanges(text: string, ranges: readonly MaskRange[]): string {
  if (ranges.length === 0) return text;
  const sorted = [...ranges].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [rawStart, end] of sorted) {
    const start = Math.max(rawStart, at);
    if (end <= start) continue;
    out += text.slice(at, start);
    for (let i = start; i < Math.min(end, text.length); i++) {
      const unit = text.charCodeAt(i);
      if (unit === 0x0a || unit === 0x0d) out += text[i];
      else if (unit >= 0xdc00 && unit <= 0xdfff && i > start && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff) continue;
      else out += '*';
    }
    at = Math.max(at, Math.min(end, text.length));
  }
  return out + text.slice(at);
}

/** The mask ranges of `spans`. */
export function maskRangesOf(spans: readonly SecretSpan[]): MaskRange[] {
  return spans.map((s) => [s.maskStart, s.maskEnd] as const);
}

/** `text` with every secret {@link findSecretSpans} finds masked (see {@link maskRanges}). */
export function maskSecrets(text: string): string {
  const spans = findSecretSpans(text);
  return spans.length === 0 ? text : maskRanges(text, maskRangesOf(spans));
}

/**
 * A JSON pointer (RFC 6901) with `mask` applied to each of its segments as
 * decoded: escaping turns `/` into `~1`, so a URL used as a key
 * (`/postgres:~1~1app:pw@db`) would not look like a URL to a scan of the
 * pointer's text.
 */
export function maskPointer(pointer: string, mask: (segment: string) => string = maskSecrets): string {
  if (pointer === '') return pointer;
  return pointer
    .split('/')
    .map((segment, index) => (index === 0 ? segment : mask(segment.replace(/~1/g, '/').replace(/~0/g, '~')).replace(/~/g, '~0').replace(/\//g, '~1')))
    .join('/');
}
