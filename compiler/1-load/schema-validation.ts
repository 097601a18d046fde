/**
 * Validates parsed inputs against the JSON Schemas in `schemas/` (Ajv, draft-07)
 * and turns Ajv's errors into located diagnostics. The validators are
 * precompiled at build time (types/generated/validators.ts, Ajv standalone
 * code), so a run never loads Ajv nor compiles a schema; compile-schemas.ts
 * compiles them at run time, for schemas that are not built in and for the
 * tests that compare the two.
 *
 * A schema object may name the diagnostic code for one of its keywords with the
 * annotation `"x-diene-codes": {"<keyword>": "<code>"}` (e.g. a platform name's
 * `minLength` → `platform_name_too_short`); other failures get the generic
 * `schema_*` codes. Noise from `oneOf` alternatives is folded: a type or
 * combinator error at a path is dropped when a more specific error exists at
 * or below it, and the type errors left at one path merge into one.
 */
import type { ErrorObject } from 'ajv';
import { diagnose, diagnoseUnchecked, type Diagnostic, type DiagnosticArgs } from '../diagnostics/diagnostic.js';
import { isDiagnosticCode, type DiagnosticCode } from '../diagnostics/catalog.js';
import { codePointOf, firstInvisible, invisibleName } from '../diagnostics/invisible.js';
import { closestName, editDistance } from '../diagnostics/spelling.js';
import { locate, sourceTextAt, type DocumentPath, type ParsedDocument } from './parse-yaml.js';

/** The JSON Schema keywords whose failures {@link SchemaValidators.validate} maps to diagnostics. */
export const MAPPED_KEYWORDS: readonly string[] = [
  'required',
  'dependencies',
  'additionalProperties',
  'type',
  'enum',
  'const',
  'pattern',
  'propertyNames',
  'minLength',
  'maxLength',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'uniqueItems',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  // combinators and conditionals: their own errors are folded away in favour of the errors of their branches
  'anyOf',
  'oneOf',
  'if',
];

/**
 * The run's now, for a hint that gives a time to write (a missing date-time
 * key): `read` is set when a hint used it, so the finding holds only at that
 * instant and no cache may replay it at another.
 */
export interface HintClock {
  /** Unix seconds. */
  readonly now: number;
  read: boolean;
}

/** A compiled validator per input kind. */
export interface SchemaValidators {
  /** Without `clock`, a missing date-time key is hinted with its schema's example. */
  validate(kind: string, parsed: ParsedDocument, clock?: HintClock): Diagnostic[];
}

/** A validator function as Ajv makes it (compiled at run time or standalone): true when valid, else false with `errors` set. */
export type ValidatorFunction = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** {@link SchemaValidators} over `validators` (input kind → validator of its schema). */
export function schemaValidators(validators: Readonly<Record<string, ValidatorFunction>>): SchemaValidators {
  const byKind = new Map(Object.entries(validators));
  return {
    validate(kind, parsed, clock) {
      const validator = byKind.get(kind);
      if (!validator) throw new Error(`no schema for input kind "${kind}"`);
      if (validator(parsed.value)) return [];
      return toDiagnostics(kind, parsed, validator.errors ?? [], clock);
    },
  };
}

function pathOf(instancePath: string): string[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isBelowOrAt(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}/`);
}

const WEAK_KEYWORDS = new Set(['type', 'oneOf', 'anyOf', 'if', 'const', 'enum']);

/** Every path that lies strictly above the path of one of `errors` (`/stages/2` for an error at `/stages/2/1`): linear in the errors' depths. */
function pathsAboveErrors(errors: readonly ErrorObject[]): Set<string> {
  const above = new Set<string>();
  for (const { instancePath } of errors)
    for (let end = instancePath.lastIndexOf('/'); end >= 0; end = instancePath.lastIndexOf('/', end - 1)) {
      const ancestor = instancePath.slice(0, end);
      if (above.has(ancestor)) break;
      above.add(ancestor);
      if (end === 0) break;
    }
  return above;
}

function foldErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const strong = errors.filter((e) => !WEAK_KEYWORDS.has(e.keyword));
  const aboveAnError = pathsAboveErrors(errors);
  let kept = errors.filter((e) => {
    if (!WEAK_KEYWORDS.has(e.keyword)) return true;
    if (strong.some((s) => isBelowOrAt(s.instancePath, e.instancePath))) return false;
    // A type refused where another error lies deeper: one of the alternatives took the value's type (a list of stages where a
    // nested list is allowed) and failed inside it; that deeper error is the one to fix.
    if (e.keyword === 'type' && aboveAnError.has(e.instancePath)) return false;
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') {
      return !errors.some((o) => o !== e && isBelowOrAt(o.instancePath, e.instancePath) && !['oneOf', 'anyOf', 'if'].includes(o.keyword));
    }
    return true;
  });
  // A bad key under propertyNames is reported twice by Ajv: the inner keyword (with propertyName) and propertyNames itself.
  const namedKeys = new Set(
    kept
      .filter((e) => (e as ErrorObject & { propertyName?: string }).propertyName !== undefined)
      .map((e) => `${e.instancePath} ${(e as ErrorObject & { propertyName?: string }).propertyName}`),
  );
  // An empty string fails both minLength and pattern; the length says it better.
  const tooShort = new Set(kept.filter((e) => e.keyword === 'minLength').map((e) => e.instancePath));
  kept = kept.filter((e) => !(e.keyword === 'pattern' && tooShort.has(e.instancePath)));
  const typesAtPath = new Map<string, Set<string>>();
  for (const e of kept.filter((k) => k.keyword === 'type')) {
    const types = typesAtPath.get(e.instancePath) ?? new Set<string>();
    for (const t of String((e.params as { type: string | string[] }).type).split(',')) types.add(t);
    typesAtPath.set(e.instancePath, types);
  }
  const seen = new Set<string>();
  return kept
    .map((e) => (e.keyword === 'type' ? { ...e, params: { type: [...(typesAtPath.get(e.instancePath) ?? [])] } } : e))
    .filter((e) => {
      if (e.keyword === 'propertyNames' && namedKeys.has(`${e.instancePath} ${(e.params as { propertyName: string }).propertyName}`)) return false;
      const key = e.keyword === 'type' ? `${e.instancePath} type` : `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** What to write where a key has nothing after it (YAML's null), by what its schema expects; the hint's first words. */
function nothingWritten(key: string | number | undefined, expected: readonly string[]): string {
  if (typeof key !== 'string') return '';
  if (expected.includes('string')) return `nothing follows "${key}:", which YAML reads as null: write its value (${key}: "" for an empty string); `;
  if (expected.includes('object')) return `nothing is written under "${key}:": indent its keys under it, two spaces in; `;
  if (expected.includes('array')) return `nothing is written under "${key}:": write its items under it, one "- item" a line; `;
  return `nothing follows "${key}:", which YAML reads as null: write its value; `;
}

/**
 * What makes `value` no name (`^[a-z][a-z0-9]*$`), for the message: the first character outside the
 * alphabet by its code point and place, so a look-alike (Cyrillic "о" for "o") or an invisible one is
 * found at once; a leading digit as such. Empty for a name that breaks no character rule.
 */
function nameCulprit(value: string): string {
  const characters = [...value];
  const at = characters.findIndex((c) => !/^[a-z0-9]$/.test(c));
  if (at === -1) return /^[0-9]/.test(value) ? `: it starts with the digit "${characters[0]}"` : '';
  const character = characters[at] as string;
  const codePoint = `U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
  const shown = /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(character) ? `"${character}" (${codePoint})` : codePoint;
  return `: it holds ${shown} at character ${at + 1}`;
}

/**
 * Whether `source` in quotes would pass the string checks of `schema` (its
 * enum and pattern): the hint suggests quotes only then, else says what the
 * value must be (`tier: 1` is no tier quoted either).
 */
function quotedStillInvalid(
  schema: Record<string, unknown>,
  source: string,
): { quoted: 'valid' | 'enum' | 'pattern'; allowed: string; pattern: string; about: string } {
  const allowed = schema['enum'];
  if (Array.isArray(allowed) && !allowed.includes(source))
    return { quoted: 'enum', allowed: allowed.map((v) => JSON.stringify(v)).join(', '), pattern: '', about: '' };
  const pattern = schema['pattern'];
  if (typeof pattern === 'string' && !new RegExp(pattern, 'u').test(source)) {
    const about = describedAs(schema)
      .replace(/; $/, '')
      .replace(/\s*\([^()]*\.md\)$/, '');
    return { quoted: 'pattern', allowed: '', pattern, about: about === '' ? '' : `: ${about}` };
  }
  return { quoted: 'valid', allowed: '', pattern: '', about: '' };
}

/** The fix for a number written in quotes (`ttl: "60"`) or with a unit (`ttl: "60s"`) where the schema wants a number. */
function quotedNumber(data: unknown, expected: readonly string[]): string {
  if (typeof data !== 'string' || !(expected.includes('integer') || expected.includes('number'))) return '';
  const written = data.trim();
  if (/^-?\d+(?:\.\d+)?$/.test(written)) return `write ${written} without quotes: in quotes YAML reads it as a string; `;
  if (/^-?\d+(?:\.\d+)?\s*[a-z]+$/i.test(written)) return "write a plain number, without quotes or a unit (the schema's description gives the unit); ";
  return '';
}

/** `value` as JSON, its invisible characters written as escapes (`"prod\\u202e"`), so the message shows what is in it. */
function shownEscaped(value: string): string {
  return JSON.stringify(value).replace(/[\p{Zs}\p{Zl}\p{Zp}\p{Cf}]/gu, (character) => {
    if (character === ' ') return character;
    const point = character.codePointAt(0) as number;
    return point > 0xffff ? `\\u{${point.toString(16)}}` : `\\u${point.toString(16).padStart(4, '0')}`;
  });
}

/** A key as a message shows it between quotes: invisible characters written as escapes (`ti\\u200ber`), so it differs on screen from the key it looks like. */
function shownKey(key: string): string {
  return firstInvisible(key) === undefined ? key : shownEscaped(key).slice(1, -1);
}

/** What a key's invisible character is and where (`it holds an invisible ZERO WIDTH SPACE (U+200B) at character 3: delete it; `), or ''. */
function invisibleInKey(key: string): string {
  const invisible = firstInvisible(key);
  return invisible === undefined
    ? ''
    : `it holds an invisible ${invisibleName(invisible.character)} (${codePointOf(invisible.character)}) at character ${invisible.position}: delete it; `;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  return typeof value;
}

function codeFor(error: ErrorObject): DiagnosticCode | undefined {
  const codes = (error.parentSchema as Record<string, unknown> | undefined)?.['x-diene-codes'] as Record<string, string> | undefined;
  // `required:<key>` names the code of one missing key; `required` the code of the others.
  const missing = error.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  const code = (missing !== undefined ? codes?.[`required:${missing}`] : undefined) ?? codes?.[error.keyword];
  return code && isDiagnosticCode(code) ? code : undefined;
}

/** "did you mean X?" for a misspelt key, else the list of allowed keys. */
export function suggestKey(key: string, allowed: readonly string[]): string {
  const sorted = [...allowed].sort();
  const closest = closestName(key, sorted);
  if (closest !== undefined) return `did you mean "${closest}"? (allowed keys: ${sorted.join(', ')})`;
  return sorted.length > 0 ? `remove it; allowed keys here: ${sorted.join(', ')}` : 'remove it';
}

function lengthLimit(schema: Record<string, unknown>): string {
  const min = schema['minLength'];
  const max = schema['maxLength'];
  if (typeof min === 'number' && typeof max === 'number') return `${min}–${max}`;
  if (typeof min === 'number') return `at least ${min}`;
  return `at most ${String(max)}`;
}

/** `value` as a mapping (a plain object), else `undefined`. */
function mappingOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The properties of `schema` whose mapping holds `key` (in the schema itself,
 * through a local `$ref`, or in one of the schema's examples): where a key
 * found one level too far out belongs. `written` is the mapping the key was
 * found in: a home that already holds the key there is none, and of several,
 * those left empty there (`intake:` with its keys unindented below it) are the
 * ones meant. Empty when no home is known.
 */
function nestedHomes(schema: Record<string, unknown>, key: string, written: Record<string, unknown> | undefined): string[] {
  const homes = new Set<string>();
  const definitions = mappingOf(schema['definitions']);
  for (const [property, declared] of Object.entries(mappingOf(schema['properties']) ?? {})) {
    const ref = mappingOf(declared)?.['$ref'];
    const resolved =
      typeof ref === 'string' && ref.startsWith('#/definitions/') ? mappingOf(definitions?.[ref.slice('#/definitions/'.length)]) : mappingOf(declared);
    if (Object.prototype.hasOwnProperty.call(mappingOf(resolved?.['properties']) ?? {}, key)) homes.add(property);
  }
  const examples = Array.isArray(schema['examples']) ? (schema['examples'] as unknown[]) : [];
  for (const example of examples)
    for (const [property, value] of Object.entries(mappingOf(example) ?? {}))
      if (Object.prototype.hasOwnProperty.call(mappingOf(value) ?? {}, key)) homes.add(property);
  const open = [...homes].filter((home) => !Object.prototype.hasOwnProperty.call(mappingOf(written?.[home]) ?? {}, key));
  const empty = open.filter((home) => written !== undefined && Object.prototype.hasOwnProperty.call(written, home) && written[home] === null);
  return empty.length > 0 ? empty : open;
}

/** The value at `path` of `value`, `undefined` when there is none. */
function valueAt(value: unknown, path: DocumentPath): unknown {
  let at = value;
  for (const step of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[step];
  }
  return at;
}

/** The schema's own description of a value, as the start of a hint (`<description>; `): a regular expression says little at 2 a.m. */
function describedAs(schema: Record<string, unknown>): string {
  const description = schema['description'];
  if (typeof description !== 'string' || description === '') return '';
  // "The image tag: …" reads as the start of the hint: "the image tag: …" (an acronym such as "DNS" keeps its case).
  const start = /^[A-Z][a-z ]/.test(description) ? description.charAt(0).toLowerCase() + description.slice(1) : description;
  // A closing list of the diagnostic codes the value's other checks give ("(`git_branch_invalid`, `input_engine_syntax`)") is for
  // the reader of the schema: in a hint it reads as noise.
  return `${start.replace(/\.$/, '').replace(/\s*\((?:`[a-z0-9_]+`(?:, )?)+\)$/, '')}; `;
}

/**
 * ` <value>` of a missing `key`, for a hint. A name at the top of a file is the
 * file's own (a landscape's name equals its file name, a platform's its
 * folder's). Else the value of the first of the schema's examples that has
 * the key, when it is no name from the examples' fleet (a number, a boolean,
 * one of the key's allowed words); else a placeholder (` <region>`).
 */
function exampleOf(schema: Record<string, unknown>, key: string, path: DocumentPath, file: string): string {
  if (key === 'name' && path.length === 0) {
    const parts = file.replace(/\.(?:ya?ml|json)$/, '').split('/');
    const name = parts.at(-1) === 'platform' ? parts.at(-2) : parts.at(-1);
    if (name !== undefined && /^[a-z][a-z0-9-]*$/.test(name)) return ` ${name}`;
  }
  const allowed = mappingOf(mappingOf(schema['properties'])?.[key])?.['enum'];
  const examples = Array.isArray(schema['examples']) ? (schema['examples'] as unknown[]) : [];
  for (const example of examples)
    if (example !== null && typeof example === 'object' && Object.prototype.hasOwnProperty.call(example, key)) {
      const value = (example as Record<string, unknown>)[key];
      if (typeof value !== 'string' || (Array.isArray(allowed) && allowed.includes(value))) return ` ${JSON.stringify(value)}`;
      return ` <${key}>`;
    }
  return '';
}

/** `seconds` (Unix) as an RFC 3339 time in UTC, to the second, as a schema's date-time takes it: 2026-12-02T06:22:07Z. */
export function utcSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * ` "<now>"` for a missing `key` whose schema is an RFC 3339 date-time (a
 * row's valuesSince): the time to write is now, to the second in UTC as the
 * row rules print it, which the schema's example date never is once it is
 * read. `undefined` for any other key, or without a clock.
 */
function datedExample(schema: Record<string, unknown>, key: string, clock: HintClock | undefined): string | undefined {
  const properties = (schema['properties'] ?? {}) as Record<string, { format?: unknown } | undefined>;
  if (clock === undefined || !Object.prototype.hasOwnProperty.call(properties, key) || properties[key]?.format !== 'date-time') return undefined;
  clock.read = true;
  return ` ${JSON.stringify(utcSeconds(clock.now))}`;
}

/**
 * The example of a date-time hint: the value itself made whole when it is
 * a date or a local time (what is missing said after it), else a fixed one:
 * a date alone and a time without zone are the usual slips, and RFC 3339
 * wants both the time and the zone.
 */
function dateTimeExample(data: unknown): string {
  const text = typeof data === 'string' ? data.trim() : '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text}T00:00:00Z (a date alone is no date-time: add the time and Z, which is UTC)`;
  const local = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?$/.exec(text);
  if (local) return `${local[1]}T${local[2]}${local[3] ?? ':00'}Z (the time has no zone: Z is UTC, or write an offset such as +02:00)`;
  return FORMAT_EXAMPLES['date-time'] as string;
}

/** A valid value of each string format the schemas use, for the hint's "e.g." (test/1-load/schema-validation.test.ts checks each is valid). */
export const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  date: '2027-01-31',
  'date-time': '2026-11-20T10:00:00Z',
  uri: 'https://example.org',
};

/** The example of a date hint: the day of a date-time written where a date alone belongs, else a fixed date. */
function dateExample(data: unknown): string {
  const day = typeof data === 'string' ? /^(\d{4}-\d{2}-\d{2})[Tt ]/.exec(data.trim()) : null;
  return day ? `${day[1]} (a date alone, without the time)` : (FORMAT_EXAMPLES['date'] as string);
}

function toDiagnostic(kind: string, parsed: ParsedDocument, error: ErrorObject, clock: HintClock | undefined): Diagnostic {
  const schema = `${kind}.schema.json`;
  const path: DocumentPath = pathOf(error.instancePath);
  const override = codeFor(error);
  const parentSchema = (error.parentSchema ?? {}) as Record<string, unknown>;
  const data = error.data;
  const shown = typeof data === 'string' ? JSON.stringify(data) : describe(data);
  switch (error.keyword) {
    case 'required':
    case 'dependencies': {
      const key = String((error.params as { missingProperty: string }).missingProperty);
      // A key another one needs (`values` needs `valuesSince`) is missing where that one is written.
      const needer = error.keyword === 'dependencies' ? String((error.params as { property: string }).property) : undefined;
      // A key missing from a nested mapping is shown at that mapping's own key (`pin:`), not at its first entry.
      const where =
        needer !== undefined ? locate(parsed, [...path, needer], 'key') : typeof path.at(-1) === 'string' ? locate(parsed, path, 'key') : locate(parsed, path);
      if (override) return diagnoseUnchecked(where, override, { missing: error.instancePath === '' ? `"${key}"` : `"${path.join('.')}.${key}"`, key });
      return diagnose(where, 'schema_required', {
        key,
        because: needer === undefined ? '' : `, which "${needer}" needs`,
        example: datedExample(parentSchema, key, clock) ?? exampleOf(parentSchema, key, path, parsed.file.path),
        schema,
      });
    }
    case 'additionalProperties': {
      const key = String((error.params as { additionalProperty: string }).additionalProperty);
      const allowed = Object.keys((parentSchema['properties'] as object | undefined) ?? {});
      const suggestion = suggestKey(key, allowed);
      // Not a misspelling but a key of a nested mapping written one level too far out (an indent lost): say where it goes.
      const homes = suggestion.startsWith('remove it') ? nestedHomes(parentSchema, key, mappingOf(valueAt(parsed.value, path))) : [];
      // A claim is JSON: its keys move into an object, indentation says nothing there.
      const json = parsed.file.path.endsWith('.json');
      const home =
        homes.length !== 1
          ? `"${key}" is a key of ${homes.map((h) => `"${h}"`).join(' and of ')}: ${json ? 'move it into the object' : 'indent it under the one'} it belongs to`
          : json
            ? `"${key}" is a key of "${homes[0]}": move it into the "${homes[0]}" object, beside the keys there`
            : `"${key}" is a key of "${homes[0]}": indent it under ${homes[0]}: like the keys beside it there`;
      return diagnoseUnchecked(locate(parsed, [...path, key], 'key'), override ?? 'schema_unknown_property', {
        key: shownKey(key),
        suggestion: `${invisibleInKey(key)}${homes.length > 0 ? home : suggestion}`,
      });
    }
    case 'type': {
      const expected = String((error.params as { type: string | string[] }).type)
        .split(',')
        .join(' or ');
      if (expected.split(' or ').includes('string') && (typeof data === 'number' || typeof data === 'boolean')) {
        const source = sourceTextAt(parsed, path) ?? String(data);
        return diagnose(locate(parsed, path), 'yaml_number_for_string', {
          source,
          value: String(data),
          read: typeof data === 'boolean' ? 'boolean' : 'number',
          ...quotedStillInvalid(parentSchema, source),
        });
      }
      // yes/no/on/off are YAML 1.1 booleans; in YAML 1.2 they are strings: say the word to write.
      const word = typeof data === 'string' ? /^(?:(yes|y|on|true)|(no|n|off|false))$/i.exec(data) : null;
      if (!override && word && expected.split(' or ').includes('boolean')) {
        return diagnose(locate(parsed, path), 'yaml_boolean_word', { value: data as string, key: String(path.at(-1) ?? ''), bool: word[1] ? 'true' : 'false' });
      }
      // The key is named: the caret alone may point at a value far from it (a flow list, say).
      const at = path.length === 0 ? '' : ` at "${path.join('.')}"`;
      return diagnoseUnchecked(locate(parsed, path), override ?? 'schema_type', {
        expected: article(expected),
        at,
        actual: describe(data),
        fix: data === null ? nothingWritten(path.at(-1), expected.split(' or ')) : quotedNumber(data, expected.split(' or ')),
        schema,
      });
    }
    case 'enum': {
      const allowedValues = (error.params as { allowedValues: unknown[] }).allowedValues ?? [];
      const closest =
        typeof data === 'string'
          ? closestName(
              data,
              allowedValues.filter((v): v is string => typeof v === 'string'),
            )
          : undefined;
      const invisible = typeof data === 'string' ? firstInvisible(data) : undefined;
      return diagnoseUnchecked(locate(parsed, path), override ?? 'schema_enum', {
        value: typeof data === 'string' ? shownEscaped(data) : shown,
        culprit: invisible
          ? `: it holds an invisible ${invisibleName(invisible.character)} (${codePointOf(invisible.character)}) at character ${invisible.position}`
          : '',
        allowed: allowedValues.map((v) => JSON.stringify(v)).join(', '),
        suggestion: `${invisible ? 'delete the invisible character; ' : ''}${closest === undefined ? '' : `did you mean ${JSON.stringify(closest)}? `}`,
      });
    }
    case 'const':
      return diagnoseUnchecked(locate(parsed, path), override ?? 'schema_enum', {
        value: shown,
        culprit: '',
        allowed: JSON.stringify((error.params as { allowedValue: unknown }).allowedValue),
      });
    case 'pattern': {
      const propertyName = (error as ErrorObject & { propertyName?: string }).propertyName;
      if (propertyName !== undefined) {
        return diagnoseUnchecked(locate(parsed, [...path, propertyName], 'key'), override ?? 'schema_pattern', {
          value: override ? propertyName : JSON.stringify(propertyName),
          culprit: nameCulprit(propertyName),
          pattern: String(parentSchema['pattern']),
          about: describedAs(parentSchema),
          schema,
        });
      }
      return diagnoseUnchecked(locate(parsed, path), override ?? 'schema_pattern', {
        value: override && typeof data === 'string' ? data : shown,
        culprit: typeof data === 'string' ? nameCulprit(data) : '',
        pattern: String(parentSchema['pattern']),
        about: describedAs(parentSchema),
        schema,
      });
    }
    case 'propertyNames': {
      const name = String((error.params as { propertyName: string }).propertyName);
      return diagnoseUnchecked(locate(parsed, [...path, name], 'key'), override ?? 'schema_pattern', {
        value: JSON.stringify(name),
        pattern: 'the allowed key pattern',
        schema,
      });
    }
    case 'minLength':
    case 'maxLength': {
      const value = typeof data === 'string' ? data : String(data);
      const args: DiagnosticArgs = {
        value,
        length: [...value].length,
        limit: lengthLimit(parentSchema),
        bound: error.keyword === 'maxLength' ? 'more' : 'fewer',
        count: (error.params as { limit: number }).limit,
        schema,
      };
      return diagnoseUnchecked(locate(parsed, path), override ?? 'schema_length', { ...args, value: override ? value : shown });
    }
    case 'format': {
      const format = String((error.params as { format: string }).format);
      const example = format === 'date-time' ? dateTimeExample(data) : format === 'date' ? dateExample(data) : (FORMAT_EXAMPLES[format] ?? format);
      return diagnoseUnchecked(locate(parsed, path), override ?? 'schema_format', { value: shown, format, example });
    }
    case 'uniqueItems': {
      const { i, j } = error.params as { i: number; j: number };
      const later = Math.max(i, j);
      const item = Array.isArray(data) ? data[later] : undefined;
      return diagnoseUnchecked(locate(parsed, [...path, later]), override ?? 'schema_duplicate_item', {
        index: ordinal(later + 1),
        first: ordinal(Math.min(i, j) + 1),
        value: JSON.stringify(item),
      });
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const { comparison, limit } = error.params as { comparison: '<=' | '>=' | '<' | '>'; limit: number };
      return diagnoseUnchecked(locate(parsed, path), override ?? 'schema_range', { value: shown, comparison, limit, schema });
    }
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties': {
      const { limit } = error.params as { limit: number };
      return diagnoseUnchecked(locate(parsed, path), override ?? 'schema_count', { schema, ...countWords(path, data, error.keyword, limit) });
    }
    default:
      // Every keyword the schemas use is mapped above (test/1-load/schema-validation.test.ts checks it): reaching here is a bug.
      throw new Error(`no diagnostic mapping for JSON Schema keyword "${error.keyword}" (${schema} ${error.schemaPath})`);
  }
}

/** The singular of a key naming a list (`stages` → `stage`, `addresses` → `address`), or `undefined` for a key that is no plural. */
function singular(key: string): string | undefined {
  if (/(?:ss|x|ch|sh)es$/.test(key)) return key.slice(0, -2);
  if (/[^aeiou]ies$/.test(key)) return `${key.slice(0, -3)}y`;
  if (/[^s]s$/.test(key)) return key.slice(0, -1);
  return undefined;
}

/** The words of a count error in the field's terms: `"stages"`, `is empty`, `at least one stage`. */
function countWords(path: DocumentPath, data: unknown, keyword: string, limit: number): { subject: string; size: string; need: string } {
  const key = path.at(-1);
  const subject = typeof key === 'string' ? `"${key}"` : key === undefined ? 'the file' : `item ${key + 1} of "${path.slice(0, -1).join('.')}"`;
  const count = Array.isArray(data) ? data.length : data !== null && typeof data === 'object' ? Object.keys(data).length : 0;
  const thing = (typeof key === 'string' ? singular(key) : undefined) ?? (keyword.endsWith('Items') ? 'item' : 'key');
  const things = (n: number): string => (n === 1 ? `one ${thing}` : `${n} ${thing}s`);
  return {
    subject,
    size: count === 0 ? 'is empty' : `holds ${things(count)}`,
    need: `${keyword.startsWith('max') ? 'at most' : 'at least'} ${things(limit)}`,
  };
}

function article(types: string): string {
  return types
    .split(' or ')
    .map((t) => (t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : t === 'integer' ? 'an integer' : t === 'null' ? 'null' : `a ${t}`))
    .join(' or ');
}

/** The required key missing beside `unknown` (an unknown key at the same place) that it is a close spelling of, if any. */
function misspeltRequired(unknown: ErrorObject, errors: readonly ErrorObject[]): ErrorObject | undefined {
  const key = String((unknown.params as { additionalProperty: string }).additionalProperty).toLowerCase();
  const distance = (e: ErrorObject) => editDistance(key, String((e.params as { missingProperty: string }).missingProperty).toLowerCase());
  return errors
    .filter((e) => e.keyword === 'required' && e.instancePath === unknown.instancePath && distance(e) <= 2)
    .sort((a, b) => distance(a) - distance(b))[0];
}

function toDiagnostics(kind: string, parsed: ParsedDocument, errors: readonly ErrorObject[], clock: HintClock | undefined): Diagnostic[] {
  const kept = foldErrors(errors);
  // A misspelt required key is one mistake: the unknown key, named with the key it stands for; the missing key is folded under it.
  const misspelt = new Map<ErrorObject, string>();
  const folded = new Set<ErrorObject>();
  for (const unknown of kept.filter((e) => e.keyword === 'additionalProperties')) {
    const required = misspeltRequired(
      unknown,
      kept.filter((e) => !folded.has(e)),
    );
    if (!required) continue;
    folded.add(required);
    misspelt.set(unknown, String((required.params as { missingProperty: string }).missingProperty));
  }
  // A number or boolean where a string of a list of words belongs (`tier: 1`) fails both the type and the list: one mistake, said once.
  const readAsNumber = new Set(
    kept
      .filter((e) => e.keyword === 'type' && (typeof e.data === 'number' || typeof e.data === 'boolean'))
      .filter((e) =>
        String((e.params as { type: string | string[] }).type)
          .split(',')
          .includes('string'),
      )
      .map((e) => e.instancePath),
  );
  return kept
    .filter((error) => !folded.has(error))
    .filter((error) => !((error.keyword === 'enum' || error.keyword === 'const') && readAsNumber.has(error.instancePath)))
    .map((error) => {
      const expected = misspelt.get(error);
      if (expected === undefined) return toDiagnostic(kind, parsed, error, clock);
      const key = String((error.params as { additionalProperty: string }).additionalProperty);
      const allowed = Object.keys(((error.parentSchema ?? {}) as { properties?: object }).properties ?? {}).sort();
      return diagnose(locate(parsed, [...pathOf(error.instancePath), key], 'key'), 'schema_key_misspelt', {
        key: shownKey(key),
        expected,
        allowed: allowed.join(', '),
      });
    });
}

/** `n` as an English ordinal (1st, 2nd, 3rd, 4th, 11th, 21st): a list's items are counted from 1 for people. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
