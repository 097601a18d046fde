/**
 * The syntax of the engines that evaluate strings diene writes.
 * A value copied from an input into one of these strings must never carry
 * it, or the input's author runs code in the engine:
 *
 * - ArgoCD evaluates every string of an ApplicationSet's template (and of a
 *   matrix's second generator) as a Go `text/template` when `goTemplate: true`
 *   (../shared/upstream/argo-cd-v3.5.1/applicationset/utils/utils.go): `{{`
 *   opens an action, `}}` closes one.
 * - Kargo evaluates every string of a promotion step's config as a template
 *   of expr-lang expressions between `${{` and `}}` or `${%` and `%}`
 *   (akuity/kargo v1.11 pkg/expressions/json_templates.go). The closing
 *   delimiter is found by plain search, quotes notwithstanding: a `}}` inside
 *   `${{ chartFrom('…') }}` ends the expression early.
 * - Inside an expression, diene writes artifact locations as expr-lang string
 *   literals (`imageFrom('…')`, `chartFrom('…')`, in step configs and in a
 *   Warehouse's `freightCreationCriteria`); a quote or backslash there ends or
 *   bends the literal.
 */

/** One piece of engine syntax: the text, and what it is to which engine. */
export interface EngineToken {
  token: string;
  meaning: string;
}

/** Template and expression delimiters, longest first so `${{` is named before the `{{` inside it. */
const DELIMITERS: readonly EngineToken[] = [
  { token: '${{', meaning: 'opens a Kargo expression' },
  { token: '${%', meaning: 'opens a Kargo expression' },
  { token: '%}', meaning: 'closes a Kargo expression' },
  { token: '{{', meaning: 'opens an ArgoCD Go-template action' },
  { token: '}}', meaning: 'closes an ArgoCD Go-template action and a Kargo expression' },
];

/** What ends or bends an expr-lang string literal. */
const LITERAL_BREAKERS: readonly EngineToken[] = [
  { token: "'", meaning: "ends the expr-lang string literal of Kargo's imageFrom('…') and chartFrom('…')" },
  { token: '"', meaning: 'quotes an expr-lang string literal' },
  { token: '`', meaning: 'quotes an expr-lang string literal' },
  { token: '\\', meaning: 'escapes inside an expr-lang string literal' },
];

/**
 * The first engine token in `text` (the leftmost; at one place the longest),
 * or `undefined`. `inLiteral`: the value is also written inside an expr-lang
 * string literal, so quotes and backslashes count too.
 */
export function engineSyntaxIn(text: string, inLiteral: boolean): EngineToken | undefined {
  const tokens = inLiteral ? [...DELIMITERS, ...LITERAL_BREAKERS] : DELIMITERS;
  let found: { at: number; token: EngineToken } | undefined;
  for (const token of tokens) {
    const at = text.indexOf(token.token);
    if (at >= 0 && (found === undefined || at < found.at)) found = { at, token };
  }
  return found?.token;
}
