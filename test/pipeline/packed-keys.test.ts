/**
 * Every packed key of the snapshot's lookup files (src/pipeline/contract.ts packedKey) packs the same key
 * in the build's SQL and in the server's `pack`: each is run by DuckDB over rows of the build's columns
 * and by JavaScript over the same values, at the edges of each part (the largest CIK, the last quarter
 * and day of a year, both sides and scopes).
 */
import { describe, expect, test } from 'bun:test'
import { packedKey } from '../../src/pipeline/contract.ts'
import { PERIOD_SERIES_KEY } from '../../src/pipeline/sources/company-facts/contract.ts'
import {
  FILING_STATEMENT_KEY,
  SEGMENT_ROWS_KEY,
  STANDARDIZED_STATEMENTS,
} from '../../src/pipeline/sources/financial-statements/contract.ts'
import { MANAGER_QUARTER_KEY, QUARTER_MANAGER_KEY } from '../../src/pipeline/sources/form-13f/contract.ts'
import { FEED_DAY_KEY, LEADERS_KEY } from '../../src/pipeline/sources/insider-transactions/contract.ts'
import { memoryConnection } from '../helpers/memory-duck.ts'

const conn = memoryConnection()

/** The key SQL computes for one row of `columns` (SQL literals, as the build's tables type them). */
async function keyInSql(sql: string, columns: Record<string, string>): Promise<bigint> {
  const select = Object.entries(columns)
    .map(([name, literal]) => `${literal} AS ${name}`)
    .join(', ')
  const rows = (await conn().runAndReadAll(`SELECT (${sql})::BIGINT AS key FROM (SELECT ${select})`)).getRows()
  return rows[0]![0] as bigint
}

const MAX_CIK = 9_999_999_999
const day = (d: string) => `DATE '${d}'`

describe('packed keys: the build and the server pack the same key', () => {
  test('FILING_STATEMENT_KEY: the accession number times 3 plus the statement, to the largest accession number', async () => {
    for (const accKey of [1n, 320193_24_000123n, 999_999_999_999_999_999n])
      for (const [i, statement] of STANDARDIZED_STATEMENTS.entries()) {
        const key = FILING_STATEMENT_KEY.pack({ accKey, statement })
        expect(key).toBe(accKey * 3n + BigInt(i))
        expect(
          await keyInSql(FILING_STATEMENT_KEY.sql.replaceAll('st.', ''), {
            acc_key: `${accKey}::BIGINT`,
            statement: `'${statement}'`,
          }),
        ).toBe(key)
      }
  })

  test('PERIOD_SERIES_KEY: the company in the high 32 bits, the series × 8 + the period length in the low ones', async () => {
    for (const [cik, seriesId, quarters] of [
      [320193, 0, 0],
      [2_147_483_647, 2 ** 29 - 1, 4],
      [1, 17, 1],
    ] as const) {
      const key = PERIOD_SERIES_KEY.pack({ cik, seriesId, quarters })
      expect(key).toBe((BigInt(cik) << 32n) + BigInt(seriesId) * 8n + BigInt(quarters))
      // Its first part back: the company a build groups the series files' lines by.
      expect(PERIOD_SERIES_KEY.leading(key)).toBe(BigInt(cik))
      expect(
        await keyInSql(PERIOD_SERIES_KEY.sql, {
          cik: `${cik}::BIGINT`,
          series_id: `${seriesId}::BIGINT`,
          quarters: `${quarters}::BIGINT`,
        }),
      ).toBe(key)
    }
  })

  test('SEGMENT_ROWS_KEY: CIK × 8 + the fiscal quarter (4 the year)', async () => {
    for (const [cik, fiscalQuarter] of [
      [320193, 4],
      [MAX_CIK, 5],
      [1, 1],
    ] as const) {
      const key = SEGMENT_ROWS_KEY.pack({ cik, fiscalQuarter })
      expect(key).toBe(BigInt(cik) * 8n + BigInt(fiscalQuarter))
      expect(await keyInSql(SEGMENT_ROWS_KEY.sql, { cik: `${cik}::BIGINT`, fiscal_quarter: `${fiscalQuarter}` })).toBe(
        key,
      )
    }
  })

  test('QUARTER_MANAGER_KEY and MANAGER_QUARTER_KEY: the quarter as YYYYQ, the CIK of up to 10 digits', async () => {
    for (const [qend, cik, yyyyq] of [
      ['2024-03-31', 1_067_983, 20241],
      ['2024-12-31', MAX_CIK, 20244],
      ['2013-06-30', 1, 20132],
      ['2023-09-30', 102_909, 20233],
    ] as const) {
      const columns = { qend: day(qend), cik: `${cik}::BIGINT` }
      const quarterFirst = QUARTER_MANAGER_KEY.pack({ qend, cik })
      expect(quarterFirst).toBe(BigInt(yyyyq) * 10_000_000_000n + BigInt(cik))
      expect(QUARTER_MANAGER_KEY.leading(quarterFirst)).toBe(BigInt(yyyyq))
      expect(MANAGER_QUARTER_KEY.leading(MANAGER_QUARTER_KEY.pack({ cik, qend }))).toBe(BigInt(cik))
      expect(await keyInSql(QUARTER_MANAGER_KEY.sql, columns)).toBe(quarterFirst)
      const managerFirst = MANAGER_QUARTER_KEY.pack({ cik, qend })
      expect(managerFirst).toBe(BigInt(cik) * 100_000n + BigInt(yyyyq))
      expect(await keyInSql(MANAGER_QUARTER_KEY.sql, columns)).toBe(managerFirst)
    }
  })

  test("FEED_DAY_KEY: YYYYMMDD × 2, plus 1 for disposals ('D')", async () => {
    for (const [date, side] of [
      ['2024-12-31', 'D'],
      ['2024-01-01', 'A'],
      ['1999-02-28', 'D'],
    ] as const) {
      const key = FEED_DAY_KEY.pack({ date, side })
      expect(key).toBe(BigInt(Number(date.replaceAll('-', ''))) * 2n + (side === 'D' ? 1n : 0n))
      expect(await keyInSql(FEED_DAY_KEY.sql, { transaction_date: day(date), acquired_disposed: `'${side}'` })).toBe(
        key,
      )
    }
  })

  test('LEADERS_KEY: YYYYMMDD × 4, plus 2 for every non-derivative row, plus 1 for the sellers', async () => {
    for (const date of ['2024-12-31', '2023-04-03'])
      for (const type of ['top_buyers', 'top_sellers'])
        for (const openMarketOnly of [true, false]) {
          const key = LEADERS_KEY.pack({ date, openMarketOnly, type })
          const expected =
            BigInt(Number(date.replaceAll('-', ''))) * 4n +
            (openMarketOnly ? 0n : 2n) +
            (type === 'top_sellers' ? 1n : 0n)
          expect(key).toBe(expected)
          const columns = {
            activity_date: day(date),
            activity_type: `'${type}'`,
            open_market_only: `${openMarketOnly}`,
          }
          expect(await keyInSql(LEADERS_KEY.sql, columns)).toBe(key)
        }
  })
})

describe('packedKey', () => {
  test('refuses a part that does not fit below its size, and a later part without a size', () => {
    expect(() => SEGMENT_ROWS_KEY.pack({ cik: 1, fiscalQuarter: 8 })).toThrow(
      /fiscalQuarter: 8 is not an integer in \[0, 8\)/,
    )
    expect(() => SEGMENT_ROWS_KEY.pack({ cik: -1, fiscalQuarter: 1 })).toThrow(/cik: -1/)
    expect(() => PERIOD_SERIES_KEY.pack({ cik: 1.5, seriesId: 1, quarters: 0 })).toThrow(/cik: 1.5/)
    expect(() =>
      packedKey<{ a: number; b: number }>({ a: { sql: 'a', of: (a) => a }, b: { sql: 'b', of: (b) => b } }),
    ).toThrow(/part b: a part after the first needs a size/)
  })
})
