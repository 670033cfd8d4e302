/**
 * The CSV and Arrow writers on tables made here with every edge their fast paths could get wrong: nulls
 * beside empty text, quotes, commas, line breaks, text past ASCII (accents, emoji, a lone surrogate), dates
 * at the calendar's edges, integers past 2^53 and below zero, floats, booleans with nulls, arrays, and
 * the empty table. The Arrow stream must be, byte for byte, what apache-arrow's own writer (tableToIPC)
 * writes for the same columns, and read back to the same values; the CSV is compared with its text.
 */
import { describe, expect, test } from 'bun:test'
import {
  Bool,
  type Data,
  DateDay,
  Field,
  Float64,
  Int64,
  makeData,
  RecordBatch,
  Schema,
  Struct,
  Table,
  tableFromIPC,
  tableToIPC,
  Utf8,
} from 'apache-arrow'
import { ARROW_TYPE, toArrow } from '../../src/http/tabular/arrow.ts'
import { type Batch, batchMessage, encodeBatch } from '../../src/http/tabular/batch-message.ts'
import { toCsv } from '../../src/http/tabular/csv.ts'
import { daysOfIso, daysOfYmd } from '../../src/http/tabular/days.ts'
import type { Column, ColumnKind, RowTable } from '../../src/http/tabular/row-table.ts'

const DAY_MS = 86_400_000

/** The Arrow stream of a table as apache-arrow writes it: a Data per column, then tableToIPC. */
function referenceArrow({ columns, rows }: RowTable): Uint8Array {
  const fields = columns.map((c) => new Field(c.name, ARROW_TYPE[c.kind](), true))
  const children = columns.map((c, j) =>
    referenceColumn(
      c,
      rows.map((row) => row[j]),
    ),
  )
  const batch = new RecordBatch(
    new Schema(fields),
    makeData({ type: new Struct(fields), length: rows.length, nullCount: 0, children }),
  )
  return tableToIPC(new Table([batch]), 'stream')
}

/** A column's Data as the writer before this one made it: its values in the buffers of its type. */
function referenceColumn(c: Column, values: unknown[]): Data {
  const length = values.length
  const present = (i: number) => values[i] !== null && values[i] !== undefined
  const nullBitmap = new Uint8Array((length + 7) >> 3)
  let nullCount = 0
  for (let i = 0; i < length; i++) {
    if (present(i)) nullBitmap[i >> 3]! |= 1 << (i & 7)
    else nullCount++
  }
  const base = { length, nullCount, nullBitmap }
  switch (c.kind) {
    case 'string':
    case 'json': {
      const texts = values.map((v, i) =>
        present(i)
          ? new TextEncoder().encode(c.kind === 'json' || typeof v !== 'string' ? JSON.stringify(v) : v)
          : undefined,
      )
      const valueOffsets = new Int32Array(length + 1)
      for (let i = 0; i < length; i++) valueOffsets[i + 1] = valueOffsets[i]! + (texts[i]?.length ?? 0)
      const data = new Uint8Array(valueOffsets[length]!)
      for (let i = 0; i < length; i++) if (texts[i]) data.set(texts[i]!, valueOffsets[i]!)
      return makeData({ ...base, type: new Utf8(), valueOffsets, data })
    }
    case 'date':
    case 'yyyymmdd': {
      const data = new Int32Array(length)
      for (let i = 0; i < length; i++) {
        if (!present(i)) continue
        const v = values[i]
        data[i] =
          c.kind === 'date'
            ? Date.UTC(
                Number((v as string).slice(0, 4)),
                Number((v as string).slice(5, 7)) - 1,
                Number((v as string).slice(8, 10)),
              ) / DAY_MS
            : Date.UTC(
                Math.floor((v as number) / 10000),
                (Math.floor((v as number) / 100) % 100) - 1,
                (v as number) % 100,
              ) / DAY_MS
      }
      return makeData({ ...base, type: new DateDay(), data })
    }
    case 'integer': {
      const data = new BigInt64Array(length)
      for (let i = 0; i < length; i++) if (present(i)) data[i] = BigInt(values[i] as number)
      return makeData({ ...base, type: new Int64(), data })
    }
    case 'number': {
      const data = new Float64Array(length)
      for (let i = 0; i < length; i++) if (present(i)) data[i] = values[i] as number
      return makeData({ ...base, type: new Float64(), data })
    }
    case 'boolean': {
      const data = new Uint8Array((length + 7) >> 3)
      for (let i = 0; i < length; i++) if (values[i] === true) data[i >> 3]! |= 1 << (i & 7)
      return makeData({ ...base, type: new Bool(), data })
    }
  }
}

const columns: Column[] = [
  { name: 'text', kind: 'string' },
  { name: 'with "quotes", commas', kind: 'string' },
  { name: 'day', kind: 'date' },
  { name: 'period', kind: 'yyyymmdd' },
  { name: 'count', kind: 'integer' },
  { name: 'amount', kind: 'number' },
  { name: 'flag', kind: 'boolean' },
  { name: 'tickers', kind: 'json' },
]

const EDGES: RowTable = {
  columns,
  rows: [
    ['plain', 'A', '2024-09-30', 20240930, 1, 1.5, true, ['AAPL', 'AAPLW']],
    [null, '', null, null, null, null, null, null],
    ['', 'a,b', '2024-02-29', 20240229, -1, -0.25, false, []],
    ['say "hi"', 'line\nbreak', '1970-01-01', 19700101, 0, 0, null, ['a,"b"']],
    ['cr\rlf\r\n', 'Société Générale', '1969-12-31', 19691231, 2 ** 53 + 2, 1e21, true, ['é']],
    ['emoji 📈', 'lone \ud800 surrogate', '0099-12-31', 991231, -(2 ** 53) - 2, -1e-7, false, null],
    ['zero', '0', '2000-01-01', 20000101, 2 ** 32, 123456789.123, true, [1, null]],
    ['tab\tand ,', 'x', '9999-12-31', 99991231, -(2 ** 32) - 1, Number.MAX_VALUE, false, ['']],
    ['overflow', 'y', '2023-02-30', 20230230, 2 ** 31, Number.MIN_VALUE, true, [{ a: 1 }]],
    ['year 100', 'z', '0100-03-01', 1000301, -(2 ** 31), 2 ** 53, null, [true]],
  ],
}

/** A value as apache-arrow reads it back from its column. */
function asRead(v: unknown, kind: ColumnKind): unknown {
  if (v === null) return null
  if (kind === 'integer') return BigInt(v as number)
  if (kind === 'json') return JSON.stringify(v)
  if (kind === 'date') return daysOfIso(v as string) * DAY_MS
  if (kind === 'yyyymmdd') return daysOfYmd(v as number) * DAY_MS
  // Text comes back as its UTF-8 decodes: a lone surrogate as U+FFFD.
  return typeof v === 'string' ? v.toWellFormed() : v
}

describe('Arrow: the bytes apache-arrow writes, and the values back', () => {
  const tables: [string, RowTable][] = [
    ['edges', EDGES],
    ['empty', { columns, rows: [] }],
    ['no null anywhere', { columns, rows: [EDGES.rows[0]!, EDGES.rows[2]!, EDGES.rows[6]!] }],
    ['all null', { columns, rows: Array.from({ length: 9 }, () => columns.map(() => null)) }],
    [
      'ASCII only, many rows',
      { columns, rows: Array.from({ length: 1000 }, (_, i) => EDGES.rows[i % 4 === 1 ? 1 : 0]!) },
    ],
  ]
  test.each(tables)('%s', (_, table) => {
    const bytes = toArrow(table)
    expect(Buffer.from(bytes).equals(Buffer.from(referenceArrow(table)))).toBe(true)
    const back = tableFromIPC(bytes)
    expect(back.numRows).toBe(table.rows.length)
    expect(back.schema.fields.map((f) => f.name)).toEqual(columns.map((c) => c.name))
    table.rows.forEach((row, i) => {
      const got = back.get(i)!.toJSON() as Record<string, unknown>
      columns.forEach((c, j) => {
        const v = row[j]
        expect([c.name, got[c.name]]).toEqual([c.name, asRead(v, c.kind)])
      })
    })
  })

  test('a lone surrogate is written as U+FFFD, as TextEncoder writes it', () => {
    const back = tableFromIPC(toArrow({ columns: [{ name: 't', kind: 'string' }], rows: [['a\ud800'], ['\udc00b']] }))
    expect([back.get(0)!.toJSON().t, back.get(1)!.toJSON().t]).toEqual(['a\ufffd', '\ufffdb'])
  })
})

test('CSV: quoted where it must be, null apart from empty text, values as the JSON writes them', () => {
  expect(toCsv(EDGES)).toBe(
    [
      'text,"with ""quotes"", commas",day,period,count,amount,flag,tickers',
      'plain,A,2024-09-30,20240930,1,1.5,true,"[""AAPL"",""AAPLW""]"',
      ',"",,,,,,',
      '"","a,b",2024-02-29,20240229,-1,-0.25,false,[]',
      '"say ""hi""","line\nbreak",1970-01-01,19700101,0,0,,"[""a,\\""b\\""""]"',
      `"cr\rlf\r\n",Société Générale,1969-12-31,19691231,${2 ** 53 + 2},1e+21,true,"[""é""]"`,
      `emoji 📈,lone \ud800 surrogate,0099-12-31,991231,${-(2 ** 53) - 2},-1e-7,false,`,
      `zero,0,2000-01-01,20000101,${2 ** 32},123456789.123,true,"[1,null]"`,
      `"tab\tand ,",x,9999-12-31,99991231,${-(2 ** 32) - 1},${Number.MAX_VALUE},false,"[""""]"`,
      `overflow,y,2023-02-30,20230230,${2 ** 31},5e-324,true,"[{""a"":1}]"`,
      `year 100,z,0100-03-01,1000301,${-(2 ** 31)},${2 ** 53},,[true]`,
      '',
    ].join('\r\n'),
  )
  expect(toCsv({ columns, rows: [] })).toBe('text,"with ""quotes"", commas",day,period,count,amount,flag,tickers\r\n')
})

test('days by arithmetic are the days of Date.UTC, for every day of 1900-2100 and odd values', () => {
  for (let ms = Date.UTC(1900, 0, 1); ms <= Date.UTC(2100, 11, 31); ms += DAY_MS) {
    const iso = new Date(ms).toISOString().slice(0, 10)
    const ymd = Number(iso.replaceAll('-', ''))
    if (daysOfIso(iso) !== ms / DAY_MS || daysOfYmd(ymd) !== ms / DAY_MS)
      expect([iso, daysOfIso(iso), daysOfYmd(ymd)]).toEqual([iso, ms / DAY_MS, ms / DAY_MS])
  }
  const utcOfIso = (t: string) =>
    Date.UTC(Number(t.slice(0, 4)), Number(t.slice(5, 7)) - 1, Number(t.slice(8, 10))) / DAY_MS
  for (const text of [
    '0001-01-01',
    '0099-12-31',
    '0100-01-01',
    '2023-02-30',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '9999-12-31',
    '2024-1-01',
    '20240101',
    'x',
    '',
  ])
    expect([text, daysOfIso(text)]).toEqual([text, utcOfIso(text)])
  const utcOfYmd = (v: number) => Date.UTC(Math.floor(v / 10000), (Math.floor(v / 100) % 100) - 1, v % 100) / DAY_MS
  for (const v of [
    10101, 991231, 1000101, 20230230, 20241301, 20240010, 20240100, 99991231, 100000101, 20240101.5, -20240101,
  ])
    expect([v, daysOfYmd(v)]).toEqual([v, utcOfYmd(v)])
})

test('CSV: a value repeated from the row before is written as that row wrote it', () => {
  const same = ['x']
  const table: RowTable = {
    columns: [
      { name: 'text', kind: 'string' },
      { name: 'count', kind: 'integer' },
      { name: 'tickers', kind: 'json' },
    ],
    rows: [
      ['a,b', 1, same],
      ['a,b', 1, same],
      ['a,b', -0, ['x']],
      [null, 0, null],
      ['', 0, undefined],
      ['', Number.NaN, same],
      [undefined, Number.NaN, same],
      [null, 2, null],
    ],
  }
  expect(toCsv(table)).toBe(
    [
      'text,count,tickers',
      '"a,b",1,"[""x""]"',
      '"a,b",1,"[""x""]"',
      '"a,b",0,"[""x""]"',
      ',0,',
      '"",0,',
      '"",NaN,"[""x""]"',
      ',NaN,"[""x""]"',
      ',2,',
      '',
    ].join('\r\n'),
  )
})

test('a record batch message from its template is the one apache-arrow encodes', () => {
  // One column of no rows: its shape's template, filled again with another body length below.
  const emptyColumn = (bodyLength: number): Batch => ({
    length: 0,
    nodes: [[0, 0]],
    regions: [
      [0, 0],
      [0, 8],
      [8, 0],
    ],
    bodyLength,
  })
  const batches: Batch[] = [
    {
      length: 3,
      nodes: [[3, 1]],
      regions: [
        [0, 8],
        [8, 16],
        [24, 8],
      ],
      bodyLength: 32,
    },
    emptyColumn(8),
    { length: 0, nodes: [], regions: [], bodyLength: 0 },
    // The same shapes again with other numbers (their templates are reused), past 2^32 too.
    {
      length: 7,
      nodes: [[7, 0]],
      regions: [
        [0, 0],
        [0, 2 ** 33 + 5],
        [2 ** 33 + 8, 3],
      ],
      bodyLength: 2 ** 34,
    },
    {
      length: 2 ** 31,
      nodes: [[2 ** 31, 2 ** 31 - 1]],
      regions: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      bodyLength: 1,
    },
    emptyColumn(16),
  ]
  for (const batch of batches)
    expect([batch, Buffer.from(batchMessage(batch)).equals(encodeBatch(batch))]).toEqual([batch, true])
})
