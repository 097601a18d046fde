/**
 * Outputs keyed by what they are made from. A keyed emitter is a module-level
 * function of declared slices of the model (the registry's settings and
 * clusters, one platform, one book…) and of nothing else (but the plan's
 * YAML writer, which writes the same bytes whatever it remembers): it cannot reach the
 * rest of the model, so the key of its output, the digest of the emitter's
 * name and of its slices' values, names everything the bytes depend on
 * besides the compiler itself. Two makes with the same key give the same
 * bytes: a compile that finds an output's key in the record of the last
 * compile into the same directory, by the same compiler, knows the output's
 * digest without making it (`knownDigests` in output-plan.ts; the record is
 * the cache's `slices/`, incremental/compile-cache.ts).
 *
 * A slice's digest is the SHA-256 of a canonical encoding of its value
 * ({@link encodeSlice}) that tells apart every two values an emitter can tell
 * apart: -0 and 0, NaN and null, a property set to undefined and one that
 * is absent, the order of an object's keys, a hole in an array, a lone
 * surrogate and U+FFFD. It is written to the hash in small pieces of the V8
 * heap: V8's own serializer (`node:v8`) tells the same values apart, and a
 * test holds the encoding to it, but it returns each slice in a buffer
 * outside the heap, freed only at the next collection, which raised the
 * peak memory of a large compile past its target.
 * Slices are plain data (a test walks every slice of the reference fleet);
 * anything else is refused with an Error (a bug of the emitter's caller).
 */
import { createHash } from 'node:crypto';
import type { YamlWriter } from './serialize.js';

/** One slice of the model an output is made from, with the digest of its value (made once, when first asked). */
export class SlicePart<T> {
  #digest: string | undefined;
  constructor(readonly value: T) {}
  get digest(): string {
    if (this.#digest === undefined) {
      const hash = createHash('sha256');
      encodeSlice(this.value, hash);
      this.#digest = hash.digest('hex');
    }
    return this.#digest;
  }
}

/** What {@link encodeSlice} writes to: a hash (node:crypto's, or any sink that takes UTF-16 text). */
export interface SliceSink {
  update(text: string, encoding: 'utf16le'): unknown;
}

/** How many UTF-16 units of encoding go to the hash at a time: small strings, which the young generation frees. */
const PIECE = 16 * 1024;

/**
 * Writes the canonical encoding of `value` to `hash`: a tag per value
 * (`n` null, `u` undefined, `t`/`f`, `d<number>;` with `-0` spelt out,
 * `b<bigint>;`, `s<length>:<units>`, `a<length>[…]` with `h` for a hole,
 * `o<count>{<key><value>…}` in the object's key order, `m<size>{…}` for a
 * Map, `S<size>{…}` for a Set, each in its order), every string as UTF-16 code units, so no two values that differ in
 * any of these ways encode alike. Throws on anything but plain data (a
 * function, a symbol, an instance of a class): a bug of the emitter's caller.
 */
export function encodeSlice(value: unknown, hash: SliceSink): void {
  let piece = '';
  const put = (text: string): void => {
    piece += text;
    if (piece.length >= PIECE) {
      hash.update(piece, 'utf16le');
      piece = '';
    }
  };
  const encode = (current: unknown): void => {
    switch (typeof current) {
      case 'string':
        put(`s${current.length}:`);
        put(current);
        return;
      case 'number':
        put(`d${Object.is(current, -0) ? '-0' : String(current)};`);
        return;
      case 'boolean':
        put(current ? 't' : 'f');
        return;
      case 'undefined':
        put('u');
        return;
      case 'bigint':
        put(`b${String(current)};`);
        return;
      case 'object': {
        if (current === null) return put('n');
        if (Array.isArray(current)) {
          put(`a${current.length}[`);
          for (let i = 0; i < current.length; i++) {
            if (i in current) encode(current[i]);
            else put('h');
          }
          return put(']');
        }
        if (current instanceof Map) {
          put(`m${current.size}{`);
          for (const [key, item] of current) {
            encode(key);
            encode(item);
          }
          return put('}');
        }
        if (current instanceof Set) {
          put(`S${current.size}{`);
          for (const item of current) encode(item);
          return put('}');
        }
        const prototype = Object.getPrototypeOf(current) as unknown;
        if (prototype !== Object.prototype && prototype !== null) break;
        if (Object.getOwnPropertySymbols(current).length > 0) break;
        const keys = Object.keys(current);
        put(`o${keys.length}{`);
        for (const key of keys) {
          encode(key);
          encode((current as Record<string, unknown>)[key]);
        }
        return put('}');
      }
    }
    const what = typeof current === 'object' ? `an instance of ${(current as object).constructor?.name ?? 'a class'}` : `a ${typeof current}`;
    throw new Error(`a slice of the model holds ${what}, which is not plain data`);
  };
  encode(value);
  if (piece.length > 0) hash.update(piece, 'utf16le');
}

/**
 * A named emitter of one output file from slices of the model alone. `yaml`
 * is the writer of the plan's YAML files: what it remembers between them
 * makes writing faster, never different, so it is no part of a key.
 */
export interface KeyedEmitter<P extends readonly unknown[]> {
  /** Unique among the keyed emitters: part of every key. */
  readonly name: string;
  readonly emit: (slices: P, yaml: YamlWriter) => string;
}

/** What a keyed output is made from, and its key. */
export interface OutputSlice {
  readonly emitter: string;
  readonly parts: readonly SlicePart<unknown>[];
  /** `sha256:<hex>` of the emitter's name and the parts' digests. */
  key(): string;
  /** The output made again from copies of the parts' values (the test that holds emitters to their slices). */
  remake(copy: (value: unknown) => unknown): string;
}

/** How to make one output's text; `slice`, on a keyed output, names what it is made from. */
export type MakeOutput = (() => string) & { readonly slice?: OutputSlice };

/** The output `emitter` makes from `parts`, keyed by them, with the plan's writer `yaml`. */
export function keyedOutput<P extends readonly unknown[]>(
  yaml: YamlWriter,
  emitter: KeyedEmitter<P>,
  ...parts: { [K in keyof P]: SlicePart<P[K]> }
): MakeOutput {
  const values = (): P => parts.map((part) => part.value) as unknown as P;
  let key: string | undefined;
  const slice: OutputSlice = {
    emitter: emitter.name,
    parts,
    key() {
      if (key === undefined) {
        const hash = createHash('sha256').update(`${emitter.name}\0`);
        for (const part of parts) hash.update(`${part.digest}\0`);
        key = `sha256:${hash.digest('hex')}`;
      }
      return key;
    },
    remake: (copy) => emitter.emit(parts.map((part) => copy(part.value)) as unknown as P, yaml),
  };
  return Object.assign(() => emitter.emit(values(), yaml), { slice });
}
