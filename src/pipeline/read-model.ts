/**
 * A read model: one lookup file (lib/keyed-file.ts) declared once, in its source's contract. The
 * declaration holds the file's name and path, its key (a packedKey, or one column), its line's fields as
 * a TypeBox schema with the SQL of each, the order of its lines and its frame size. From it the build takes
 * the key and line SQL (lookup-files.ts `lookupOf`), the server a reader that packs keys and decodes lines
 * the same way for every file, and test/docs/read-models.test.ts the table in docs/architecture.md.
 *
 * A line is one of four forms:
 * - `array`: a JSON array of the fields' values in the schema's order (a third of an object's bytes for
 *   rows of few characters each); decoding names each position, without checking it, and makes again the
 *   objects written as arrays of their values (`packed`);
 * - `object`: a JSON object of the fields in the schema's order (nested values, or rows an operation sends
 *   nearly as they are);
 * - `list`: a JSON array of one field's values, one line per key (a key's values gathered by the
 *   writer's GROUP BY; the field's SQL may order them: `pos ORDER BY pos`);
 * - `rendered`: the API body itself, built by the build with one SQL expression and sent as it is
 *   (src/http/raw-json.ts); `fields` is the body's schema and decoding is none.
 * Decoding never checks a line against the schema: a page reads hundreds of lines, and the tests check
 * the lines of a built snapshot instead (test/pipeline/contracts.test.ts).
 *
 * An array line's leading fields can be read without parsing it (`peek`), where every field before the
 * one read is a string of fixed width (a schema with minLength = maxLength, such as a date): a page that
 * filters or merges lines by them then parses only the lines it returns.
 */
import type { Static, TObject } from '@sinclair/typebox'
import type { FrameBudget, KeyedFile } from '../lib/keyed-file.ts'
import type { PackedKey } from './contract.ts'

export type LineForm = 'array' | 'object' | 'list' | 'rendered'

/** What reads the snapshot's lookup files: the server's `Db` (src/db/client.ts). */
export type LookupFiles<N extends string> = { lookup(name: N): KeyedFile }

export type ReadModelSpec<N extends string, K, S extends TObject, F extends LineForm> = {
  name: N
  /** Path in the snapshot without extension (the keyed file's extensions are added). */
  path: string
  key: PackedKey<K>
  /** A sentence for the docs: what the key is. */
  keyIs: string
  line: F
  fields: S
  /** Each field's SQL where it is not the column of the same name (a cast, an alias's column, a nested value). */
  sql?: { [P in keyof Static<S>]?: string }
  /** For a `rendered` line: the SQL of the whole body (its fields are the body's schema, not columns). */
  renderedSql?: string
  /** The lines of one key, in the order they are stored and read. */
  order: string
  /**
   * Fields of an array line whose value is an object (or null) written as the array of its values in its
   * schema's order, its names left out, as the line's own fields are: decoding makes the object again. For
   * objects on every line (a point's first vintage), where their names were a fifth of the line's bytes,
   * and of what decompressing and parsing it cost. A field that is a list of such objects (or null) is
   * written as a list of such arrays.
   */
  packed?: readonly (keyof Static<S> & string)[]
  /** Uncompressed bytes per frame, where not the writer's 16 KB. */
  frameBytes?: number
  /**
   * Where a key's lines start a frame of their own: a new key starts a new frame once the frame being
   * filled holds this many bytes (lib/keyed-file.ts). For a file read a few keys at a time (a company's
   * series): a read of a key then decompresses at most this many bytes of the keys before it, not up to a
   * whole frame of them.
   */
  keyFrameAfter?: number
}

type Row<S extends TObject, F extends LineForm> = F extends 'rendered'
  ? string
  : F extends 'list'
    ? Static<S>[keyof Static<S>][]
    : Static<S>

export type ReadModel<N extends string, K, S extends TObject, F extends LineForm> = ReadModelSpec<N, K, S, F> & {
  /** The line's SQL: a JSON array or object of the fields in order, or the rendered body, as VARCHAR. */
  lineSql: string
  /** A line as its record (array positions named, object parsed), or the rendered body as it is. */
  decode(line: string): Row<S, F>
  /**
   * A decoder of array lines that gives each row more fields after the line's own (`extra`), made in the
   * same object literal: every row has its one shape from the start, where fields added to a decoded row
   * (or a row spread into another) stepped each row through more shapes, and a series answer decodes a
   * few hundred rows. The fields' values are `values`, in `extra`'s order, or what `values` makes of the
   * line's own values (in field order: `positionOf`). Made once per list of fields, at module load.
   */
  decodeWith<X extends Record<string, unknown>>(
    extra: readonly (keyof X & string)[],
  ): (line: string, values: ExtraValues) => Row<S, F> & X
  /** A field's position in an array line (decodeWith's `values` reads the line's values by it). */
  positionOf(field: keyof Static<S> & string): number
  /** The records of `key`, in stored order. */
  get(db: LookupFiles<N>, key: K): Row<S, F>[]
  /** The records of `key` one by one, reading a frame only when needed (KeyedFile.lines). */
  lines(db: LookupFiles<N>, key: K, budget?: FrameBudget): Generator<Row<S, F>>
  /** The records of several keys, each frame read once (KeyedFile.getMany). */
  getMany(db: LookupFiles<N>, keys: readonly K[]): Row<S, F>[][]
  /** The records of the keys in [from, to), in key order (KeyedFile.range): a slice of positions, or of a packed key's last part. */
  range(db: LookupFiles<N>, from: K, to: K): Generator<Row<S, F>>
  /**
   * The lines of `key` undecoded, for a reader that picks one line of many by a text test before decoding
   * it (a manager's one quarter of dozens): `decode` then reads the one line picked.
   */
  lineTexts(db: LookupFiles<N>, key: K): string[]
  /** The lines of `key` undecoded, one by one (KeyedFile.lines), for a reader that tests them with `peek` first. */
  lineTextsOneByOne(db: LookupFiles<N>, key: K, budget?: FrameBudget): Generator<string>
  /** The lines of `key` undecoded, passing over the frames whose heads `passes` (KeyedFile.linesPassing). */
  lineTextsPassing(db: LookupFiles<N>, key: K, passes: (head: bigint) => boolean): Generator<string>
  /** The lines of the keys in [from, to) undecoded (KeyedFile.range), for a merge ordered by `peek`. */
  rangeTexts(db: LookupFiles<N>, from: K, to: K): Generator<string>
  /** The file itself, for a reader of its frame heads (the filings' page skip). */
  file(db: LookupFiles<N>): KeyedFile
  /** Readers of an array line's leading fields without parsing it (above). */
  peek: Peek<Static<S>>
}

/** decodeWith's values of a line's extra fields: given, or made of the line's own values. */
export type ExtraValues = readonly unknown[] | ((values: readonly unknown[]) => readonly unknown[])

type Keys<R> = keyof R & string

/** Readers of leading fields, each made once (at module load) and then called per line. */
export type Peek<R> = {
  /** A fixed-width text field, as written. */
  fixed(field: Keys<R>): (line: string) => string
  /** A text field, or undefined where JSON escaped a character of it (the line must then be parsed). */
  text(field: Keys<R>): (line: string) => string | undefined
  /** A number field. */
  number(field: Keys<R>): (line: string) => number
  /** The numbers from the first field through `field`, all numbers never null (written as integers). */
  numbers(field: Keys<R>): (line: string) => number[]
  /** The text from the first field through `field`, all fixed-width: ordered as those fields are, compared as text. */
  prefix(field: Keys<R>): (line: string) => string
}

/** Characters of an array line that `numbers` reads by their codes. */
const DIGIT_0 = '0'.charCodeAt(0)
const DIGIT_9 = '9'.charCodeAt(0)
const COMMA = ','.charCodeAt(0)
const CLOSE = ']'.charCodeAt(0)
/** Digits that always make an exact double when summed one by one (past them, `Number` rounds). */
const EXACT_DIGITS = 15

/** A string field's fixed width, when its schema has one. */
const fixedWidth = (schema: { type?: unknown; minLength?: number; maxLength?: number }) =>
  schema.type === 'string' && schema.minLength !== undefined && schema.minLength === schema.maxLength
    ? schema.minLength
    : undefined

function peekOf(name: string, form: LineForm, fields: TObject): Peek<Record<string, unknown>> {
  const names = fieldNames(fields)
  /** Where `field`'s text starts (after its opening quote, for a string) in `["<fixed>","<fixed>",…`. */
  const startOf = (field: string) => {
    const at = names.indexOf(field)
    if (form !== 'array' || at < 0) throw new Error(`read model ${name}: ${field} is not a field of an array line`)
    let start = 1
    for (const before of names.slice(0, at)) {
      const width = fixedWidth(fields.properties[before] as object)
      if (width === undefined) throw new Error(`read model ${name}: ${before}, before ${field}, has no fixed width`)
      start += width + 3
    }
    return start
  }
  const widthOf = (field: string) => {
    const width = fixedWidth(fields.properties[field] as object)
    if (width === undefined) throw new Error(`read model ${name}: ${field} has no fixed width`)
    return width
  }
  return {
    fixed(field) {
      const start = startOf(field) + 1
      const end = start + widthOf(field)
      return (line) => line.slice(start, end)
    },
    text(field) {
      const start = startOf(field) + 1
      return (line) => {
        const value = line.slice(start, line.indexOf('"', start))
        return value.includes('\\') ? undefined : value
      }
    },
    number(field) {
      const start = startOf(field)
      return (line) => Number(line.slice(start, line.indexOf(',', start)))
    },
    numbers(field) {
      const count = names.indexOf(field) + 1
      for (const f of names.slice(0, count))
        if ((fields.properties[f] as { type?: unknown }).type !== 'number')
          throw new Error(`read model ${name}: ${f}, up to ${field}, is not a number`)
      if (form !== 'array' || count === 0)
        throw new Error(`read model ${name}: ${field} is not a field of an array line`)
      // Read digit by digit: a series request peeks at a few hundred lines, and a substring per number made
      // for each was most of the peek. A number that is not plain digits (a sign, a fraction), or too long to
      // be summed exactly, is read whole, as before.
      return (line) => {
        const out = new Array<number>(count)
        let at = 1
        for (let i = 0; i < count; i++) {
          const start = at
          let value = 0
          let c = line.charCodeAt(at)
          while (c >= DIGIT_0 && c <= DIGIT_9) {
            value = value * 10 + (c - DIGIT_0)
            c = line.charCodeAt(++at)
          }
          if (at === start || at - start > EXACT_DIGITS || (c !== COMMA && c !== CLOSE)) {
            at = line.indexOf(',', start)
            value = Number(line.slice(start, at < 0 ? line.lastIndexOf(']') : at))
          }
          out[i] = value
          at++
        }
        return out
      }
    },
    prefix(field) {
      const start = startOf(names[0]!) + 1
      const end = startOf(field) + 1 + widthOf(field)
      return (line) => line.slice(start, end)
    },
  }
}

const fieldNames = (fields: TObject) => Object.keys(fields.properties)

const NO_EXTRA: readonly unknown[] = []

/**
 * A function making an array line's row as one object literal of its fields: the engine gives every row
 * the same shape at once, where adding the fields one by one made each row step through thirty shapes (a
 * series answer decodes a few hundred lines). The names are the read model's own field names, quoted.
 */
function rowMaker(
  names: readonly string[],
  packed: ReadonlyMap<string, Packed>,
  extra: readonly string[] = [],
): (values: unknown[], extra: readonly unknown[]) => Record<string, unknown> {
  const valueCode = (name: string, i: number) => {
    const inner = packed.get(name)
    if (!inner) return `values[${i}]`
    const objectOf = (v: string) => `{ ${inner.names.map((n, j) => `${JSON.stringify(n)}: ${v}[${j}]`).join(', ')} }`
    return `values[${i}] === null ? null : ${inner.list ? `values[${i}].map((v) => (${objectOf('v')}))` : objectOf(`values[${i}]`)}`
  }
  const fields = names.map((name, i) => `${JSON.stringify(name)}: ${valueCode(name, i)}`)
  const more = extra.map((name, i) => `${JSON.stringify(name)}: extra[${i}]`)
  return new Function('values', 'extra', `return { ${[...fields, ...more].join(', ')} }`) as (
    values: unknown[],
    extra: readonly unknown[],
  ) => Record<string, unknown>
}

/** A packed field: its object's names in its schema's order, and whether the field is a list of such objects. */
type Packed = { names: readonly string[]; list: boolean }

type Schema = { properties?: object; items?: Schema; anyOf?: Schema[] }

/**
 * The names of each packed field's object, in its schema's order (of an object, or a list of objects,
 * either maybe in a union with null); the field's SQL is then its column's members in that order.
 */
function packedFields(name: string, form: LineForm, fields: TObject, packed: readonly string[] = []) {
  if (packed.length && form !== 'array') throw new Error(`read model ${name}: only an array line packs objects`)
  return new Map(
    packed.map((field): [string, Packed] => {
      const schema = fields.properties[field] as Schema | undefined
      const shape = schema?.anyOf?.find((s) => s.properties || s.items?.properties) ?? schema
      const object = shape?.properties ?? shape?.items?.properties
      if (!object) throw new Error(`read model ${name}: ${field} is packed but is no object or list of objects`)
      return [field, { names: Object.keys(object), list: !shape?.properties }]
    }),
  )
}

/** A packed field's SQL: its struct column's members as a JSON array (of a list of structs, a list of those), or null. */
function packedSql(column: string, { names, list }: Packed) {
  const values = (struct: string) => `json_array(${names.map((n) => `${struct}.${n}`).join(', ')})`
  return `CASE WHEN ${column} IS NULL THEN NULL ELSE ${list ? `to_json(list_transform(${column}, x -> ${values('x')}))` : values(column)} END`
}

/** Declares a lookup file (above). */
export function readModel<const N extends string, K, S extends TObject, F extends LineForm>(
  spec: ReadModelSpec<N, K, S, F>,
): ReadModel<N, K, S, F> {
  const names = fieldNames(spec.fields)
  const packed = packedFields(spec.name, spec.line, spec.fields, spec.packed)
  for (const field of packed.keys())
    if ((spec.sql as Record<string, unknown> | undefined)?.[field] !== undefined)
      throw new Error(`read model ${spec.name}: ${field} is packed from its column; it takes no SQL of its own`)
  const sqlOf = (name: string) => {
    const inner = packed.get(name)
    return inner
      ? packedSql(name, inner)
      : ((spec.sql as Record<string, string | undefined> | undefined)?.[name] ?? name)
  }
  const lineSql =
    spec.line === 'array'
      ? `json_array(${names.map(sqlOf).join(', ')})::VARCHAR`
      : spec.line === 'object'
        ? `json_object(${names.map((n) => `'${n}', ${sqlOf(n)}`).join(', ')})::VARCHAR`
        : spec.line === 'list'
          ? `to_json(list(${sqlOf(onlyField(spec.name, names))}))::VARCHAR`
          : `(${spec.renderedSql ?? missingRenderedSql(spec.name)})::VARCHAR`
  const rowOf = spec.line === 'array' ? rowMaker(names, packed) : undefined
  const decode = (
    rowOf
      ? (line: string) => rowOf(JSON.parse(line) as unknown[], NO_EXTRA)
      : spec.line === 'object' || spec.line === 'list'
        ? (line: string) => JSON.parse(line)
        : (line: string) => line
  ) as (line: string) => Row<S, F>
  const file = (db: LookupFiles<N>) => db.lookup(spec.name)
  const decodeWith = (extra: readonly string[]) => {
    if (spec.line !== 'array') throw new Error(`read model ${spec.name}: only an array line decodes with more fields`)
    const taken = extra.find((field) => names.includes(field))
    if (taken) throw new Error(`read model ${spec.name}: ${taken} is a field of its line already`)
    const rowWith = rowMaker(names, packed, extra)
    return (line: string, values: ExtraValues) => {
      const own = JSON.parse(line) as unknown[]
      return rowWith(own, typeof values === 'function' ? values(own) : values)
    }
  }
  const positionOf = (field: string) => {
    const at = names.indexOf(field)
    if (at < 0 || spec.line !== 'array')
      throw new Error(`read model ${spec.name}: ${field} is no field of an array line`)
    return at
  }
  return {
    ...spec,
    lineSql,
    decode,
    decodeWith: decodeWith as ReadModel<N, K, S, F>['decodeWith'],
    positionOf,
    get: (db, key) => file(db).get(spec.key.pack(key)).map(decode),
    *lines(db, key, budget) {
      for (const line of file(db).lines(spec.key.pack(key), budget)) yield decode(line)
    },
    getMany: (db, keys) =>
      file(db)
        .getMany(keys.map((k) => spec.key.pack(k)))
        .map((lines) => lines.map(decode)),
    *range(db, from, to) {
      for (const line of file(db).range(spec.key.pack(from), spec.key.pack(to))) yield decode(line)
    },
    lineTexts: (db, key) => file(db).get(spec.key.pack(key)),
    lineTextsOneByOne: (db, key, budget) => file(db).lines(spec.key.pack(key), budget),
    lineTextsPassing: (db, key, passes) => file(db).linesPassing(spec.key.pack(key), passes),
    rangeTexts: (db, from, to) => file(db).range(spec.key.pack(from), spec.key.pack(to)),
    file,
    peek: peekOf(spec.name, spec.line, spec.fields) as Peek<Static<S>>,
  }
}

function onlyField(name: string, names: string[]): string {
  if (names.length !== 1) throw new Error(`read model ${name}: a list line has one field, not ${names.length}`)
  return names[0]!
}

function missingRenderedSql(name: string): never {
  throw new Error(`read model ${name}: a rendered line needs its renderedSql`)
}

/** Any read model, as lists of them see it. */
// biome-ignore lint/suspicious/noExplicitAny: a list of models of every key and row type
export type AnyReadModel = ReadModel<string, any, TObject, LineForm>

/** A source's lookup files by name, as `LOOKUPS` (src/db/lookup-names.ts types `db.lookup` from it). */
export const lookupsOf = <const M extends readonly AnyReadModel[]>(...models: M) =>
  Object.fromEntries(models.map((m) => [m.name, m])) as { [I in M[number] as I['name']]: I }
