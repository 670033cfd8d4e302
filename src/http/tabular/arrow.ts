/**
 * A RowTable as an Arrow IPC stream (one record batch): a column's kind gives its type. Dates
 * (`YYYY-MM-DD`, and the Financials' `YYYYMMDD` integers) are Date32 (days), integers Int64, other numbers
 * (money, shares, ratios) Float64, booleans Bool, strings Utf8, and arrays inside a row Utf8 holding their
 * JSON text. Every column is nullable. Date-times stay Utf8 as the JSON writes them: EDGAR's acceptance
 * times are Eastern time in some operations and UTC in others, and one timestamp type would hide which.
 *
 * The stream is laid out here rather than by apache-arrow's writer (tableToIPC): its flatbuffer messages
 * (the schema, the batch's nodes and buffer regions) are encoded by apache-arrow (the batch's through a
 * template, batch-message.ts), but the columns' values are written once, straight into the one buffer
 * that is the answer. The writer's way (a Data per column, then each buffer copied into a chunk list,
 * then the chunks joined) cost most of an export's CPU and held every value in memory two or three times.
 * The bytes are those tableToIPC writes for the same table: its buffers in the same order, each padded
 * to 8 bytes, an absent validity bitmap (no null) as an empty buffer (test/http/tabular-writers.test.ts
 * compares the two).
 */
import { Bool, type DataType, DateDay, Field, Float64, Int64, Message, Schema, Utf8 } from 'apache-arrow'
import { batchMessage } from './batch-message.ts'
import { daysOfIso, daysOfYmd } from './days.ts'
import type { Column, ColumnKind, RowTable } from './row-table.ts'

/** Each column kind's Arrow type (docs/api/formats.md). */
export const ARROW_TYPE: Record<ColumnKind, () => DataType> = {
  string: () => new Utf8(),
  json: () => new Utf8(),
  date: () => new DateDay(),
  yyyymmdd: () => new DateDay(),
  integer: () => new Int64(),
  number: () => new Float64(),
  boolean: () => new Bool(),
}

const encoder = new TextEncoder()
const TWO_32 = 2 ** 32

const padded = (bytes: number) => (bytes + 7) & ~7

/**
 * One column before it is written: its nulls, and for a text column its values' text, joined into one
 * string with each value's end. A column of ASCII text (nearly all of EDGAR's) is that string's
 * characters as its bytes, encoded in one call; another has each value's UTF-8 encoded alone (a lone
 * surrogate at the end of one value must not pair with the next's).
 */
type Prepared = {
  kind: ColumnKind
  nullCount: number
  /** Byte lengths of the column's buffers in stream order (validity first), before padding. */
  sizes: number[]
  /** A text column's values, one after the other, and where each ends in characters (ends[0] is 0). */
  joined?: string
  ends?: Int32Array
  /** A text column that is not all ASCII: each value's UTF-8 (null for a null). */
  encoded?: (Uint8Array | null)[]
}

const isNull = (v: unknown) => v === null || v === undefined

/** A text column's value as its text: a JSON column's (or a non-string value's) JSON. */
const textOf = (v: unknown, kind: ColumnKind) => (kind === 'json' || typeof v !== 'string' ? JSON.stringify(v) : v)

function prepare(kind: ColumnKind, rows: unknown[][], j: number): Prepared {
  const length = rows.length
  let nullCount = 0
  for (let i = 0; i < length; i++) if (isNull(rows[i]![j])) nullCount++
  const validity = nullCount > 0 ? (length + 7) >> 3 : 0
  switch (kind) {
    case 'string':
    case 'json': {
      // Appending makes a rope, flattened once when encoded: cheaper than an array of texts joined.
      let joined = ''
      const ends = new Int32Array(length + 1)
      for (let i = 0; i < length; i++) {
        const v = rows[i]![j]
        if (!isNull(v)) joined += textOf(v, kind)
        ends[i + 1] = joined.length
      }
      const bytes = Buffer.byteLength(joined, 'utf8')
      // Any character past ASCII takes more than one byte.
      if (bytes === joined.length) return { kind, nullCount, sizes: [validity, 4 * (length + 1), bytes], joined, ends }
      const encoded = new Array<Uint8Array | null>(length)
      let total = 0
      for (let i = 0; i < length; i++) {
        const e = isNull(rows[i]![j]) ? null : encoder.encode(joined.slice(ends[i]!, ends[i + 1]!))
        encoded[i] = e
        total += e?.length ?? 0
      }
      return { kind, nullCount, sizes: [validity, 4 * (length + 1), total], encoded }
    }
    case 'date':
    case 'yyyymmdd':
      return { kind, nullCount, sizes: [validity, 4 * length] }
    case 'integer':
    case 'number':
      return { kind, nullCount, sizes: [validity, 8 * length] }
    case 'boolean':
      return { kind, nullCount, sizes: [validity, (length + 7) >> 3] }
  }
}

/** Writes a prepared column's buffers into `out` at `at` (each buffer's start, 8-aligned in `out`). */
function write(p: Prepared, rows: unknown[][], j: number, out: Uint8Array, at: number[]) {
  const length = rows.length
  const [validityAt, dataAt] = [at[0]!, at[1]!]
  if (p.nullCount > 0)
    for (let i = 0; i < length; i++) if (!isNull(rows[i]![j])) out[validityAt + (i >> 3)]! |= 1 << (i & 7)
  const { buffer, byteOffset } = out
  switch (p.kind) {
    case 'string':
    case 'json': {
      const offsets = new Int32Array(buffer, byteOffset + dataAt, length + 1)
      const bytesAt = at[2]!
      if (p.joined !== undefined) {
        // ASCII: a character is a byte, so the values' ends in characters are their offsets.
        offsets.set(p.ends!)
        encoder.encodeInto(p.joined, out.subarray(bytesAt, bytesAt + p.joined.length))
      } else {
        let end = 0
        for (let i = 0; i < length; i++) {
          const e = p.encoded![i]
          if (e) out.set(e, bytesAt + end)
          offsets[i + 1] = end += e?.length ?? 0
        }
      }
      return
    }
    case 'date':
    case 'yyyymmdd': {
      const days = new Int32Array(buffer, byteOffset + dataAt, length)
      for (let i = 0; i < length; i++) {
        const v = rows[i]![j]
        if (!isNull(v)) days[i] = p.kind === 'date' ? daysOfIso(v as string) : daysOfYmd(v as number)
      }
      return
    }
    case 'integer': {
      // A safe integer as its two 32-bit halves (little-endian, as apache-arrow assumes): no BigInt per value.
      const halves = new Int32Array(buffer, byteOffset + dataAt, 2 * length)
      let wide: BigInt64Array | undefined
      for (let i = 0; i < length; i++) {
        const v = rows[i]![j]
        if (isNull(v)) continue
        if (Number.isSafeInteger(v)) {
          const high = Math.floor((v as number) / TWO_32)
          halves[2 * i] = (v as number) - high * TWO_32
          halves[2 * i + 1] = high
        } else {
          wide ??= new BigInt64Array(buffer, byteOffset + dataAt, length)
          wide[i] = BigInt(v as number)
        }
      }
      return
    }
    case 'number': {
      const numbers = new Float64Array(buffer, byteOffset + dataAt, length)
      for (let i = 0; i < length; i++) {
        const v = rows[i]![j]
        if (!isNull(v)) numbers[i] = v as number
      }
      return
    }
    case 'boolean':
      for (let i = 0; i < length; i++) if (rows[i]![j] === true) out[dataAt + (i >> 3)]! |= 1 << (i & 7)
  }
}

/** An IPC message as the stream frames it: the continuation marker, its length, its flatbuffer, padding. */
function framed(message: Uint8Array): Uint8Array {
  const size = padded(message.length + 8)
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  view.setInt32(0, -1, true)
  view.setInt32(4, size - 8, true)
  out.set(message, 8)
  return out
}

/**
 * The schema message of a table's columns. A table without map columns has its operation's one columns
 * array (row-table.ts), so its schema is encoded once.
 */
const schemas = new WeakMap<Column[], Uint8Array>()
function schemaMessage(columns: Column[]): Uint8Array {
  let message = schemas.get(columns)
  if (!message) {
    const schema = new Schema(columns.map((c) => new Field(c.name, ARROW_TYPE[c.kind](), true)))
    message = framed(Message.encode(Message.from(schema)))
    schemas.set(columns, message)
  }
  return message
}

/** The end of a stream: a continuation marker and a zero length. */
const END = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0])

export function toArrow({ columns, rows }: RowTable): Uint8Array {
  const length = rows.length
  const prepared = columns.map((c, j) => prepare(c.kind, rows, j))
  // The body: every column's buffers one after the other, each padded to 8 bytes.
  const nodes: [number, number][] = []
  const regions: [number, number][] = []
  const starts: number[][] = []
  let bodyLength = 0
  for (const p of prepared) {
    nodes.push([length, p.nullCount])
    starts.push(
      p.sizes.map((size) => {
        regions.push([bodyLength, padded(size)])
        const start = bodyLength
        bodyLength += padded(size)
        return start
      }),
    )
  }
  const schema = schemaMessage(columns)
  const batch = framed(batchMessage({ length, nodes, regions, bodyLength }))
  const bodyAt = schema.length + batch.length
  const out = new Uint8Array(bodyAt + bodyLength + END.length)
  out.set(schema, 0)
  out.set(batch, schema.length)
  for (const [j, p] of prepared.entries())
    write(
      p,
      rows,
      j,
      out,
      starts[j]!.map((s) => bodyAt + s),
    )
  out.set(END, bodyAt + bodyLength)
  return out
}
