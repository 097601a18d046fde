/**
 * What ArgoCD and Kargo would evaluate in a compiled output tree, for the
 * tests of issue 14: a compiled fleet may carry only the template actions and
 * expressions the emitters write themselves, never one that came from an input.
 *
 * - ArgoCD: Go-template actions `{{ … }}` in the ApplicationSets. The set the
 *   emitters write is fixed (the row's landscape, the cluster's mark, the pin,
 *   the values, the server); the reference fleet's output holds all of them.
 * - Kargo: `kargoExpressions` is Kargo's own scan of a step-config string
 *   (akuity/kargo v1.11 pkg/expressions/json_templates.go, `nextExpression`:
 *   delimiters `${{ }}` and `${% %}`, the end found by plain search); diene's
 *   expressions are freight lookups of the service's artifacts
 *   ({@link OWN_KARGO_EXPRESSION}). A Warehouse's `freightCreationCriteria` is
 *   one bare expression of a fixed shape ({@link OWN_CRITERIA}).
 */
import ipaddr from 'ipaddr.js';
import { parseAllDocuments } from 'yaml';

type Json = Record<string, any>;

/** The expressions Kargo would evaluate in `template`, in order. Throws on an unclosed one, as Kargo fails the step. */
export function kargoExpressions(template: string): string[] {
  const delimiters = [
    { start: '${{', end: '}}' },
    { start: '${%', end: '%}' },
  ];
  const found: string[] = [];
  let rest = template;
  for (;;) {
    let delimiter: { start: string; end: string } | undefined;
    let startAt = -1;
    for (const d of delimiters) {
      const i = rest.indexOf(d.start);
      if (i >= 0 && (startAt < 0 || i < startAt)) {
        startAt = i;
        delimiter = d;
      }
    }
    if (!delimiter) return found;
    const exprStart = startAt + delimiter.start.length;
    const endAt = rest.indexOf(delimiter.end, exprStart);
    if (endAt < 0) throw new Error(`unclosed expression: expected "${delimiter.end}" but reached end of template`);
    found.push(rest.slice(exprStart, endAt));
    rest = rest.slice(endAt + delimiter.end.length);
  }
}

/** An expression diene writes in a step config: a freight lookup of one artifact (group 3: an image, group 4: a chart URL), quoted or not. */
export const OWN_KARGO_EXPRESSION = /^ (quote\()?(imageFrom\('([a-z0-9./:_-]+)'\)\.Tag|chartFrom\('(oci:\/\/[a-z0-9./:_-]+)'\)\.Version)(\))? $/;

/** The Warehouse's freightCreationCriteria: the image and both charts at one version. */
export const OWN_CRITERIA =
  /^imageFrom\('[a-z0-9./:_-]+'\)\.Tag == chartFrom\('oci:\/\/[a-z0-9./:_-]+'\)\.Version && chartFrom\('oci:\/\/[a-z0-9./:_-]+'\)\.Version == chartFrom\('oci:\/\/[a-z0-9./:_-]+'\)\.Version$/;

/** Every string value inside `value`, depth first. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The objects of every YAML stream under `prefix` (e.g. `kargo/`) of a compiled tree. */
export function objectsUnder(outputs: ReadonlyMap<string, string>, prefix: string): Json[] {
  return [...outputs]
    .filter(([file]) => file.startsWith(prefix))
    .flatMap(([, text]) => parseAllDocuments(text).map((doc) => (Array.isArray(doc) ? undefined : (doc.toJS() as Json | null))))
    .filter((object): object is Json => object !== null && object !== undefined && typeof object === 'object');
}

const GO_ACTION = /\{\{.*?\}\}/gs;

/** The Go-template actions of every string of the ApplicationSets in `outputs`. */
export function argocdActions(outputs: ReadonlyMap<string, string>): Set<string> {
  return new Set(stringsIn(objectsUnder(outputs, 'argocd/')).flatMap((text) => text.match(GO_ACTION) ?? []));
}

/**
 * The first piece of engine syntax in `outputs` that the emitters did not
 * write, described, or `undefined`. `ownActions`: the Go-template actions the
 * emitters write (those of the reference fleet's output).
 */
export function foreignEngineSyntax(outputs: ReadonlyMap<string, string>, ownActions: ReadonlySet<string>): string | undefined {
  for (const text of stringsIn(objectsUnder(outputs, 'argocd/'))) {
    const rest = text.replace(GO_ACTION, (action) => (ownActions.has(action) ? '' : action));
    if (/\{\{|\}\}/.test(rest)) return `an ApplicationSet string with a foreign template action: ${JSON.stringify(text)}`;
  }
  for (const object of objectsUnder(outputs, 'kargo/')) {
    if (object['kind'] === 'Warehouse') {
      const criteria = object['spec']?.['freightCreationCriteria']?.['expression'];
      if (typeof criteria !== 'string' || !OWN_CRITERIA.test(criteria)) return `a Warehouse criteria diene does not write: ${JSON.stringify(criteria)}`;
    }
    if (object['kind'] !== 'Stage') continue;
    for (const text of stringsIn(object['spec']?.['promotionTemplate'])) {
      let expressions: string[];
      try {
        expressions = kargoExpressions(text);
      } catch {
        return `a step-config string Kargo cannot scan: ${JSON.stringify(text)}`;
      }
      const foreign = expressions.find((expression) => !OWN_KARGO_EXPRESSION.test(expression));
      if (foreign !== undefined) return `a Kargo expression diene does not write: ${JSON.stringify(foreign)} in ${JSON.stringify(text)}`;
    }
  }
  return undefined;
}

/** IPv4 ranges that are never public (RFC 6890, RFC 5737 for documentation): a subset is enough for an oracle. */
const NOT_PUBLIC_V4: readonly (readonly [string, boolean])[] = [
  ['0.0.0.0/8', false],
  ['10.0.0.0/8', false],
  ['100.64.0.0/10', false],
  ['127.0.0.0/8', false],
  ['169.254.0.0/16', false],
  ['172.16.0.0/12', false],
  ['192.0.0.0/24', false],
  ['192.168.0.0/16', false],
  ['198.18.0.0/15', false],
  ['224.0.0.0/3', false],
  ['192.0.2.0/24', true],
  ['198.51.100.0/24', true],
  ['203.0.113.0/24', true],
];

/**
 * Why the address `text` of a zone file is not public, or `undefined`: an
 * oracle written apart from compiler/2-analyze/addresses.ts, by prefix.
 * `example`: the fleet admits the documentation ranges.
 */
export function nonPublicAddress(text: string, example: boolean): string | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) {
    const address = ipaddr.IPv4.parse(text);
    for (const [cidr, documentation] of NOT_PUBLIC_V4) {
      if (documentation && example) continue;
      if (address.match(ipaddr.IPv4.parseCIDR(cidr))) return `${text} is in ${cidr}`;
    }
    return undefined;
  }
  if (!ipaddr.IPv6.isValid(text)) return undefined; // not an address at all: address_invalid, never in a zone file
  const parts = ipaddr.IPv6.parse(text).parts;
  const first = parts[0] as number;
  if (first < 0x2000 || first > 0x3fff) return `${text} is outside 2000::/3`;
  if (first === 0x2002) return `${text} is 6to4`;
  if (first === 0x2001 && (parts[1] as number) < 0x200) return `${text} is in 2001::/23 (IETF protocol assignments, Teredo)`;
  if (first === 0x2001 && parts[1] === 0xdb8 && !example) return `${text} is documentation`;
  if (first === 0x3fff && (parts[1] as number) < 0x1000) return `${text} is documentation (3fff::/20)`;
  return undefined;
}

/** Every A and AAAA value of the zone files of `outputs`. */
export function zoneAddresses(outputs: ReadonlyMap<string, string>): string[] {
  return [...outputs]
    .filter(([file]) => file.endsWith('.zone'))
    .flatMap(([, text]) => [...text.matchAll(/\sIN\s+(?:A|AAAA)\s+(\S+)$/gm)].map((match) => match[1] as string));
}
