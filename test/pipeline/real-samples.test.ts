/**
 * The real build over real EDGAR files (../shared/edgar-samples, laid out as a mirror in the run's folder:
 * helpers/real-samples.ts): each quirk of the real formats, proven with values read from those files.
 * Skipped when the samples folder is absent (a user's fresh clone).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openTestApi } from '../helpers/api.ts'
import type { Fixture } from '../helpers/fixture.ts'
import { realSamplesFixture } from '../helpers/real-samples.ts'
import { hasSamples, openSnapshot, SAMPLES } from '../helpers/snapshot.ts'

let built: Fixture
let snap: Awaited<ReturnType<typeof openSnapshot>>

const sample = (name: string) => JSON.parse(readFileSync(join(SAMPLES, 'submissions', name), 'utf8'))

/** `cik|accession` keys of an index file's data lines, parsed here independently of the build. */
function indexKeys(file: string) {
  const lines = readFileSync(join(SAMPLES, file), 'latin1').split(/\r\n|\r|\n/)
  return lines
    .filter((l) => /^\d+\|/.test(l))
    .map((l) => {
      const f = l.split('|')
      return `${Number(f[0])}|${f.at(-1)!.split('/').at(-1)!.replace('.txt', '')}`
    })
}

/** `cik|accession` keys of every filing in the sample submissions files. */
function submissionKeys() {
  const keys = new Set<string>()
  for (const f of readdirSync(join(SAMPLES, 'submissions'))) {
    const doc = sample(f)
    const arrays = f.includes('-submissions-') ? doc : doc.filings.recent
    const cik = Number(f.slice(3, 13))
    for (const acc of arrays.accessionNumber) keys.add(`${cik}|${acc}`)
  }
  return keys
}

describe.skipIf(!hasSamples)('build over real EDGAR samples', () => {
  beforeAll(async () => {
    built = await realSamplesFixture()
    snap = await openSnapshot(built.dir)
  })
  /** The API over the samples' snapshot, opened by the first test that asks it. */
  let api: Awaited<ReturnType<typeof openTestApi>> | undefined
  const samplesApi = async () => (api ??= await openTestApi({ config: { DATASETS_DIR: built.datasets } }))
  afterAll(async () => {
    snap?.close()
    await api?.close()
  })
  /** Each real companyfacts document, parsed. */
  const realCompanyFacts = () =>
    readdirSync(join(SAMPLES, 'companyfacts')).map((file) =>
      JSON.parse(readFileSync(join(SAMPLES, 'companyfacts', file), 'utf8')),
    )

  test('an empty sic ("") is NULL and an insider without EIN or tickers is an individual', async () => {
    const rows = await snap.q(`SELECT cik::INTEGER AS cik, name, sic, entity_type, sec_entity_type, ein, ticker, tickers
      FROM {t:entities} WHERE cik IN (315090, 1462356) ORDER BY cik`)
    expect(rows).toEqual([
      {
        cik: 315090,
        name: 'BUFFETT WARREN E',
        sic: null,
        entity_type: 'individual',
        sec_entity_type: 'other',
        ein: null,
        ticker: null,
        tickers: [],
      },
      {
        cik: 1462356,
        name: 'Adams Katherine L.',
        sic: null,
        entity_type: 'individual',
        sec_entity_type: 'other',
        ein: null,
        ticker: null,
        tickers: [],
      },
    ])
  })

  test('an empty reportDate is NULL, with the filing otherwise intact', async () => {
    const raw = sample('CIK0000749647.json').filings.recent
    expect(raw.reportDate[0]).toBe('')
    const [row] = await snap.q(
      `SELECT accession_number, form_type, filing_date::VARCHAR AS filing_date, report_date,
        strftime(accepted_at, '%Y-%m-%dT%H:%M:%S') AS accepted, primary_document, items, entity_name, ticker, source
      FROM {t:filings} WHERE cik = 749647 AND accession_number = ?`,
      [raw.accessionNumber[0]],
    )
    expect(row).toEqual({
      accession_number: '0001172661-26-001255',
      form_type: 'SCHEDULE 13G',
      filing_date: '2026-02-17',
      report_date: null,
      accepted: '2026-02-18T02:50:37',
      primary_document: 'xslSCHEDULE_13G_X01/primary_doc.xml',
      items: null,
      entity_name: 'Imunon, Inc.',
      ticker: 'IMNN',
      source: 'submissions',
    })
  })

  test('page files add the older filings under the CIK from their file name', async () => {
    const page = sample('CIK0000749647-submissions-001.json')
    const [counts] = await snap.q(
      `SELECT count(*)::INTEGER AS n, min(filing_date)::VARCHAR AS first,
        count(*) FILTER (WHERE accession_number = ?)::INTEGER AS oldest FROM {t:filings} WHERE cik = 749647`,
      [page.accessionNumber.at(-1)],
    )
    expect(counts).toEqual({ n: 1000 + page.accessionNumber.length, first: '1996-08-07', oldest: 1 })
  })

  test('a company with no tickers of its own gets those of company_tickers_exchange.json', async () => {
    expect(sample('CIK0001796129.json').tickers).toEqual([])
    const rows = await snap.q(`SELECT name, ticker, tickers, exchanges FROM {t:entities} WHERE cik = 1796129`)
    expect(rows).toEqual([{ name: 'Vincerx Pharma, Inc.', ticker: 'VINC', tickers: ['VINC'], exchanges: ['OTC'] }])
  })

  test('a company with no tickers anywhere keeps an empty list and a NULL ticker', async () => {
    const rows = await snap.q(`SELECT name, ticker, tickers, entity_type, sic FROM {t:entities} WHERE cik = 1847577`)
    expect(rows).toEqual([
      { name: 'Learn CW Investment Corp', ticker: null, tickers: [], entity_type: 'company', sic: 6770 },
    ])
  })

  test('several tickers and exchanges stay in order, the first is primary, all are resolvable', async () => {
    const [e] = await snap.q(`SELECT ticker, tickers, exchanges FROM {t:entities} WHERE cik = 1465740`)
    expect(e).toEqual({
      ticker: 'TWO',
      tickers: ['TWO', 'TWO-PC', 'TWO-PB', 'TWO-PA', 'TWOD'],
      exchanges: ['NYSE', 'NYSE', 'NYSE', 'NYSE', 'NYSE'],
    })
    const t = await snap.q(`SELECT ticker, position, is_primary FROM {t:tickers} WHERE cik = 1465740 ORDER BY position`)
    expect(t.map((r) => [r.ticker, r.position, r.is_primary])).toEqual([
      ['TWO', 1, true],
      ['TWO-PC', 2, false],
      ['TWO-PB', 3, false],
      ['TWO-PA', 4, false],
      ['TWOD', 5, false],
    ])
    const [fannie] = await snap.q(`SELECT len(tickers)::INTEGER AS n, ticker FROM {t:entities} WHERE cik = 310522`)
    expect(fannie).toEqual({ n: 16, ticker: 'FNMA' })
  })

  test('a foreign address keeps its country and is flagged foreign; a 13F filer is an institution', async () => {
    // Siemens AG is 'other' in EDGAR and files 13F-HR reports (16 in the sample).
    const [e] = await snap.q(`SELECT name, entity_type, sic, mailing_address FROM {t:entities} WHERE cik = 940418`)
    expect(e).toEqual({
      name: 'SIEMENS AG',
      entity_type: 'institution',
      sic: 8880,
      mailing_address: {
        street1: 'SIEMENS AKTIENGESELLSCHAFT',
        street2: 'WERNER-VON-SIEMENS-STRASSE 1',
        city: 'MUNICH',
        state_or_country: null,
        zip_code: '80333',
        state_or_country_description: null,
        foreign_state_territory: 'GERMANY',
        country: 'Germany',
        country_code: '2M',
        foreign_location: true,
      },
    })
  })

  test('former names keep their dates, and filer categories lose their <br> markup', async () => {
    const [e] = await snap.q(
      `SELECT former_names, category, fiscal_year_end, state_of_incorporation, ein FROM {t:entities} WHERE cik = 749647`,
    )
    expect(e).toEqual({
      former_names: [
        { name: 'CELSION CORP', from: '2007-11-21', to: '2022-09-19' },
        { name: 'Celsion CORP', from: '2007-11-21', to: '2022-09-19' },
        { name: 'CHEUNG LABORATORIES INC', from: '1996-08-07', to: '1998-02-17' },
      ],
      category: 'Non-accelerated filer, Smaller reporting company',
      fiscal_year_end: '1231',
      state_of_incorporation: 'DE',
      ein: '521256615',
    })
  })

  test('EDGAR placeholder EIN 000000000 is NULL; a fund without one is still a company', async () => {
    const [e] = await snap.q(`SELECT name, ein, entity_type FROM {t:entities} WHERE cik = 1800903`)
    expect(e).toEqual({ name: '&VEST Domestic Fund II LP', ein: null, entity_type: 'company' })
  })

  test('the daily index (5-line preamble) adds every filing that submissions lacks, once, long names intact', async () => {
    const keys = indexKeys('index/daily/master.20200103.idx')
    const known = submissionKeys()
    // 7,989 data lines; fund filings listed twice for one CIK (485BXT per series) count once.
    expect(keys.length).toBe(7989)
    const expected = new Set(keys.filter((k) => !known.has(k))).size
    const [counts] = await snap.q(`SELECT count(*)::INTEGER AS n FROM {t:filings} WHERE source = 'daily-index'`)
    expect(counts).toEqual({ n: expected })
    const twice = await snap.q(
      `SELECT cik::INTEGER AS cik, form_type FROM {t:filings} WHERE accession_number = '0000894189-20-000060'`,
    )
    expect(twice).toEqual([{ cik: 1027596, form_type: '485BXT' }])
    // Filed by the New Jersey Division of Investment about Sutter Rock: listed under both filers.
    const rows =
      await snap.q(`SELECT cik::INTEGER AS cik, entity_name, form_type, filing_date::VARCHAR AS filing_date, accepted_at, ticker
      FROM {t:filings} WHERE accession_number = '0001085146-20-000001' ORDER BY cik`)
    expect(rows).toEqual([
      {
        cik: 1509470,
        entity_name: 'SUTTER ROCK CAPITAL CORP.',
        form_type: 'SC 13G',
        filing_date: '2020-01-03',
        accepted_at: null,
        ticker: 'SSSS',
      },
      {
        cik: 1534022,
        entity_name: 'Division of Investment, Department of the Treasury, State of New Jersey',
        form_type: 'SC 13G',
        filing_date: '2020-01-03',
        accepted_at: null,
        ticker: null,
      },
    ])
    const [entity] = await snap.q(
      `SELECT name, entity_type, source, filing_count FROM {t:entities} WHERE cik = 1534022`,
    )
    expect(entity).toEqual({
      name: 'Division of Investment, Department of the Treasury, State of New Jersey',
      entity_type: 'unknown',
      source: 'index',
      filing_count: 1,
    })
  })

  test('a quarterly index with a 9-line preamble, "Filename" header and bare-CR endings parses every line', async () => {
    const keys = indexKeys('index/full-index-partial/xbrl.2014QTR4.partial.idx')
    expect(keys.length).toBe(3539)
    // A few of these 10-Qs are also in the sample submissions files, which win.
    const known = submissionKeys()
    const rows =
      await snap.q(`SELECT count(*)::INTEGER AS n, min(filing_date)::VARCHAR AS first, max(filing_date)::VARCHAR AS last
      FROM {t:filings} WHERE source = 'full-index'`)
    expect(rows).toEqual([{ n: keys.filter((k) => !known.has(k)).length, first: '2014-10-01', last: '2014-11-06' }])
    const [both] = await snap.q(
      `SELECT count(*)::INTEGER AS n FROM {t:filings} WHERE cik = 1324424 AND filing_date BETWEEN '2014-10-01' AND '2014-11-06' AND form_type = '10-Q'`,
    )
    expect(both).toEqual({ n: 1 })
  })

  test('filing documents get EDGAR document types from a real folder listing', async () => {
    const docs = await snap.q(`SELECT sequence, filename, document_type, description, size::INTEGER AS size
      FROM {t:filing_documents} WHERE accession_number = '0001213900-24-004875' ORDER BY sequence`)
    expect(docs.map((d) => [d.filename, d.document_type])).toEqual([
      ['0001213900-24-004875.txt', 'COMPLETE SUBMISSION'],
      ['dats-20240116.xsd', 'EX-101.SCH'],
      ['dats-20240116_def.xml', 'EX-101.DEF'],
      ['dats-20240116_lab.xml', 'EX-101.LAB'],
      ['dats-20240116_pre.xml', 'EX-101.PRE'],
      ['ea191807-8k_datchat.htm', null],
      ['ea191807-8k_datchat_htm.xml', 'XML'],
      ['ea191807ex1-1_datchat.htm', 'EX-1.1'],
      ['ea191807ex5-1_datchat.htm', 'EX-5.1'],
      ['ea191807ex99-1_datchat.htm', 'EX-99.1'],
      ['ea191807ex99-2_datchat.htm', 'EX-99.2'],
      ['ea191807ex99-3_datchat.htm', 'EX-99.3'],
      ['ex5-1_001.jpg', 'GRAPHIC'],
      ['ex99-1_001.jpg', 'GRAPHIC'],
      ['ex99-2_001.jpg', 'GRAPHIC'],
      ['ex99-3_001.jpg', 'GRAPHIC'],
    ])
    expect(docs.find((d) => d.filename === 'dats-20240116_lab.xml')).toEqual({
      sequence: 7,
      filename: 'dats-20240116_lab.xml',
      document_type: 'EX-101.LAB',
      description: 'XBRL TAXONOMY EXTENSION LABEL LINKBASE DOCUMENT',
      size: 36916,
    })
    const [txt] = await snap.q(`SELECT size FROM {t:filing_documents} WHERE filename = '0001213900-24-004875.txt'`)
    expect(txt).toEqual({ size: null }) // listed with size ""
  })

  test('every filing of every sample submissions file is in the snapshot exactly once', async () => {
    let expected = 0
    for (const f of readdirSync(join(SAMPLES, 'submissions'))) {
      const doc = sample(f)
      expected += (f.includes('-submissions-') ? doc : doc.filings.recent).accessionNumber.length
    }
    const [row] = await snap.q(`SELECT count(*)::INTEGER AS n FROM {t:filings} WHERE source = 'submissions'`)
    expect(row).toEqual({ n: expected })
  })

  test('SIC codes carry office, title, sector and entity counts', async () => {
    const rows = await snap.q(
      `SELECT sic_code, office, industry_title, sector, entity_count FROM {t:sic_codes} WHERE sic_code IN (2834, 6798) ORDER BY sic_code`,
    )
    expect(rows).toEqual([
      {
        sic_code: 2834,
        office: 'Office of Life Sciences',
        industry_title: 'PHARMACEUTICAL PREPARATIONS',
        sector: 'Healthcare',
        entity_count: 4,
      },
      {
        sic_code: 6798,
        office: 'Office of Real Estate & Construction',
        industry_title: 'REAL ESTATE INVESTMENT TRUSTS',
        sector: 'Real Estate',
        entity_count: 1,
      },
    ])
  })

  test('point in time over the real companyfacts: known on a day, first reported, restated, the ledger', async () => {
    type Fact = { start?: string; end: string; val: number; accn: string; form: string; filed: string }
    const api = await samplesApi()
    let compared = 0
    let repeated = 0
    for (const doc of realCompanyFacts()) {
      const cik = Number(doc.cik)
      for (const [tag, concept] of Object.entries<{ units: Record<string, Fact[]> }>(doc.facts['us-gaap'] ?? {})) {
        const years = Map.groupBy(
          (concept.units.USD ?? []).filter((f) => {
            const days = f.start ? (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 + 1 : 0
            return days >= 340 && days <= 390
          }),
          (f) => f.end,
        )
        for (const [end, facts] of years) {
          if (new Set(facts.map((f) => f.start)).size > 1) continue
          // In filing order; a change is a value other than the one before (no data sets here: known when filed).
          const byFiling = facts.sort((a, b) => a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn))
          const changes = byFiling.filter((f, i) => i === 0 || f.val !== byFiling[i - 1]!.val)
          if (changes.length < 2 || compared >= 12) continue
          const ymd = Number(end.replaceAll('-', ''))
          const series = `/v1/financials/metrics?cik=${cik}&symbols=${tag}&source=raw&qtrs=4&limit=100`
          const at = async (extra: string) =>
            (await api.get(`${series}${extra}`)).body.series?.[0]?.points.find(
              (p: { endDate: number }) => p.endDate === ymd,
            )
          const today = await at('')
          expect([today.value, today.restated, today.firstReported.value, today.firstReported.adsh]).toEqual([
            byFiling.at(-1)!.val,
            true,
            changes[0]!.val,
            changes[0]!.accn,
          ])
          const restating = changes[1]!
          const dayBefore = new Date(Date.parse(restating.filed) - 86_400_000).toISOString().slice(0, 10)
          const known = byFiling.filter((f) => f.filed <= dayBefore)
          const before = await at(`&asOf=${dayBefore}`)
          expect(before?.value).toBe(known.at(-1)?.val)
          expect((await at(`&asOf=${restating.filed}`)).value).toBe(restating.val)
          expect((await at('&vintage=first')).value).toBe(changes[0]!.val)
          // A day that knew every filing: today's value, named by the filing that first gave it (a later one
          // repeating it is no vintage), which the point's line holds (its last vintage).
          const last = changes.at(-1)!
          const all = await at(`&asOf=${byFiling.at(-1)!.filed}`)
          expect([all.value, all.adsh, all.restated]).toEqual([last.val, last.accn, true])
          if (last.accn !== byFiling.at(-1)!.accn) repeated++
          const ledger = await api.get(`/v1/financials/${cik}/restatements?symbols=${tag}&source=raw&qtrs=4&limit=100`)
          const period = ledger.body.data.find((d: { endDate: number }) => d.endDate === ymd)
          expect(period.values.map((v: { value: number; adsh: string }) => [v.value, v.adsh])).toEqual(
            changes.map((f) => [f.val, f.accn]),
          )
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(5)
    // Some of those periods were reported again unchanged after their last change.
    expect(repeated).toBeGreaterThan(0)
  })

  test('as of a day or as first reported, a real point names only filings the day knew; a derived quarter its own first', async () => {
    const api = await samplesApi()
    let derived = 0
    let named = 0
    let reported = 0
    for (const doc of realCompanyFacts()) {
      // When each filing was known (no data sets here: its filing date), and every us-gaap fact as
      // `tag unit accession end value`: a reported point is one of them, as known on any day.
      const filed = new Map<string, string>()
      const facts = new Set<string>()
      for (const [taxonomy, concepts] of Object.entries<
        Record<string, { units: Record<string, { accn: string; filed: string; end: string; val: number }[]> }>
      >(doc.facts))
        for (const [tag, concept] of Object.entries(concepts))
          for (const [unit, list] of Object.entries(concept.units))
            for (const f of list) {
              filed.set(f.accn, f.filed)
              if (taxonomy === 'us-gaap') facts.add(`${tag} ${unit} ${f.accn} ${f.end.replaceAll('-', '')} ${f.val}`)
            }
      for (const extra of ['&asOf=2019-06-30', '&asOf=2022-03-15', '&asOf=2024-09-30', '&vintage=first']) {
        const day = extra.startsWith('&asOf=') ? extra.slice(6) : undefined
        const res = await api.get(
          `/v1/financials/metrics?cik=${Number(doc.cik)}&symbols=revenue,cfo,net_income_loss&qtrs=1&limit=100${extra}`,
        )
        if (res.status === 404) continue
        for (const s of res.body.series)
          for (const p of s.points) {
            if (p.derivedFrom) {
              derived++
              expect([p.endDate, p.derivedFrom[0]]).toEqual([p.endDate, p.adsh])
            }
            // A reported point's tag, filing, period and value are a fact of the file, as known on any day (a
            // derived quarter's value is a difference; as of a day it may name no filings: its own are later).
            if (p.strategy !== 'derived') {
              const fact = `${p.tag} ${p.unit} ${p.adsh} ${p.endDate} ${p.value}`
              expect([fact, facts.has(fact)]).toEqual([fact, true])
              reported++
            }
            if (day === undefined) continue
            for (const accn of [p.adsh, p.firstReported?.adsh, ...(p.derivedFrom ?? [])].filter(Boolean)) {
              named++
              expect([p.endDate, accn, filed.get(accn)! <= day]).toEqual([p.endDate, accn, true])
            }
          }
      }
    }
    expect([derived > 10, named > 100, reported > 100]).toEqual([true, true, true])
  })

  test("the market's restatements of each quarter over the real files: two facts of a file, the later filed in the quarter", async () => {
    const api = await samplesApi()
    // Every us-gaap fact of the three files as `cik tag unit accession end value`.
    const facts = new Set<string>()
    for (const doc of realCompanyFacts())
      for (const [tag, concept] of Object.entries<{
        units: Record<string, { accn: string; end: string; val: number }[]>
      }>(doc.facts['us-gaap'] ?? {}))
        for (const [unit, list] of Object.entries(concept.units))
          for (const f of list)
            facts.add(`${Number(doc.cik)} ${tag} ${unit} ${f.accn} ${f.end.replaceAll('-', '')} ${f.val}`)
    type Value = { value: number; adsh: string; filed: number; tag: string }
    const factOf = (r: { cik: number; endDate: number }, v: Value) =>
      `${r.cik} ${v.tag} USD ${v.adsh} ${r.endDate} ${v.value}`
    let rows = 0
    for (const metric of ['revenue', 'net_income_loss', 'total_assets', 'cfo', 'stockholders_equity'])
      for (let year = 2018; year <= 2026; year++)
        for (let q = 1; q <= 4; q++) {
          const res = await api.get(`/v1/financials/restatements/top?metric=${metric}&quarter=${year}Q${q}&limit=100`)
          expect([metric, year, q, res.status]).toEqual([metric, year, q, 200])
          const data: { cik: number; endDate: number; previous: Value; restated: Value; change: number }[] =
            res.body.data
          for (const r of data) {
            rows++
            for (const v of [r.previous, r.restated])
              expect([factOf(r, v), facts.has(factOf(r, v))]).toEqual([factOf(r, v), true])
            const filedIn = `${Math.floor(r.restated.filed / 10000)}Q${Math.ceil((Math.floor(r.restated.filed / 100) % 100) / 3)}`
            expect([filedIn, r.previous.filed <= r.restated.filed, r.change]).toEqual([
              `${year}Q${q}`,
              true,
              r.restated.value - r.previous.value,
            ])
            expect(r.change).not.toBe(0)
          }
          const sizes = data.map((r) => Math.abs(r.change))
          expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
        }
    expect(rows).toBeGreaterThan(5)
  })
})
