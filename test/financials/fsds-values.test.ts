/**
 * num.txt's `value` (DECIMAL(28,4)) is read as text and cast through DECIMAL(18,4) first, the wide type
 * only where the narrow one cannot hold it (financial-statements/convert.ts says why). The rule's cases:
 * ordinary values, one too big for 18 digits, more than four places (rounded as the typed reader rounds),
 * an exponent, an empty value; and a value no cast takes, which fails naming the file and its line.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { convertFile } from '../../src/pipeline/sources/financial-statements/convert.ts'
import { tempDir } from '../helpers/snapshot.ts'

const HEADER = 'adsh\ttag\tversion\tcoreg\tddate\tqtrs\tuom\tvalue\tfootnote'
const row = (tag: string, value: string) => `0000320193-24-000123\t${tag}\tus-gaap/2024\t\t20240928\t4\tUSD\t${value}\t`

let root = ''
let db: BuildDb
beforeAll(async () => {
  root = tempDir('fsds-values')
  db = await BuildDb.open({ file: ':memory:', tempDir: join(root, 'spill'), threads: 1, memoryLimit: '256MB' })
})
afterAll(async () => {
  await db.close()
  rmSync(root, { recursive: true, force: true })
})

const byTag = (rows: { tag: string; value: string | null }[]) => Object.fromEntries(rows.map((r) => [r.tag, r.value]))

/** num.txt of `lines`, written anew. */
function numFile(lines: string[]): string {
  const path = join(root, 'num.txt')
  writeFileSync(path, `${[HEADER, ...lines].join('\n')}\n`)
  return path
}

/** The `value` column of a converted num.txt, by tag, as text. */
async function convertedValues(lines: string[]): Promise<Record<string, string | null>> {
  const out = join(root, `num-${lines.length}.parquet`)
  await convertFile(db, 'num', numFile(lines), out, '2024q4.zip')
  return byTag(await db.all(`SELECT tag, value::VARCHAR AS value FROM read_parquet('${out}')`))
}

/** The same values as DuckDB's CSV reader types them itself, the way the conversion read them before. */
async function typedReaderValues(lines: string[]): Promise<Record<string, string | null>> {
  const columns =
    "{'adsh': 'VARCHAR', 'tag': 'VARCHAR', 'version': 'VARCHAR', 'coreg': 'VARCHAR', 'ddate': 'VARCHAR', 'qtrs': 'VARCHAR', 'uom': 'VARCHAR', 'value': 'DECIMAL(28,4)', 'footnote': 'VARCHAR'}"
  return byTag(
    await db.all(`SELECT tag, value::VARCHAR AS value FROM read_csv('${numFile(lines)}', delim = '\t', header = true,
      auto_detect = false, columns = ${columns})`),
  )
}

test('values keep the typed reader’s DECIMAL(28,4), whether the narrow cast holds them or not', async () => {
  const lines = [
    row('Revenues', '391035000000'),
    row('Assets', '364980000000.0000'),
    row('EarningsPerShareBasic', '6.11'),
    row('SharesOutstanding', '-15115823000.5'),
    row('HugeNumber', '123456789012345678901234'),
    row('ManyPlaces', '0.123456789'),
    row('Exponent', '1.5E+3'),
    row('Empty', ''),
  ]
  const converted = await convertedValues(lines)
  expect(converted).toEqual(await typedReaderValues(lines))
  expect(converted).toEqual({
    Assets: '364980000000.0000',
    Empty: null,
    EarningsPerShareBasic: '6.1100',
    Exponent: '1500.0000',
    HugeNumber: '123456789012345678901234.0000',
    ManyPlaces: '0.1235',
    Revenues: '391035000000.0000',
    SharesOutstanding: '-15115823000.5000',
  })
})

test('a value no cast takes fails the conversion naming the file and the line', async () => {
  const failure = convertedValues([row('Revenues', '391035000000'), row('Assets', '12x3')]).catch((e: Error) => e)
  const error = await failure
  expect(error).toBeInstanceOf(Error)
  expect((error as Error).message).toMatch(/^2024q4\.zip: num\.txt: /)
  expect((error as Error).message).toMatch(/Line: 3\b/)
  expect((error as Error).message).toContain('12x3')
})
