/**
 * The 13F source (src/pipeline/sources/form-13f): the real 13F filings of ../shared/edgar-samples (skipped
 * when absent) parsed with values read from the files themselves, then built with the project's build
 * next to filings written for the rules: the value unit of both eras and of a filer that kept thousands,
 * a restatement and a new-holdings amendment, a notice, the quarter label.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { silentReporter } from '../../src/lib/progress.ts'
import { ZipWriter } from '../../src/lib/zip.ts'
import { filingTextPath, formatSubmissionText } from '../../src/pipeline/filing-text/index.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { type DataSetRow, type ReadTable, TABLE_COLUMNS } from '../../src/pipeline/sources/form-13f/columns.ts'
import { UNIT_TRAP_CIKS } from '../../src/pipeline/sources/form-13f/sample-unit-traps.ts'
import { coverXml, infoTableXml } from '../../src/pipeline/sources/form-13f/sample-xml.ts'
import { dataSetNames, SETS_DIR, windowOf } from '../../src/pipeline/sources/form-13f/sets.ts'
import { filingFromText } from '../../src/pipeline/sources/form-13f/text-filings.ts'
import { filingRows, infoTableRows } from '../../src/pipeline/sources/form-13f/xml.ts'
import { SOURCES } from '../../src/pipeline/sources/index.ts'
import { BEYOND_FILINGS, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { hasSamples, openSnapshot, SAMPLES, tempDir } from '../helpers/snapshot.ts'
import { zipTableRows } from '../helpers/zip-table.ts'

const dir13f = join(SAMPLES, 'filings-xml', '13f')
const real = (name: string) => readFileSync(join(dir13f, name), 'latin1').replace(/\r\n?/g, '\n')
/** Every `<tag>` value in a file, whatever its namespace prefix. */
const valuesOf = (text: string, tag: string) =>
  [...text.matchAll(new RegExp(`<(?:\\w+:)?${tag}>([^<]*)</(?:\\w+:)?${tag}>`, 'g'))].map((m) => m[1]!.trim())
const sum = (xs: (string | null | undefined)[]) => xs.reduce((s, x) => s + Number(x), 0)

/** The real filings: accession, filer, period, filing date, the file's name. */
const REAL = [
  { file: '0001619124-21-000002.txt', cik: 1619124, quarter: '2020Q4', filed: '2021-02-12', unit: 1000 },
  { file: '0001140361-23-013281.txt', cik: 1099219, quarter: '2021Q4', filed: '2023-03-23', unit: 1 },
  { file: '0001894188-23-000007.txt', cik: 1894188, quarter: '2023Q3', filed: '2023-11-14', unit: 1 },
  { file: '0001951757-25-000093.nc', cik: 1994827, quarter: '2024Q4', filed: '2025-01-22', unit: 1 },
]

describe.skipIf(!hasSamples)('real 13F filings parsed (../shared/edgar-samples)', () => {
  for (const r of REAL) {
    test(`${r.file}: every information-table row, the summary page's count and total`, () => {
      const text = real(r.file)
      const rows = filingFromText(text)!
      const table = text.slice(text.search(/<(\w+:)?informationTable[\s>]/))
      expect(rows.INFOTABLE.length).toBe(valuesOf(table, 'cusip').length)
      expect(rows.INFOTABLE.map((x) => x.CUSIP)).toEqual(valuesOf(table, 'cusip'))
      expect(rows.INFOTABLE.map((x) => x.VALUE)).toEqual(valuesOf(table, 'value'))
      expect(rows.INFOTABLE.map((x) => x.SSHPRNAMT)).toEqual(valuesOf(table, 'sshPrnamt'))
      expect(String(rows.INFOTABLE.length)).toBe(valuesOf(text, 'tableEntryTotal')[0]!)
      expect(sum(rows.INFOTABLE.map((x) => x.VALUE))).toBe(Number(valuesOf(text, 'tableValueTotal')[0]))
      expect(rows.SUBMISSION[0]!.CIK).toBe(String(r.cik).padStart(10, '0'))
    })
  }

  test("MetLife's combination report: the three managers reporting for it, by name and file number", () => {
    const rows = filingFromText(real('0001140361-23-013281.txt'))!
    expect(rows.COVERPAGE[0]!.REPORTTYPE).toBe('13F COMBINATION REPORT')
    expect(rows.OTHERMANAGER.map((m) => [m.CIK, m.FORM13FFILENUMBER, m.NAME])).toEqual([
      ['0000931588', '028-16107', 'PROVIDA PENSION FUND ADMINISTRATOR'],
      ['0000728618', '028-00491', 'METROPOLITAN LIFE INSURANCE CO/NY'],
      ['0001529735', '028-18628', 'MetLife Investment Management, LLC'],
    ])
    expect(rows.OTHERMANAGER[2]!.CRDNUMBER).toBe('000142463')
  })

  test('a standalone information table (prefix-free) and a primary_doc cover page', () => {
    const xml = readFileSync(join(dir13f, '13F-HR.infotable.xml'), 'utf8')
    const rows = infoTableRows('0000000000-00-000000', xml)
    expect(rows.length).toBe(valuesOf(xml, 'cusip').length)
    expect(rows.filter((r) => r.PUTCALL).map((r) => r.PUTCALL)).toEqual(valuesOf(xml, 'putCall'))
    const cover = readFileSync(join(dir13f, 'abacus.13F-HR.primary_doc.xml'), 'utf8')
    const head = { accessionNumber: '0000000000-21-000001', form: '13F-HR', filed: '2021-02-01', cik: 1, period: null }
    const parsed = filingRows(head, cover, null)!
    expect(parsed.SUBMISSION[0]!.PERIODOFREPORT).toBe('31-DEC-2020')
    expect(parsed.COVERPAGE[0]!.FILINGMANAGER_NAME).toBe(valuesOf(cover, 'name')[0]!)
  })
})

describe('data set names', () => {
  test('quarterly names to 2023, the two-month window of 2024, then three-month windows', () => {
    const names = dataSetNames('2025-03-15').map((s) => s.name)
    expect(names[0]).toBe('2013q2')
    expect(names.slice(names.indexOf('2023q4'))).toEqual([
      '2023q4',
      '01jan2024-29feb2024',
      '01mar2024-31may2024',
      '01jun2024-31aug2024',
      '01sep2024-30nov2024',
      '01dec2024-28feb2025',
    ])
    expect(windowOf('01dec2024-28feb2025')).toEqual({
      name: '01dec2024-28feb2025',
      from: '2024-12-01',
      to: '2025-02-28',
    })
    expect(windowOf('2019q3')).toEqual({ name: '2019q3', from: '2019-07-01', to: '2019-09-30' })
    expect(windowOf('2019q5')).toBeUndefined()
  })
})

/** Issuer names of the CUSIP-map rule filings, by filer and CUSIP (others are `ISSUER <cusip>`). */
const NAMES: Record<string, string> = {
  '9000005 44444D104': 'QUILLFEATHER DYNAMICS CORP',
  '9000006 44444D104': 'Quillfeather Dynamics Corporation',
  '9000005 55555E105': 'QUILLFEATHER DYNAMICS CORP',
  '9000006 55555E105': 'HARBOR LIGHT TRUST',
  '9000007 55555E105': 'BLUE MESA FUND',
  '9000008 55555E105': 'Quillfeather Dynamics Corp.',
}

/** A filing of the rules' tests: one position per [cusip, shares, value as reported]. */
function ruleFiling(
  cik: number,
  seq: number,
  form: string,
  filed: string,
  period: string,
  positions: [string, number, number][],
  amendmentType: string | null = null,
) {
  const acc = `${String(cik).padStart(10, '0')}-${filed.slice(2, 4)}-${String(seq).padStart(6, '0')}`
  const mon = (iso: string) =>
    `${iso.slice(8, 10)}-${['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][+iso.slice(5, 7) - 1]}-${iso.slice(0, 4)}`
  const notice = form.startsWith('13F-NT')
  const info: DataSetRow[] = positions.map(([cusip, shares, value], i) => ({
    ACCESSION_NUMBER: acc,
    INFOTABLE_SK: String(i + 1),
    NAMEOFISSUER: NAMES[`${cik} ${cusip}`] ?? `ISSUER ${cusip}`,
    TITLEOFCLASS: 'COM',
    CUSIP: cusip,
    VALUE: String(value),
    SSHPRNAMT: String(shares),
    SSHPRNAMTTYPE: 'SH',
    INVESTMENTDISCRETION: 'SOLE',
    VOTING_AUTH_SOLE: String(shares),
    VOTING_AUTH_SHARED: '0',
    VOTING_AUTH_NONE: '0',
  }))
  const rows: Record<ReadTable, DataSetRow[]> = {
    SUBMISSION: [
      { ACCESSION_NUMBER: acc, SUBMISSIONTYPE: form, CIK: String(cik).padStart(10, '0'), PERIODOFREPORT: mon(period) },
    ],
    COVERPAGE: [
      {
        ACCESSION_NUMBER: acc,
        ISAMENDMENT: form.endsWith('/A') ? 'Y' : null,
        AMENDMENTNO: form.endsWith('/A') ? '1' : null,
        AMENDMENTTYPE: amendmentType,
        FILINGMANAGER_NAME: `RULE TEST MANAGER ${cik}`,
        REPORTTYPE: notice ? '13F NOTICE REPORT' : '13F HOLDINGS REPORT',
      },
    ],
    SUMMARYPAGE: notice
      ? []
      : [
          {
            OTHERINCLUDEDMANAGERSCOUNT: '0',
            TABLEENTRYTOTAL: String(info.length),
            TABLEVALUETOTAL: String(sum(info.map((r) => r.VALUE))),
          },
        ],
    OTHERMANAGER: notice ? [{ NAME: 'REPORTING FOR IT LLC', FORM13FFILENUMBER: '028-11111' }] : [],
    OTHERMANAGER2: [],
    INFOTABLE: info,
  }
  const text = formatSubmissionText({
    accessionNumber: acc,
    form,
    filed,
    accepted: `${filed} 16:00:00`,
    period,
    parties: [{ role: 'filer', cik, name: `RULE TEST MANAGER ${cik}` }],
    documents: [
      { type: form, filename: 'primary_doc.xml', xml: coverXml(rows) },
      ...(notice
        ? []
        : [{ type: 'INFORMATION TABLE', filename: 'infotable.xml', xml: infoTableXml(info, cik % 2 === 0) }]),
    ],
  })
  return { acc, cik, text, rows }
}

/** Rule filings: four managers of one CUSIP in the dollar era (one kept thousands), amendments, a notice. */
const RULES = [
  ruleFiling(9000001, 1, '13F-HR', '2024-05-10', '2024-03-31', [
    ['11111A101', 1000, 50_000],
    ['22222B102', 10, 2_000],
  ]),
  ruleFiling(9000002, 1, '13F-HR', '2024-05-11', '2024-03-31', [['11111A101', 2000, 100_000]]),
  ruleFiling(9000003, 1, '13F-HR', '2024-05-12', '2024-03-31', [['11111A101', 4000, 200_000]]),
  // Kept thousands after the switch: 3,000 shares at $50 reported as 150.
  ruleFiling(9000004, 1, '13F-HR', '2024-05-13', '2024-03-31', [['11111A101', 3000, 150]]),
  // Before the switch: thousands ($45, $90 and $180 thousand)...
  ruleFiling(9000001, 2, '13F-HR', '2022-02-10', '2021-12-31', [['11111A101', 1000, 45]]),
  ruleFiling(9000002, 3, '13F-HR', '2022-02-11', '2021-12-31', [['11111A101', 2000, 90]]),
  ruleFiling(9000003, 2, '13F-HR', '2022-02-11', '2021-12-31', [['11111A101', 4000, 180]]),
  // ...and a filer that reported whole dollars before the switch: 3,000 shares at $45.
  ruleFiling(9000004, 2, '13F-HR', '2022-02-14', '2021-12-31', [['11111A101', 3000, 135_000]]),
  // Amendments of 2024Q1 for manager 9000001: a restatement replaces, then new holdings add.
  ruleFiling(9000001, 3, '13F-HR/A', '2024-05-20', '2024-03-31', [['11111A101', 1200, 60_000]], 'RESTATEMENT'),
  ruleFiling(9000001, 4, '13F-HR/A', '2024-05-21', '2024-03-31', [['33333C103', 5, 500]], 'NEW HOLDINGS'),
  ruleFiling(9000002, 2, '13F-NT', '2024-08-10', '2024-06-30', []),
  // CUSIP map: the cast's large issuer under its own name in two spellings; a CUSIP whose filers disagree.
  ruleFiling(9000005, 1, '13F-HR', '2024-05-14', '2024-03-31', [
    ['44444D104', 10, 1000],
    ['55555E105', 10, 1000],
  ]),
  ruleFiling(9000006, 1, '13F-HR', '2024-05-14', '2024-03-31', [
    ['44444D104', 10, 1000],
    ['55555E105', 10, 1000],
  ]),
  ruleFiling(9000007, 1, '13F-HR', '2024-05-14', '2024-03-31', [['55555E105', 10, 1000]]),
  ruleFiling(9000008, 1, '13F-HR', '2024-05-14', '2024-03-31', [['55555E105', 10, 1000]]),
  // Thousands kept, alone in its CUSIPs: three positions priced $0.13, $0.08 and $0.45 a share as dollars.
  ruleFiling(9000009, 1, '13F-HR', '2024-05-15', '2024-03-31', [
    ['66666F101', 1000, 130],
    ['66666G109', 500, 40],
    ['66666H107', 200, 90],
  ]),
  // The same error on two positions only: too few to decide, its era's unit stands.
  ruleFiling(9000010, 1, '13F-HR', '2024-05-15', '2024-03-31', [
    ['77777A109', 1000, 130],
    ['77777B107', 500, 40],
  ]),
]

describe.skipIf(!hasSamples)('the 13F rules through the build (real filings and rule filings)', () => {
  const root = tempDir('institutions-source')
  let db: Awaited<ReturnType<typeof openSnapshot>>
  let snapshotDir = ''
  beforeAll(async () => {
    const mirror = join(root, 'mirror')
    // The 13F source and the filings and filers it reads: the financial and insider sources play no part.
    await generateSample({
      out: mirror,
      scale: 0.00005,
      seed: 7,
      sources: SOURCES.filter((s) => s.name === 'form-13f' || !BEYOND_FILINGS.includes(s.name)),
    })
    for (const r of REAL) {
      const target = join(mirror, filingTextPath(r.cik, r.file.slice(0, 20))).replace(/\.txt$/, r.file.slice(20))
      mkdirSync(dirname(target), { recursive: true })
      copyFileSync(join(dir13f, r.file), target)
    }
    for (const f of RULES) {
      const target = join(mirror, filingTextPath(f.cik, f.acc))
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, f.text)
    }
    // Manager 9000003's filing is also in a data set, with another value: the data set's copy is the one kept.
    const inSet = RULES[2]!.rows
    const tsv = (table: keyof typeof TABLE_COLUMNS, rows: DataSetRow[]) =>
      `${TABLE_COLUMNS[table].join('\t')}\n${rows.map((r) => `${TABLE_COLUMNS[table].map((c) => r[c] ?? '').join('\t')}\n`).join('')}`
    const zip = new ZipWriter(join(mirror, 'form-13f-data-sets', '2024q2_form13f.zip'))
    zip.add('SUBMISSION.tsv', tsv('SUBMISSION', [{ ...inSet.SUBMISSION[0], FILING_DATE: '12-MAY-2024' }]))
    // A complete set: every table the build reads (the other-manager ones a header alone, the filing lists none).
    for (const table of ['COVERPAGE', 'SUMMARYPAGE', 'OTHERMANAGER', 'OTHERMANAGER2'] as const)
      zip.add(`${table}.tsv`, tsv(table, inSet[table]))
    zip.add(
      'INFOTABLE.tsv',
      tsv(
        'INFOTABLE',
        inSet.INFOTABLE.map((r) => ({ ...r, VALUE: '200001' })),
      ),
    )
    zip.close()
    const { dir } = await runBuild({
      from: mirror,
      datasets: join(root, 'datasets'),
      reporter: silentReporter(),
      threads: TEST_BUILD_THREADS,
    })
    snapshotDir = dir
    db = await openSnapshot(dir)
  })
  afterAll(() => {
    db?.close()
    rmSync(root, { recursive: true, force: true })
  })
  /** A filing's INFOTABLE rows in the mirror's data set of its filing date, split by hand. */
  const setRows = (filed: string, accession: string): DataSetRow[] => {
    const dir = join(root, 'mirror', SETS_DIR)
    const set = readdirSync(dir)
      .map((name) => windowOf(name.replace('_form13f.zip', '')))
      .find((w) => w && w.from <= filed && filed <= w.to)!
    return zipTableRows(join(dir, `${set.name}_form13f.zip`), 'INFOTABLE').filter(
      (r) => r.ACCESSION_NUMBER === accession,
    )
  }

  test('VALUE: thousands before 2023-01-03 (ACTIAM 2020), dollars after (MetLife 2021 filed 2023, LTS One, Acorn)', async () => {
    for (const r of REAL) {
      const text = real(r.file)
      const acc = r.file.slice(0, 20)
      const [f] = await db.q<{ value: number; quarter: string; holdings_loaded: number }>(
        'SELECT value::DOUBLE AS value, quarter, holdings_loaded::INTEGER AS holdings_loaded FROM {t:inst_filings} WHERE accession = ?',
        [acc],
      )
      expect(f).toEqual({
        value: sum(valuesOf(text, 'value')) * r.unit,
        quarter: r.quarter,
        holdings_loaded: Number(valuesOf(text, 'tableEntryTotal')[0]),
      })
      // The summary page's total in the same unit equals the table's sum.
      expect(Number(valuesOf(text, 'tableValueTotal')[0]) * r.unit).toBe(f!.value)
    }
  })

  test('a filer in the other era’s unit (thousands kept after the switch, dollars before it) is found by its prices; values multiplied once', async () => {
    const rows = await db.q<{ cik: number; value: number }>(
      `SELECT cik::INTEGER AS cik, value::DOUBLE AS value FROM {t:inst_holdings} WHERE cusip = '11111A101' AND qend = DATE '2024-03-31' ORDER BY cik`,
    )
    expect(rows).toEqual([
      { cik: 9000001, value: 60_000 },
      { cik: 9000002, value: 100_000 },
      { cik: 9000003, value: 200_001 },
      { cik: 9000004, value: 150_000 },
    ])
    const before = await db.q(
      `SELECT cik::INTEGER AS cik, value::DOUBLE AS value FROM {t:inst_holdings} WHERE qend = DATE '2021-12-31' AND cusip = '11111A101' ORDER BY cik`,
    )
    expect(before).toEqual([
      { cik: 9000001, value: 45_000 },
      { cik: 9000002, value: 90_000 },
      { cik: 9000003, value: 180_000 },
      { cik: 9000004, value: 135_000 },
    ])
  })

  test('without peers, a filing of 3 or more share positions is judged by its own prices; of fewer, by its era', async () => {
    const rows = await db.q(
      `SELECT cik::INTEGER AS cik, cusip, value::DOUBLE AS value FROM {t:inst_holdings}
       WHERE cik IN (9000009, 9000010) ORDER BY cik, cusip`,
    )
    expect(rows).toEqual([
      { cik: 9000009, cusip: '66666F101', value: 130_000 },
      { cik: 9000009, cusip: '66666G109', value: 40_000 },
      { cik: 9000009, cusip: '66666H107', value: 90_000 },
      { cik: 9000010, cusip: '77777A109', value: 130 },
      { cik: 9000010, cusip: '77777B107', value: 40 },
    ])
  })

  test('the real filings, alone in their CUSIPs here, keep their unit by their own prices (ACTIAM’s $1,750 Alphabet stays in thousands)', async () => {
    const peers = await db.q<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM {t:inst_holdings} h
       JOIN (SELECT DISTINCT qend, cusip FROM {t:inst_holdings} WHERE cik IN (1619124, 1099219, 1894188, 1994827)) USING (qend, cusip)
       WHERE h.cik NOT IN (1619124, 1099219, 1894188, 1994827)`,
    )
    expect(peers).toEqual([{ n: 0 }])
    // The implied prices the build serves are real share prices: Apple $132.69 at the end of 2020, SPY $430.29 at the end of 2021.
    const prices = await db.q(
      `SELECT cusip, round(value / shares, 2)::DOUBLE AS price FROM {t:inst_holdings}
       WHERE (cik = 1619124 AND cusip = '037833100') OR (cik = 1099219 AND cusip = '78462F103') ORDER BY cusip`,
    )
    expect(prices).toEqual([
      { cusip: '037833100', price: 132.69 },
      { cusip: '78462F103', price: 430.29 },
    ])
  })

  test('the sample’s filers alone in their securities: thousands kept after the switch, dollars before it, notes and options only', async () => {
    const { thousandsKept, dollarsEarly, noShares } = UNIT_TRAP_CIKS
    const alone = await db.q<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM {t:inst_holdings} h
       JOIN (SELECT DISTINCT qend, cusip FROM {t:inst_holdings} WHERE cik IN (${thousandsKept}, ${dollarsEarly}, ${noShares})) USING (qend, cusip)
       WHERE h.cik NOT IN (${thousandsKept}, ${dollarsEarly}, ${noShares})`,
    )
    expect(alone).toEqual([{ n: 0 }])
    const filings = await db.q<{ accession: string; filed: string; value: number }>(
      `SELECT accession, filed::VARCHAR AS filed, value::DOUBLE AS value FROM {t:inst_filings}
       WHERE cik IN (${thousandsKept}, ${dollarsEarly}, ${noShares}) ORDER BY cik, accession`,
    )
    // Each filing's VALUE column as the mirror's data set holds it, and the unit it was written in.
    const reported = filings.map((f) => sum(setRows(f.filed, f.accession).map((r) => r.VALUE)))
    expect(filings.map((f) => f.value)).toEqual([
      reported[0]! * 1000, // Lantern Rock 2022Q3, filed 2022-11-14: thousands, as its era
      reported[1]! * 1000, // Lantern Rock 2022Q4, filed 2023-02-14: thousands kept
      reported[2]!, // Quarry Hill 2022Q3, filed 2022-11-10: dollars early
      reported[3]!, // Quarry Hill 2023Q4: dollars, as its era
      reported[4]!, // Saltmarsh 2023Q1: no share position to price, dollars as its era
    ])
    expect(filings.map((f) => f.accession.slice(0, 10))).toEqual([
      ...Array(2).fill(String(thousandsKept).padStart(10, '0')),
      ...Array(2).fill(String(dollarsEarly).padStart(10, '0')),
      String(noShares).padStart(10, '0'),
    ])
    // Every share position of the two is served at a real price per share, $1 to $1,000 (never multiplied twice).
    const prices = await db.q<{ price: number }>(
      `SELECT value / shares AS price FROM {t:inst_holdings} WHERE cik IN (${thousandsKept}, ${dollarsEarly}) AND put_call IS NULL`,
    )
    expect(prices.length).toBe(24)
    for (const { price } of prices) expect(price > 1 && price < 1000).toBe(true)
  })

  test('holdings and flows: a Parquet file per quarter, in serving order; flows only against the calendar quarter before', async () => {
    for (const table of ['inst_holdings', 'inst_flows']) {
      const quarters = await db.q<{ qend: string }>(
        `SELECT DISTINCT qend::VARCHAR AS qend FROM {t:${table}} ORDER BY qend`,
      )
      expect(quarters.length).toBeGreaterThan(1)
      expect(readdirSync(join(snapshotDir, table)).sort()).toEqual(quarters.map((q) => `part-${q.qend}.parquet`))
    }
    const stored = await db.q(
      'SELECT qend::VARCHAR AS qend, cik::INTEGER AS cik, value_rank::INTEGER AS r FROM {t:inst_holdings}',
    )
    expect(stored).toEqual(
      await db.q(
        'SELECT qend::VARCHAR AS qend, cik::INTEGER AS cik, value_rank::INTEGER AS r FROM {t:inst_holdings} ORDER BY ALL',
      ),
    )
    // 2021Q4 and then 2024Q1: the earlier quarter is not the one before, so every position is new, none sold out.
    const flows = await db.q(
      `SELECT qend::VARCHAR AS qend, change, prior_shares::DOUBLE AS prior FROM {t:inst_flows}
       WHERE cik = 9000001 AND cusip = '11111A101' ORDER BY qend`,
    )
    expect(flows).toEqual([
      { qend: '2021-12-31', change: 'new', prior: 0 },
      { qend: '2024-03-31', change: 'new', prior: 0 },
    ])
  })

  test('a filing no index or submissions record dates is received when its own file says (Eastern → UTC)', async () => {
    const rows = await db.q(
      `SELECT accession, accepted_at::VARCHAR AS accepted FROM {t:inst_filings}
       WHERE accession IN ('0009000001-24-000001', '0001619124-21-000002') ORDER BY accession`,
    )
    // ACTIAM's header: <ACCEPTANCE-DATETIME>20210212100642, winter time (UTC−5); the rule filing 16:00 in May (UTC−4).
    expect(real('0001619124-21-000002.txt')).toContain('<ACCEPTANCE-DATETIME>20210212100642')
    expect(rows).toEqual([
      { accession: '0001619124-21-000002', accepted: '2021-02-12 15:06:42' },
      { accession: '0009000001-24-000001', accepted: '2024-05-10 20:00:00' },
    ])
  })

  test('a filing in a data set and in its own file is taken once, from the data set', async () => {
    const rows = await db.q(
      `SELECT accession, data_set, holdings_loaded::INTEGER AS n FROM {t:inst_filings} f
       JOIN (SELECT accession, data_set FROM {t:form13f_infotable} GROUP BY ALL) s USING (accession)
       WHERE f.cik = 9000003`,
    )
    expect(rows).toEqual([{ accession: '0009000003-24-000001', data_set: '2024q2', n: 1 }])
  })

  test('a restatement replaces the holdings, new holdings add to them; the original no longer counts', async () => {
    const rows = await db.q<{ cusip: string; shares: number; accession: string }>(
      `SELECT h.cusip, h.shares::INTEGER AS shares, f.accession FROM {t:inst_holdings} h
       JOIN {t:inst_filings} f ON f.cik = h.cik AND f.qend = h.qend AND f.effective
       WHERE h.cik = 9000001 AND h.qend = DATE '2024-03-31' ORDER BY h.cusip, f.accession`,
    )
    expect([...new Set(rows.map((r) => `${r.cusip}:${r.shares}`))]).toEqual(['11111A101:1200', '33333C103:5'])
    const roles = await db.q(
      `SELECT accession, role, effective FROM {t:inst_filings} WHERE cik = 9000001 AND qend = DATE '2024-03-31' ORDER BY seq`,
    )
    expect(roles).toEqual([
      { accession: '0009000001-24-000001', role: 'original', effective: false },
      { accession: '0009000001-24-000003', role: 'restatement', effective: true },
      { accession: '0009000001-24-000004', role: 'new_holdings', effective: true },
    ])
  })

  test('CUSIP map: a name the filers agree on maps to its one listed entity; a disputed CUSIP maps to nothing', async () => {
    const rows = await db.q(
      `SELECT cusip, issuer_name, confidence, issuer_cik::INTEGER AS issuer_cik, ticker, sic
       FROM {t:form13f_cusips} WHERE cusip IN ('44444D104', '55555E105', '11111A101') ORDER BY cusip`,
    )
    expect(rows).toEqual([
      { cusip: '11111A101', issuer_name: 'ISSUER 11111A101', confidence: 0, issuer_cik: null, ticker: null, sic: null },
      {
        cusip: '44444D104',
        issuer_name: 'QUILLFEATHER DYNAMICS CORP',
        confidence: 1,
        issuer_cik: 804753,
        ticker: 'QFD',
        sic: 3674,
      },
      // Two rows of four give the listed company's name (in two spellings): 2/4 × 1 is below the 0.75 threshold.
      {
        cusip: '55555E105',
        issuer_name: 'QUILLFEATHER DYNAMICS CORP',
        confidence: 0.5,
        issuer_cik: null,
        ticker: null,
        sic: null,
      },
    ])
  })

  test('a 13F-NT is a notice without holdings, with the manager reporting for it', async () => {
    const [f] = await db.q(
      `SELECT quarter, role, holdings_loaded::INTEGER AS holdings_loaded,
        notice_manager_count::INTEGER AS notice_manager_count, managers FROM {t:inst_filings} WHERE accession = '0009000002-24-000002'`,
    )
    expect(f).toEqual({
      quarter: '2024Q2',
      role: 'notice',
      holdings_loaded: 0,
      notice_manager_count: 1,
      managers:
        '[{"type":"notice","sequenceNumber":null,"managerCik":null,"managerName":"REPORTING FOR IT LLC","form13fFileNumber":"028-11111","crdNumber":null,"secFileNumber":null}]',
    })
    const [q] = await db.q(
      `SELECT period_status, positions::INTEGER AS positions FROM {t:inst_quarters} WHERE cik = 9000002 AND qend = DATE '2024-06-30'`,
    )
    expect(q).toEqual({ period_status: 'notice_only', positions: 0 })
  })
})
