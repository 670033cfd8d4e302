/**
 * The snapshot's tables over the generator's fixture (scale 0.00005: the fixed cast plus ~50 random
 * entities), built by the real build: the shared sample snapshot the API tests read (test/helpers/fixture.ts).
 * Whole rows for the cast, whose values are written out in src/sample/cast.ts; counts checked against the
 * generated files themselves; and the physical layout.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { silentReporter } from '../../src/lib/progress.ts'
import { ZipReader } from '../../src/lib/zip.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { SIC_CODES } from '../../src/reference/sic-codes.ts'
import { CAST, CAST_ACCESSIONS } from '../../src/sample/cast.ts'
import { BEYOND_FILINGS, sampleFixture, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { openSnapshot, tempDir } from '../helpers/snapshot.ts'

const root = tempDir('tables')
let mirror = ''
let dir = ''
let snap: Awaited<ReturnType<typeof openSnapshot>>

beforeAll(async () => {
  const fixture = await sampleFixture()
  mirror = fixture.mirror
  dir = fixture.dir
  snap = await openSnapshot(dir)
})
afterAll(() => {
  snap?.close()
  rmSync(root, { recursive: true, force: true })
})

const address = (
  street1: string,
  street2: string | null,
  city: string,
  state: string | null,
  zip: string,
  foreign: boolean | null,
  extra = {},
) => ({
  street1,
  street2,
  city,
  state_or_country: state,
  zip_code: zip,
  state_or_country_description: state,
  foreign_state_territory: null,
  country: null,
  country_code: null,
  foreign_location: foreign,
  ...extra,
})

describe('entities', () => {
  test('a large issuer: every field, five tickers on two exchanges, former names with dates', async () => {
    const [row] = await snap.q(
      `SELECT * EXCLUDE (filing_count, first_filing_date, last_filing_date) FROM {t:entities} WHERE cik = ?`,
      [CAST.largeIssuer.cik],
    )
    const quill = address('2200 LATTICE PARKWAY', 'SUITE 400', 'SAN JOSE', 'CA', '95134', false)
    expect(row).toEqual({
      cik: '804753',
      name: 'Quillfeather Dynamics Corp',
      entity_type: 'company',
      sec_entity_type: 'operating',
      tickers: ['QFD', 'QFDB', 'QFD-PA', 'QFD-PB', 'QFD-PC'],
      exchanges: ['Nasdaq', 'Nasdaq', 'NYSE', 'NYSE', 'NYSE'],
      ticker: 'QFD',
      sic: 3674,
      sic_description: 'Semiconductors & Related Devices',
      owner_org: '04 Manufacturing',
      insider_transaction_for_owner_exists: false,
      insider_transaction_for_issuer_exists: true,
      ein: '941873520',
      lei: null,
      description: null,
      website: null,
      investor_website: null,
      category: 'Large accelerated filer',
      fiscal_year_end: '1231',
      state_of_incorporation: 'DE',
      state_of_incorporation_description: 'DE',
      phone: '(408) 555-0142',
      flags: null,
      former_names: [
        { name: 'Quillfeather Holdings Inc', from: '2009-03-02', to: '2018-06-14' },
        { name: 'QUILLFEATHER SEMICONDUCTOR CORP', from: '1994-05-11', to: '2009-03-02' },
      ],
      mailing_address: quill,
      business_address: { ...quill, foreign_location: null },
      market_rank: 1,
      source: 'submissions',
    })
  })

  test('entity classes: company, individual, institution, fund with placeholder EIN, index-only filer', async () => {
    const rows = await snap.q(
      `SELECT cik::INTEGER AS cik, entity_type, sec_entity_type, ein, source FROM {t:entities}
      WHERE cik IN (?, ?, ?, ?, ?, ?) ORDER BY cik`,
      [
        CAST.insiderA.cik,
        CAST.insiderB.cik,
        CAST.manager.cik,
        CAST.zeroEinFund.cik,
        CAST.indexOnly.cik,
        CAST.delisted.cik,
      ],
    )
    expect(rows).toEqual([
      { cik: CAST.insiderB.cik, entity_type: 'individual', sec_entity_type: 'other', ein: null, source: 'submissions' },
      { cik: CAST.insiderA.cik, entity_type: 'individual', sec_entity_type: 'other', ein: null, source: 'submissions' },
      {
        cik: CAST.manager.cik,
        entity_type: 'institution',
        sec_entity_type: 'other',
        ein: '812204661',
        source: 'submissions',
      },
      {
        cik: CAST.delisted.cik,
        entity_type: 'company',
        sec_entity_type: 'operating',
        ein: '832719904',
        source: 'submissions',
      },
      { cik: CAST.zeroEinFund.cik, entity_type: 'company', sec_entity_type: 'other', ein: null, source: 'submissions' },
      { cik: CAST.indexOnly.cik, entity_type: 'unknown', sec_entity_type: null, ein: null, source: 'index' },
    ])
  })

  test('tickers: own list, the exchange-file fallback, and none at all', async () => {
    const rows = await snap.q(
      `SELECT name, ticker, tickers, exchanges, sic, category FROM {t:entities} WHERE cik IN (?, ?) ORDER BY cik`,
      [CAST.tickerFromExchangeFile.cik, CAST.delisted.cik],
    )
    expect(rows).toEqual([
      {
        name: 'Tidewren Holdings Inc',
        ticker: 'TDWR',
        tickers: ['TDWR'],
        exchanges: ['OTC'],
        sic: null,
        category: 'Non-accelerated filer, Smaller reporting company',
      },
      {
        name: 'Brambleton Therapeutics, Inc.',
        ticker: null,
        tickers: [],
        exchanges: [],
        sic: 2834,
        category: 'Non-accelerated filer, Smaller reporting company, Emerging growth company',
      },
    ])
  })

  test('a foreign issuer keeps its foreign addresses; a long name with punctuation is intact', async () => {
    const [foreign] = await snap.q(
      `SELECT mailing_address, state_of_incorporation_description, ein FROM {t:entities} WHERE cik = ?`,
      [CAST.foreignIssuer.cik],
    )
    expect(foreign).toEqual({
      mailing_address: address('OBERWALD FEINMECHANIK AG', 'INDUSTRIESTRASSE 14', 'MUNICH', '2M', '80939', true, {
        state_or_country_description: 'Germany',
        foreign_state_territory: 'BAVARIA',
        country: 'Germany',
        country_code: 'DE',
      }),
      state_of_incorporation_description: 'Germany',
      ein: null,
    })
    const [long] = await snap.q(`SELECT name FROM {t:entities} WHERE cik = ?`, [CAST.longName.cik])
    expect(long).toEqual({
      name: "Saint-Aubin O'Malley Fiduciary Trust, Equipment Leasing & Real Estate Income Fund /NY/ L.P.",
    })
  })
})

/** `cik|accession` of every filing in the generated submissions.zip, read here independently of the build. */
function generatedFilingKeys() {
  const keys = new Set<string>()
  const zip = ZipReader.open(join(mirror, 'submissions.zip'))
  for (const [entry, data] of zip.iterate()) {
    const doc = JSON.parse(data.toString())
    const arrays = entry.name.includes('-submissions-') ? doc : doc.filings.recent
    for (const acc of arrays.accessionNumber) keys.add(`${Number(entry.name.slice(3, 13))}|${acc}`)
  }
  zip.close()
  return keys
}

describe('filings', () => {
  test('every filing of the generated submissions is there once, plus index-only ones', async () => {
    const keys = generatedFilingKeys()
    const [sub] = await snap.q(`SELECT count(*)::INTEGER AS n FROM {t:filings} WHERE source = 'submissions'`)
    expect(sub).toEqual({ n: keys.size })
    const rows = await snap.q<{ k: string }>(
      `SELECT cik::VARCHAR || '|' || accession_number AS k FROM {t:filings} WHERE source = 'submissions'`,
    )
    expect(rows.every((r) => keys.has(r.k))).toBe(true)
    const indexOnly = await snap.q(
      `SELECT accession_number, form_type, source FROM {t:filings} WHERE cik = ? ORDER BY filing_date`,
      [CAST.indexOnly.cik],
    )
    expect(indexOnly.at(-1)).toEqual({
      accession_number: CAST_ACCESSIONS.indexOnlyAmendment,
      form_type: 'D/A',
      source: 'daily-index',
    })
  })

  test("a Form 4 is listed under the insider and the issuer, with each one's name", async () => {
    const rows = await snap.q(
      `SELECT cik::INTEGER AS cik, form_type, form_category, filing_date::VARCHAR AS filing_date, entity_name, ticker
      FROM {t:filings} WHERE accession_number = ? ORDER BY cik`,
      [CAST_ACCESSIONS.insiderForm4],
    )
    expect(rows).toEqual([
      {
        cik: 804753,
        form_type: '4',
        form_category: 'Insider Transactions',
        filing_date: '2026-08-12',
        entity_name: 'Quillfeather Dynamics Corp',
        ticker: 'QFD',
      },
      {
        cik: 1561207,
        form_type: '4',
        form_category: 'Insider Transactions',
        filing_date: '2026-08-12',
        entity_name: 'Vantreece Marisol K',
        ticker: null,
      },
    ])
  })

  test('a 10-K row carries every submissions field, typed', async () => {
    const [row] = await snap.q(
      `SELECT * EXCLUDE (accepted_at), strftime(accepted_at, '%Y-%m-%dT%H:%M:%S') AS accepted FROM {t:filings} WHERE accession_number = ?`,
      [CAST_ACCESSIONS.tenK],
    )
    expect(row).toEqual({
      accession_number: '0000804753-26-000006',
      cik: '804753',
      form_type: '10-K',
      form_category: 'Annual Reports',
      filing_date: '2026-02-19',
      report_date: '2025-12-31',
      accepted: '2026-02-19T21:21:45',
      act: '34',
      file_number: '001-96285',
      film_number: '26082726',
      items: null,
      core_type: 'XBRL',
      size: '17421157',
      is_xbrl: true,
      is_inline_xbrl: true,
      primary_document: 'qfd-20251231.htm',
      primary_doc_description: '10-K',
      entity_name: 'Quillfeather Dynamics Corp',
      ticker: 'QFD',
      source: 'submissions',
    })
  })

  test("the current day's filing comes from the daily index alone", async () => {
    const rows = await snap.q(
      `SELECT cik::INTEGER AS cik, form_type, filing_date::VARCHAR AS filing_date, accepted_at, source, entity_name
      FROM {t:filings} WHERE accession_number = ?`,
      [CAST_ACCESSIONS.currentDay],
    )
    expect(rows).toEqual([
      {
        cik: 804753,
        form_type: '8-K',
        filing_date: '2026-11-23',
        accepted_at: null,
        source: 'daily-index',
        entity_name: 'Quillfeather Dynamics Corp',
      },
    ])
  })

  test('a filer with 3,400 filings has recent and both page files', async () => {
    const [row] = await snap.q(
      `SELECT count(*)::INTEGER AS n, count(DISTINCT accession_number)::INTEGER AS distinct_n FROM {t:filings} WHERE cik = ?`,
      [CAST.manyFilings.cik],
    )
    expect(row).toEqual({ n: 3400, distinct_n: 3400 })
  })

  test('an empty reportDate is NULL; 8-K items are kept', async () => {
    const rows = await snap.q<{ form_type: string; report_date: string | null; items: string | null }>(
      `SELECT form_type, report_date, items FROM {t:filings} WHERE cik = ? AND source = 'submissions'`,
      [CAST.emptyReportDates.cik],
    )
    const forms = ['S-8', 'CORRESP', 'UPLOAD', '424B3', 'SCHEDULE 13G/A']
    const undated = rows.filter((r) => forms.includes(r.form_type))
    expect(undated.length).toBeGreaterThanOrEqual(forms.length)
    expect(undated.every((r) => r.report_date === null)).toBe(true)
    expect(
      rows
        .filter((r) => r.form_type === '8-K')
        .every((r) => r.items !== null && /^\d\.\d\d(,\d\.\d\d)*$/.test(r.items)),
    ).toBe(true)
  })

  test('the by-date copy holds the same rows, and the accession index one row per filing', async () => {
    const digest = (t: string, cols = 'cik, accession_number, form_type, filing_date, entity_name') =>
      `SELECT count(*)::INTEGER AS n, sum(hash(${cols}))::VARCHAR AS h FROM {t:${t}}`
    const [a] = await snap.q(digest('filings'))
    expect(await snap.q(digest('filings_by_date'))).toEqual([a!])
    const [keys] = await snap.q(digest('filings', 'cik, accession_number, filing_date'))
    expect(await snap.q(digest('filing_accessions', 'cik, accession_number, filing_date'))).toEqual([keys!])
    const filers = await snap.q(
      `SELECT cik::INTEGER AS cik FROM {t:filing_accessions} WHERE accession_number = ? ORDER BY cik`,
      [CAST_ACCESSIONS.insiderForm4],
    )
    expect(filers).toEqual([{ cik: CAST.largeIssuer.cik }, { cik: CAST.insiderA.cik }])
  })
})

describe('documents, form types, SIC codes, tickers', () => {
  test("a 10-K's documents: primary document, exhibits, XBRL files, no EDGAR-generated pages", async () => {
    const docs = await snap.q(
      `SELECT filename, document_type, is_primary FROM {t:filing_documents} WHERE accession_number = ? ORDER BY sequence`,
      [CAST_ACCESSIONS.tenK],
    )
    expect(docs.map((d) => `${d.filename} ${d.document_type}${d.is_primary ? ' primary' : ''}`)).toEqual([
      '0000804753-26-000006.txt COMPLETE SUBMISSION',
      'ex19-1.htm EX-19.1',
      'ex21-1.htm EX-21.1',
      'ex23-1.htm EX-23.1',
      'ex31-1.htm EX-31.1',
      'ex31-2.htm EX-31.2',
      'ex32-1.htm EX-32.1',
      'ex4-1.htm EX-4.1',
      'ex97-1.htm EX-97.1',
      'qfd-20251231.htm 10-K primary',
      'qfd-20251231.xsd EX-101.SCH',
      'qfd-20251231_cal.xml EX-101.CAL',
      'qfd-20251231_def.xml EX-101.DEF',
      'qfd-20251231_htm.xml XML',
      'qfd-20251231_lab.xml EX-101.LAB',
      'qfd-20251231_pre.xml EX-101.PRE',
      'qfd_logo.jpg GRAPHIC',
    ])
  })

  test('form types: exactly the forms filed, with category, description, count and latest date', async () => {
    const [counts] = await snap.q(
      `SELECT (SELECT count(DISTINCT form_type) FROM {t:filings})::INTEGER AS filed, (SELECT count(*) FROM {t:form_types})::INTEGER AS listed`,
    )
    expect(counts!.listed).toBe(counts!.filed as number)
    const rows = await snap.q(
      `SELECT form_type, category, description FROM {t:form_types} WHERE form_type IN ('10-K', '13F-HR/A') ORDER BY form_type`,
    )
    expect(rows).toEqual([
      { form_type: '10-K', category: 'Annual Reports', description: 'Annual report pursuant to Section 13 or 15(d)' },
      {
        form_type: '13F-HR/A',
        category: 'Institutional Holdings',
        description: 'Amendment to quarterly report of holdings by an institutional investment manager',
      },
    ])
    const [eightK] =
      await snap.q(`SELECT f.filing_count = c.n AS counted, f.latest_filing_date::VARCHAR AS latest FROM {t:form_types} f,
      (SELECT count(*) AS n FROM {t:filings} WHERE form_type = '8-K') c WHERE f.form_type = '8-K'`)
    expect(eightK).toEqual({ counted: true, latest: '2026-11-23' })
  })

  test('SIC codes: the whole SEC list, with sector and the large tickers of each code', async () => {
    const [n] = await snap.q(`SELECT count(*)::INTEGER AS n FROM {t:sic_codes}`)
    expect(n).toEqual({ n: SIC_CODES.length })
    const rows = await snap.q(`SELECT * FROM {t:sic_codes} WHERE sic_code IN (3674, 6021) ORDER BY sic_code`)
    expect(rows).toEqual([
      {
        sic_code: 3674,
        office: 'Office of Manufacturing',
        industry_title: 'SEMICONDUCTORS & RELATED DEVICES',
        sector: 'Technology',
        large_size_tickers: 'QFD',
        entity_count: 1,
      },
      {
        sic_code: 6021,
        office: 'Office of Finance',
        industry_title: 'NATIONAL COMMERCIAL BANKS',
        sector: 'Financial Services',
        large_size_tickers: 'CBRF',
        entity_count: 1,
      },
    ])
  })

  test('tickers resolve to CIKs, primary first', async () => {
    const rows = await snap.q(
      `SELECT ticker, exchange, position, is_primary FROM {t:tickers} WHERE cik = ? ORDER BY position`,
      [CAST.largeIssuer.cik],
    )
    expect(rows).toEqual([
      { ticker: 'QFD', exchange: 'Nasdaq', position: 1, is_primary: true },
      { ticker: 'QFDB', exchange: 'Nasdaq', position: 2, is_primary: false },
      { ticker: 'QFD-PA', exchange: 'NYSE', position: 3, is_primary: false },
      { ticker: 'QFD-PB', exchange: 'NYSE', position: 4, is_primary: false },
      { ticker: 'QFD-PC', exchange: 'NYSE', position: 5, is_primary: false },
    ])
  })
})

describe('layout', () => {
  const rowGroups = (table: string, column: string) =>
    snap.q<{
      mn: string
      mx: string
      compression: string
    }>(`SELECT stats_min_value AS mn, stats_max_value AS mx, compression
      FROM parquet_metadata('${join(dir, table)}/**/*.parquet') WHERE path_in_schema = '${column}' ORDER BY file_name, row_group_id`)

  test('filings are sorted by CIK, then newest first; every file is zstd', async () => {
    const rows = await snap.q<{ cik: string; d: string }>(
      `SELECT cik::VARCHAR AS cik, filing_date::VARCHAR AS d FROM {t:filings}`,
    )
    const sorted = [...rows].sort((a, b) => Number(a.cik) - Number(b.cik) || (a.d < b.d ? 1 : a.d > b.d ? -1 : 0))
    expect(rows.map((r) => `${r.cik} ${r.d}`)).toEqual(sorted.map((r) => `${r.cik} ${r.d}`))
    for (const t of ['entities', 'filings', 'filings_by_date', 'filing_accessions', 'filing_documents']) {
      expect(
        new Set((await rowGroups(t, t === 'entities' ? 'cik' : 'accession_number')).map((r) => r.compression)),
      ).toEqual(new Set(['ZSTD']))
    }
  })

  test('filings_by_date is newest first, and its row groups say so', async () => {
    const rows = await snap.q<{ d: string }>(`SELECT filing_date::VARCHAR AS d FROM {t:filings_by_date}`)
    expect(rows.map((r) => r.d)).toEqual(
      rows
        .map((r) => r.d)
        .sort()
        .reverse(),
    )
    const groups = await rowGroups('filings_by_date', 'filing_date')
    expect(groups.length).toBeGreaterThan(0)
    expect(groups.map((g) => g.compression)).toEqual(groups.map(() => 'ZSTD'))
  })

  test('filings_by_date sorted in date ranges (as a full-scale build does) is the same file row for row', async () => {
    // 50 rows a range cuts the fixture's filings into dozens of ranges, some days on a boundary.
    const chunked = (
      await runBuild({
        from: mirror,
        datasets: join(root, 'chunked'),
        reporter: silentReporter(),
        threads: TEST_BUILD_THREADS,
        sortChunkRows: 50,
        // The filings alone: the other sources add no filing, and would be most of the build.
        skipSources: BEYOND_FILINGS,
      })
    ).dir
    const rowsOf = (d: string) =>
      snap.q<{ row: string }>(
        `SELECT concat_ws('|', filing_date, accession_number, cik, form_type, entity_name, ticker, source) AS row
       FROM read_parquet('${join(d, 'filings_by_date', 'part-0.parquet')}', file_row_number = true) ORDER BY file_row_number`,
      )
    const [whole, ranges] = [await rowsOf(dir), await rowsOf(chunked)]
    expect(whole.length).toBeGreaterThan(50 * 20)
    expect(ranges).toEqual(whole)
    expect(readdirSync(chunked).filter((f) => f.startsWith('.work'))).toEqual([])
  })

  test('filing_accessions is sorted by accession number', async () => {
    const rows = await snap.q<{ a: string }>(`SELECT accession_number AS a FROM {t:filing_accessions}`)
    expect(rows.map((r) => r.a)).toEqual(rows.map((r) => r.a).sort())
  })

  test("the manifest lists each table's files, sort order and columns", () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
    expect(manifest.tables.filings.sortedBy).toBe('cik, filing_date DESC, accession_number DESC')
    expect(manifest.tables.filings.files).toEqual(['filings/part-0000.parquet'])
    expect(manifest.tables.filings_by_date.sortedBy).toBe('filing_date DESC, accession_number DESC, cik')
    expect(manifest.tables.entities.columns.slice(0, 3)).toEqual([
      { name: 'cik', type: 'BIGINT' },
      { name: 'name', type: 'VARCHAR' },
      { name: 'entity_type', type: 'VARCHAR' },
    ])
  })
})
