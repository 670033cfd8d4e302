/**
 * A RowTable as an Arrow IPC stream (one record batch), built with apache-arrow from typed arrays: a
 * column's kind gives its type. Dates (`YYYY-MM-DD`, and the Financials' `YYYYMMDD` integers) are Date32
 * (days), integers Int64, other numbers (money, shares, ratios) Float64, booleans Bool, strings Utf8, and
 * arrays inside a row Utf8 holding their JSON text. Every column is nullable. Date-times stay Utf8 as the
 * JSON writes them: EDGAR's acceptance times are Eastern time in some operations and UTC in others, and
 * one timestamp type would hide which.
 */
import {
  Bool,
  type Data,
  type DataType,
  DateDay,
  Field,
  Float64,
  Int64,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Table,
  tableToIPC,
  Utf8,
} from 'apache-arrow'
import type { ColumnKind, RowTable } from './row-table.ts'

const DAY_MS = 86_400_000

/** '2024-09-30' or 20240930 → days since 1970-01-01. */
const daysOfIso = (text: string) =>
  Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10))) / DAY_MS
const daysOfYmd = (ymd: number) =>
  Date.UTC(Math.floor(ymd / 10000), (Math.floor(ymd / 100) % 100) - 1, ymd % 100) / DAY_MS

const ARROW_TYPE: Record<ColumnKind, () => DataType> = {
  string: () => new Utf8(),
  json: () => new Utf8(),
  date: () => new DateDay(),
  yyyymmdd: () => new DateDay(),
  integer: () => new Int64(),
  number: () => new Float64(),
  boolean: () => new Bool(),
}

const encoder = new TextEncoder()

/** One column's Data: its values (nulls in the validity bitmap) in the buffers of its type. */
function columnData(kind: ColumnKind, type: DataType, values: unknown[]): Data {
  const length = values.length
  const nullBitmap = new Uint8Array((length + 7) >> 3)
  let nullCount = 0
  for (let i = 0; i < length; i++) {
    if (values[i] === null || values[i] === undefined) nullCount++
    else nullBitmap[i >> 3]! |= 1 << (i & 7)
  }
  const present = (i: number) => values[i] !== null && values[i] !== undefined
  const base = { type, length, nullCount, nullBitmap }
  switch (kind) {
    case 'string':
    case 'json': {
      const texts = values.map((v, i) =>
        present(i) ? encoder.encode(kind === 'json' || typeof v !== 'string' ? JSON.stringify(v) : v) : undefined,
      )
      const valueOffsets = new Int32Array(length + 1)
      for (let i = 0; i < length; i++) valueOffsets[i + 1] = valueOffsets[i]! + (texts[i]?.length ?? 0)
      const data = new Uint8Array(valueOffsets[length]!)
      for (let i = 0; i < length; i++) if (texts[i]) data.set(texts[i]!, valueOffsets[i]!)
      return makeData({ ...base, type: type as Utf8, valueOffsets, data })
    }
    case 'date':
    case 'yyyymmdd': {
      const data = new Int32Array(length)
      for (let i = 0; i < length; i++)
        if (present(i)) data[i] = kind === 'date' ? daysOfIso(values[i] as string) : daysOfYmd(values[i] as number)
      return makeData({ ...base, type: type as DateDay, data })
    }
    case 'integer': {
      const data = new BigInt64Array(length)
      for (let i = 0; i < length; i++) if (present(i)) data[i] = BigInt(values[i] as number)
      return makeData({ ...base, type: type as Int64, data })
    }
    case 'number': {
      const data = new Float64Array(length)
      for (let i = 0; i < length; i++) if (present(i)) data[i] = values[i] as number
      return makeData({ ...base, type: type as Float64, data })
    }
    case 'boolean': {
      const data = new Uint8Array((length + 7) >> 3)
      for (let i = 0; i < length; i++) if (values[i] === true) data[i >> 3]! |= 1 << (i & 7)
      return makeData({ ...base, type: type as Bool, data })
    }
  }
}

export function toArrow({ columns, rows }: RowTable): Uint8Array {
  const fields = columns.map((c) => new Field(c.name, ARROW_TYPE[c.kind](), true))
  const children = columns.map((c, j) =>
    columnData(
      c.kind,
      fields[j]!.type,
      rows.map((row) => row[j]),
    ),
  )
  const batch = new RecordBatch(
    new Schema(fields),
    makeData({ type: new Struct(fields), length: rows.length, nullCount: 0, children }),
  )
  return tableToIPC(new Table([batch]), 'stream')
}
