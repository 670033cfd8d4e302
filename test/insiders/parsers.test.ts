/**
 * The insider source's parsers on the real files of ../shared/edgar-samples (skipped when absent): the
 * ownership XML of schema versions X0206 to X0508 (several owners, a Form 3 with no securities, footnoted
 * values, derivative rows), full submission text files (one before XML, skipped), and the real 2024q3
 * data set's tables, whose headers differ from the SEC's metadata. Expected values are the files' own.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { findFilingTexts, parseSubmissionText } from '../../src/pipeline/filing-text/index.ts'
import { convertQuarter } from '../../src/pipeline/sources/insider-transactions/dataset.ts'
import { TYPE_SQL } from '../../src/pipeline/sources/insider-transactions/derive.ts'
import { ownershipRecords } from '../../src/pipeline/sources/insider-transactions/ownership-xml.ts'
import { RECORD_COLUMNS } from '../../src/pipeline/sources/insider-transactions/records.ts'
import { stageFilingTexts } from '../../src/pipeline/sources/insider-transactions/text-files.ts'
import { columnsDdl } from '../../src/pipeline/sql-text.ts'
import { hasSamples, SAMPLES, tempDir } from '../helpers/snapshot.ts'

const FORM345 = join(SAMPLES, 'filings-xml/form345')
const xml = (name: string) => readFileSync(join(FORM345, name), 'utf8')
const filing = { accessionNumber: '0000000000-00-000000', filingDate: null, acceptedAt: null }

describe.skipIf(!hasSamples)('ownership documents (real XML)', () => {
  test('a Form 3 of two owners (X0206): both owners, in CIK order, and the indirect holding', () => {
    const records = ownershipRecords(xml('form3_snowflake_berkshire_2020-09-18.xml'), filing)!
    expect(
      records.filter((r) => r.record === 'owner').map((r) => [r.owner_cik, r.owner_name, r.is_ten_percent_owner]),
    ).toEqual([
      [315090, 'BUFFETT WARREN E', true],
      [1067983, 'BERKSHIRE HATHAWAY INC', true],
    ])
    expect(records.find((r) => r.record === 'filing')).toMatchObject({
      form_type: '3',
      period_of_report: '2020-09-18',
      issuer_cik: 1640147,
      issuer_name: 'Snowflake Inc.',
      issuer_ticker: 'SNOW',
      no_securities_owned: false,
    })
    expect(records.filter((r) => r.record === 'holding')).toEqual([
      {
        record: 'holding',
        accession_number: filing.accessionNumber,
        seq: 1,
        derivative: false,
        security_title: 'Class A Common Stock',
        shares_owned_following: 6125376,
        direct_indirect: 'I',
        nature_of_ownership: 'See footnote',
      },
    ])
  })

  test('a Form 3 with no securities owned: the flag, one owner, no rows', () => {
    const records = ownershipRecords(xml('form3_sunpower_nosecurities_2021-12-31.xml'), filing)!
    expect(records.map((r) => r.record)).toEqual(['filing', 'owner'])
    expect(records[0]).toMatchObject({ no_securities_owned: true, issuer_cik: 867773, issuer_ticker: 'SPWR' })
    expect(records[1]).toMatchObject({ owner_cik: 1698764, is_director: true, is_officer: false })
  })

  test('a Form 4 (X0508): a footnoted share count keeps its value; the derivative row has its exercise price, expiration and underlying', () => {
    const records = ownershipRecords(xml('form4_374water_2025-04-30.xml'), filing)!
    const [plain, derivative] = records.filter((r) => r.record === 'transaction')
    expect(plain).toMatchObject({
      derivative: false,
      security_title: 'Common Stock (restricted stock units)',
      transaction_date: '2025-04-30',
      transaction_code: 'A',
      shares: 757756,
      price_per_share: 0,
      acquired_disposed: 'A',
      shares_owned_following: 757756,
      direct_indirect: 'D',
    })
    expect(derivative).toMatchObject({
      derivative: true,
      security_title: 'Stock options (right to buy)',
      shares: 757576,
      exercise_price: 0.33,
      // only a footnote: no date
      exercise_date: null,
      expiration_date: '2035-04-29',
      underlying_title: 'Common Stock',
      underlying_shares: 757576,
    })
    expect(records.find((r) => r.record === 'owner')).toMatchObject({
      is_officer: true,
      officer_title: 'Chief Technology Officer',
    })
  })

  test('Forms 4 and 5 of other schema versions parse to transactions with dates and codes', () => {
    for (const name of ['form4_snowflake_0001402349_2022-12-13.xml', 'form5_snowflake_0001397798_2022-01-31.xml']) {
      const rows = ownershipRecords(xml(name), filing)!.filter((r) => r.record === 'transaction')
      expect(rows.length).toBeGreaterThan(0)
      for (const r of rows) {
        expect(r.transaction_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(r.transaction_code).toMatch(/^[A-Z]$/)
      }
    }
  })

  test('the 10b5-1 checkbox (aff10b5One, X0508): 1 is checked, 0 and false clear, absent in older schemas null', () => {
    // Most of these files are full submission texts: their ownership document is the <XML> part.
    const flagOf = (name: string) => {
      const text = xml(name)
      const doc = text.startsWith('<SEC-DOCUMENT>') ? parseSubmissionText(text).documents[0]!.xml! : text
      return ownershipRecords(doc, filing)!.find((r) => r.record === 'filing')!.aff10b5_one
    }
    expect(
      [
        'form4_draftkings_2025-03-14_S_10b5-1.xml',
        'form4_374water_2025-04-30.xml',
        'form4_workday_2025-03-05_F.xml',
        'form4_jetblue_2025-03-10_A.xml',
        'form4_ziprecruiter_2025-03-15_M_F.xml',
        'form4_snowflake_0001402349_2022-12-13.xml',
        'form3_snowflake_berkshire_2020-09-18.xml',
      ].map((name) => [name, flagOf(name)]),
    ).toEqual([
      ['form4_draftkings_2025-03-14_S_10b5-1.xml', true],
      ['form4_374water_2025-04-30.xml', false],
      ['form4_workday_2025-03-05_F.xml', false],
      ['form4_jetblue_2025-03-10_A.xml', false],
      ['form4_ziprecruiter_2025-03-15_M_F.xml', false],
      ['form4_snowflake_0001402349_2022-12-13.xml', null],
      ['form3_snowflake_berkshire_2020-09-18.xml', null],
    ])
  })

  test('text that is not an ownership document gives nothing', () => {
    expect(ownershipRecords('<edgarSubmission/>', filing)).toBeUndefined()
  })
})

describe.skipIf(!hasSamples)('full submission text files (real .txt)', () => {
  let root = ''
  let db: BuildDb
  beforeAll(async () => {
    root = tempDir('insider-texts')
    const mirror = join(root, 'mirror')
    for (const [cik, acc] of [
      [1750, '0001127602-25-001055'],
      [911787, '0001094891-00-000193'],
    ] as const) {
      mkdirSync(join(mirror, `Archives/edgar/data/${cik}`), { recursive: true })
      copyFileSync(join(FORM345, `${acc}.txt`), join(mirror, `Archives/edgar/data/${cik}/${acc}.txt`))
    }
    db = await BuildDb.open({ file: ':memory:', tempDir: join(root, 'spill'), threads: 1, memoryLimit: '500MB' })
    await db.run(`CREATE TABLE stage_insider_texts (${columnsDdl(RECORD_COLUMNS)})`)
    const r = await stageFilingTexts(db, mirror, findFilingTexts(mirror), root)
    expect(r).toEqual({ files: 2, skipped: 1, rows: 3 })
  })
  afterAll(() => {
    db?.close()
    rmSync(root, { recursive: true, force: true })
  })

  test("the header's filing date and acceptance time, and the weighted-average price that carries a footnote", async () => {
    const rows = await db.all(`SELECT record, accession_number, form_type, filing_date::VARCHAR AS filing_date,
        accepted_at::VARCHAR AS accepted_at, issuer_cik, owner_cik, officer_title, transaction_code, shares, price_per_share,
        acquired_disposed, shares_owned_following FROM stage_insider_texts ORDER BY record`)
    expect(rows).toEqual([
      expect.objectContaining({
        record: 'filing',
        accession_number: '0001127602-25-001055',
        form_type: '4',
        filing_date: '2025-01-10',
        accepted_at: '2025-01-10 16:07:30',
        issuer_cik: '1750',
      }),
      expect.objectContaining({
        record: 'owner',
        owner_cik: '1806647',
        officer_title: 'Senior VP, GC, CAO & Secretary',
      }),
      expect.objectContaining({
        record: 'transaction',
        transaction_code: 'S',
        shares: 1500,
        price_per_share: 66.903,
        acquired_disposed: 'D',
        shares_owned_following: 37565,
      }),
    ])
  })
})

describe.skipIf(!hasSamples)('the real 2024q3 data set', () => {
  let root = ''
  let db: BuildDb
  const rows = (sql: string) => db.all(sql.replace('{q}', `read_parquet('${join(root, 'out', 'part-0.parquet')}')`))
  beforeAll(async () => {
    root = tempDir('insider-quarter')
    mkdirSync(join(root, 'out'))
    db = await BuildDb.open({ file: ':memory:', tempDir: join(root, 'spill'), threads: 2, memoryLimit: '1GB' })
    await convertQuarter(
      db,
      join(SAMPLES, 'insider/2024q3'),
      'insider/2024q3',
      join(root, 'out'),
      join(root, 'scratch'),
    )
  })
  afterAll(() => {
    db?.close()
    rmSync(root, { recursive: true, force: true })
  })

  const lines = (table: string) =>
    readFileSync(join(SAMPLES, 'insider/2024q3', `${table}.tsv`), 'latin1')
      .trimEnd()
      .split('\n')

  test('one record per row of each table present (REPORTINGOWNER and NONDERIV_TRANS are absent: none)', async () => {
    const counts = Object.fromEntries(
      (await rows(`SELECT record, count(*)::INTEGER AS n FROM {q} GROUP BY record`)).map((r) => [r.record, r.n]),
    )
    expect(counts).toEqual({
      filing: lines('SUBMISSION').length - 1,
      transaction: lines('DERIV_TRANS').length - 1,
      holding: lines('NONDERIV_HOLDING').length - 1 + lines('DERIV_HOLDING').length - 1,
    })
  })

  test('a derivative transaction, field by field (DD-MON-YYYY dates, EXCERCISE_DATE spelled as the file does)', async () => {
    expect(
      await rows(`SELECT security_title, exercise_price, transaction_date::VARCHAR AS d, transaction_code, shares,
        price_per_share, acquired_disposed, exercise_date, expiration_date::VARCHAR AS expiration, underlying_title,
        underlying_shares, shares_owned_following, direct_indirect FROM {q}
        WHERE accession_number = '0001493152-24-038908' AND record = 'transaction'`),
    ).toEqual([
      {
        security_title: 'Option (Right to Buy)',
        exercise_price: 4,
        d: '2024-09-27',
        transaction_code: 'A',
        shares: 250000,
        price_per_share: 0,
        acquired_disposed: 'A',
        exercise_date: null,
        expiration: '2034-09-27',
        underlying_title: 'Common Stock',
        underlying_shares: 250000,
        shares_owned_following: 250000,
        direct_indirect: 'D',
      },
    ])
    const withExercise = lines('DERIV_TRANS')
      .slice(1)
      .map((l) => l.split('\t'))
      .find((c) => /^\d{2}-[A-Z]{3}-\d{4}$/.test(c[24] ?? ''))!
    const [day, mon, year] = withExercise[24]!.split('-')
    const month = String(
      ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'].indexOf(mon!) + 1,
    )
    const got = await rows(`SELECT exercise_date::VARCHAR AS d FROM {q} WHERE accession_number = '${withExercise[0]}'
      AND record = 'transaction' AND exercise_date IS NOT NULL LIMIT 1`)
    expect(got).toEqual([{ d: `${year}-${month.padStart(2, '0')}-${day}` }])
  })

  test('the filing: issuer, symbol, form and dates of SUBMISSION', async () => {
    expect(
      await rows(`SELECT form_type, filing_date::VARCHAR AS filed, period_of_report::VARCHAR AS period, issuer_cik::INTEGER AS cik,
        issuer_name, issuer_ticker FROM {q} WHERE accession_number = '0001493152-24-038908' AND record = 'filing'`),
    ).toEqual([
      {
        form_type: '4',
        filed: '2024-09-30',
        period: '2024-09-27',
        cik: 1836754,
        issuer_name: 'Legacy Education Inc.',
        issuer_ticker: 'LGCY',
      },
    ])
  })
})

test('type: P is a buy and S a sell whatever A/D says; other codes by A/D; neither is NULL', async () => {
  const db = await BuildDb.open({ file: ':memory:', tempDir: tempDir('type'), threads: 1, memoryLimit: '200MB' })
  const got = await db.all(`SELECT transaction_code, acquired_disposed, ${TYPE_SQL} AS type FROM (VALUES
    ('P', 'A'), ('P', 'D'), ('S', 'A'), ('S', 'D'), ('M', 'A'), ('F', 'D'), ('G', NULL), (NULL, NULL))
    t(transaction_code, acquired_disposed)`)
  db.close()
  expect(got.map((r) => r.type)).toEqual(['buy', 'buy', 'sell', 'sell', 'buy', 'sell', null, null])
})
