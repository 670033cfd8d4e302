/**
 * `secds sample`: the generated mirror is deterministic, has the fixed cast with its quirks, and every
 * file is in EDGAR's real format and consistent with the others (indexes vs submissions, both sides of
 * a Form 4, pages vs recent).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ZipReader } from '../../src/lib/zip.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { submissions } from '../../src/pipeline/sources/submissions/index.ts'
import { describeFormType } from '../../src/reference/form-types.ts'
import { SIC_CODES } from '../../src/reference/sic-codes.ts'
import { absentFrom, CAST, CAST_ACCESSIONS, CAST_PROFILES } from '../../src/sample/cast.ts'
import { WorkerZipSink, ZipSink } from '../../src/sample/output.ts'
import { fixtureMirror, LARGER, SAMPLE } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'
import { zipTexts } from '../helpers/zip-table.ts'

const SAMPLES = join(import.meta.dir, '../../../shared/edgar-samples')
const root = tempDir('sample')
/**
 * The mirror the population, cast and format tests read: the run's shared LARGER one (read only), a
 * population large enough for its shape, generated once for every test that reads it.
 */
let dirA = ''
/**
 * Determinism is checked on the shared SAMPLE mirror (every source at a small scale), generated again
 * here: the same generators run whatever the scale, and a small one costs the least to make twice.
 */
let sampleDir = ''
const dirB = join(root, 'b')
const dirC = join(root, 'c')
const dirU = join(root, 'u')
const ACCESSION = /^\d{10}-\d{2}-\d{6}$/

type Columns = Record<string, (string | number)[]>
type Record_ = {
  cik: string
  name: string
  tickers: string[]
  filings: { recent: Columns; files: { name: string; filingCount: number; filingFrom: string; filingTo: string }[] }
} & Record<string, unknown>

let entries = new Map<string, string>()
/** The SAMPLE mirror's submissions entries, by name. */
let sampleEntries = new Map<string, string>()
const json = <T>(name: string) => JSON.parse(entries.get(name)!) as T
const mainFile = (cik: number) => `CIK${String(cik).padStart(10, '0')}.json`
const rowCache = new Map<number, Record<string, string | number>[]>()
/** Every filing row of a CIK (recent and pages) as objects. */
function rowsOf(cik: number): Record<string, string | number>[] {
  const cached = rowCache.get(cik)
  if (cached) return cached
  const main = json<Record_>(mainFile(cik))
  const tables = [main.filings.recent, ...main.filings.files.map((f) => json<Columns>(f.name))]
  const rows = tables.flatMap((t) =>
    t.accessionNumber!.map((_, i) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v[i]!]))),
  )
  rowCache.set(cik, rows)
  return rows
}
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .sort()
}
const idxRows = (path: string) => {
  const lines = readFileSync(path, 'utf8').split('\n')
  const rule = lines.findIndex((l) => /^-{80}$/.test(l))
  return {
    header: lines.slice(0, rule),
    rows: lines
      .slice(rule + 1)
      .filter((l) => l !== '')
      .map((l) => l.split('|')),
  }
}

const submissionsOf = (dir: string) => zipTexts(join(dir, 'submissions.zip'))

beforeAll(async () => {
  dirA = await fixtureMirror(LARGER)
  sampleDir = await fixtureMirror(SAMPLE)
  await generateSample({ out: dirB, scale: SAMPLE.scale, seed: SAMPLE.seed })
  // Read for their submissions files alone (a source's files are the same whatever others are written).
  await generateSample({ out: dirC, scale: SAMPLE.scale, seed: SAMPLE.seed + 1, sources: [submissions] })
  await generateSample({ out: dirU, scale: SAMPLE.scale, seed: SAMPLE.seed, unzipped: true, sources: [submissions] })
  entries = submissionsOf(dirA)
  sampleEntries = submissionsOf(sampleDir)
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('determinism', () => {
  test('the same seed and scale give byte-identical files, ZIP entry dates included', () => {
    const files = listFiles(sampleDir)
    expect(files).toEqual(listFiles(dirB))
    for (const f of files)
      expect([f, readFileSync(join(sampleDir, f)).equals(readFileSync(join(dirB, f)))]).toEqual([f, true])
  })

  test('another seed gives other entities but the same cast', () => {
    expect(readFileSync(join(sampleDir, 'submissions.zip')).equals(readFileSync(join(dirC, 'submissions.zip')))).toBe(
      false,
    )
    const zip = ZipReader.open(join(dirC, 'submissions.zip'))
    const cast = zip.entries.find((e) => e.name === mainFile(CAST.largeIssuer.cik))!
    expect(zip.read(cast).toString()).toBe(sampleEntries.get(mainFile(CAST.largeIssuer.cik))!)
    zip.close()
  })

  test('unzipped writes the same submissions files as the ZIP', () => {
    const names = readdirSync(join(dirU, 'submissions')).sort()
    expect(names).toEqual([...sampleEntries.keys()].sort())
    for (const name of names.slice(0, 50))
      expect(readFileSync(join(dirU, 'submissions', name), 'utf8')).toBe(sampleEntries.get(name)!)
  })
})

describe('output', () => {
  test('the ZIP worker and the in-thread writer produce the same archive', async () => {
    const some = [...entries].slice(0, 300)
    const paths = [join(root, 'worker.zip'), join(root, 'inline.zip')]
    const sinks = [await WorkerZipSink.open(paths[0]!), new ZipSink(paths[1]!)]
    for (const sink of sinks) {
      for (const [i, [name, text]] of some.entries())
        sink.add(name, text, new Date(Date.UTC(2026, 0, 1 + (i % 300), 12)))
      await sink.close()
    }
    expect(readFileSync(paths[0]!).equals(readFileSync(paths[1]!))).toBe(true)
  })

  test('a scale too large for the CIK range is refused', async () => {
    await expect(generateSample({ out: join(root, 'huge'), scale: 3 })).rejects.toThrow(/CIKs fit/)
  })
})

describe('the population', () => {
  const mains = () =>
    [...entries].filter(([name]) => !name.includes('-submissions-')).map(([, text]) => JSON.parse(text))

  test('is shaped like EDGAR: mostly people and companies, Form 4 the most common form, a long tail', () => {
    const records = mains()
    const people = records.filter((r) => r.entityType === 'other' && r.ein === null && r.fiscalYearEnd === null)
    expect(people.length / records.length).toBeGreaterThan(0.3)
    expect(people.length / records.length).toBeLessThan(0.6)
    for (const p of people) expect([p.sic, p.category, p.tickers]).toEqual(['', '', []])
    const forms = records.flatMap((r) => r.filings.recent.form as string[])
    expect(forms.filter((f) => f === '4').length / forms.length).toBeGreaterThan(0.15)
    const counts = records.map((r) => r.filings.recent.form.length as number).sort((a, b) => a - b)
    expect(counts[Math.floor(counts.length / 2)]).toBeGreaterThanOrEqual(3)
    expect(counts.at(-1)!).toBeGreaterThan(100)
  })

  test('acceptance times fall on the filing date or the evening before', () => {
    for (const r of mains()) {
      const { filingDate, acceptanceDateTime } = r.filings.recent
      filingDate.forEach((date: string, i: number) => {
        const lag = (Date.parse(acceptanceDateTime[i]) - Date.parse(`${date}T00:00:00Z`)) / 3_600_000
        expect([date, lag >= -4 * 24 && lag < 28]).toEqual([date, true])
      })
    }
  })
})

describe('the cast', () => {
  test('every cast entity but the index-only filer and those the mirror lacks has a submissions record with its fixed profile', () => {
    for (const [key, c] of Object.entries(CAST)) {
      const profile = CAST_PROFILES[key as keyof typeof CAST]
      const lacked = absentFrom('submissions', c.cik)
      expect([key, entries.has(mainFile(c.cik))]).toEqual([key, profile !== undefined && !lacked])
      if (!profile || lacked) continue
      const { filings, ...head } = json<Record_>(mainFile(c.cik))
      expect(head).toEqual({ ...profile, cik: String(c.cik).padStart(10, '0') } as unknown as typeof head)
      expect(filings.recent.accessionNumber!.length).toBeGreaterThan(0)
    }
  })

  test('the large issuer has five tickers on two exchanges and its inline XBRL 10-K', () => {
    const main = json<Record_>(mainFile(CAST.largeIssuer.cik))
    expect(main.tickers).toEqual(['QFD', 'QFDB', 'QFD-PA', 'QFD-PB', 'QFD-PC'])
    expect(new Set(main.exchanges as string[])).toEqual(new Set(['Nasdaq', 'NYSE']))
    const tenK = rowsOf(CAST.largeIssuer.cik).find((r) => r.accessionNumber === CAST_ACCESSIONS.tenK)!
    expect(tenK).toMatchObject({
      filingDate: '2026-02-19',
      reportDate: '2025-12-31',
      acceptanceDateTime: '2026-02-19T21:21:45.000Z',
      act: '34',
      form: '10-K',
      core_type: 'XBRL',
      isXBRL: 1,
      isInlineXBRL: 1,
      primaryDocument: 'qfd-20251231.htm',
    })
    const items = rowsOf(CAST.largeIssuer.cik)
      .filter((r) => r.form === '8-K')
      .map((r) => r.items)
    expect(items).toContain('2.02,9.01')
  })

  test('the 3,400-filing company has 1,000 recent filings and two older pages, newest first', () => {
    const main = json<Record_>(mainFile(CAST.manyFilings.cik))
    expect(main.filings.recent.accessionNumber!.length).toBe(1000)
    const pages = main.filings.files
    expect(pages.map((p) => [p.name, p.filingCount])).toEqual([
      ['CIK0000893710-submissions-001.json', 2000],
      ['CIK0000893710-submissions-002.json', 400],
    ])
    const recentDates = main.filings.recent.filingDate as string[]
    expect(recentDates.at(-1)! >= pages[0]!.filingTo).toBe(true)
    expect(pages[0]!.filingFrom >= pages[1]!.filingTo).toBe(true)
    for (const p of pages) {
      const page = json<Columns>(p.name)
      expect(Object.keys(page)).toEqual(Object.keys(main.filings.recent))
      expect(page.accessionNumber!.length).toBe(p.filingCount)
      expect([page.filingDate!.at(-1), page.filingDate![0]]).toEqual([p.filingFrom, p.filingTo])
    }
  })

  test("an insider's Form 4 is listed under the insider and the issuer with the same accession number", () => {
    const mine = rowsOf(CAST.insiderA.cik).find((r) => r.accessionNumber === CAST_ACCESSIONS.insiderForm4)!
    const issuers = rowsOf(CAST.largeIssuer.cik).find((r) => r.accessionNumber === CAST_ACCESSIONS.insiderForm4)!
    expect(mine).toMatchObject({ form: '4', filingDate: '2026-08-12', reportDate: '2026-08-10', act: '34' })
    // EDGAR leaves act, file and film number empty on the issuer's side; the rest is the same filing.
    expect(issuers).toEqual({ ...mine, act: '', fileNumber: '', filmNumber: '' })
  })

  test('the foreign issuer, the fund with a zero EIN and the long name keep their quirks', () => {
    const foreign = json<{ addresses: { business: Record<string, unknown> } }>(mainFile(CAST.foreignIssuer.cik))
    expect(foreign.addresses.business).toMatchObject({
      isForeignLocation: 1,
      stateOrCountry: '2M',
      country: 'Germany',
      countryCode: 'DE',
    })
    expect(rowsOf(CAST.foreignIssuer.cik).map((r) => r.form)).toContain('20-F')
    expect(json<{ ein: string; entityType: string }>(mainFile(CAST.zeroEinFund.cik))).toMatchObject({
      ein: '000000000',
      entityType: 'other',
    })
    expect(CAST.longName.name.length).toBeGreaterThan(60)
    expect(
      rowsOf(CAST.emptyReportDates.cik)
        .filter((r) => r.reportDate === '')
        .map((r) => r.form)
        .sort(),
    ).toEqual(['424B3', 'CORRESP', 'S-8', 'SCHEDULE 13G/A', 'UPLOAD'])
    expect(json<{ tickers: string[] }>(mainFile(CAST.delisted.cik)).tickers).toEqual([])
  })
})

describe('submissions records', () => {
  test.skipIf(!existsSync(join(SAMPLES, 'submissions')))('keys are in the order of a real data.sec.gov record', () => {
    const real = JSON.parse(readFileSync(join(SAMPLES, 'submissions/CIK0000749647.json'), 'utf8'))
    const realPage = JSON.parse(readFileSync(join(SAMPLES, 'submissions/CIK0000749647-submissions-001.json'), 'utf8'))
    const ours = json<Record<string, any>>(mainFile(CAST.largeIssuer.cik))
    expect(Object.keys(ours)).toEqual(Object.keys(real))
    expect(Object.keys(ours.addresses.mailing)).toEqual(Object.keys(real.addresses.mailing))
    expect(Object.keys(ours.formerNames[0])).toEqual(Object.keys(real.formerNames[0]))
    expect(Object.keys(ours.filings)).toEqual(Object.keys(real.filings))
    expect(Object.keys(ours.filings.recent)).toEqual(Object.keys(real.filings.recent))
    expect(Object.keys(ours.filings.files[0] ?? real.filings.files[0])).toEqual(Object.keys(real.filings.files[0]))
    expect(Object.keys(json<Columns>('CIK0000893710-submissions-001.json'))).toEqual(Object.keys(realPage))
    for (const [name, text] of entries)
      if (!name.includes('-submissions-')) expect(Object.keys(JSON.parse(text))).toEqual(Object.keys(real))
  })

  test('accession numbers are well formed, carry the filing year and are unique per CIK; only Forms 3/4/5 have two filers', () => {
    const owners = new Map<string, string[]>()
    for (const name of entries.keys()) {
      if (name.includes('-submissions-')) continue
      const cik = Number(name.slice(3, 13))
      for (const r of rowsOf(cik)) {
        const acc = String(r.accessionNumber)
        expect(ACCESSION.test(acc)).toBe(true)
        expect([acc, acc.slice(11, 13)]).toEqual([acc, String(r.filingDate).slice(2, 4)])
        const list = owners.get(acc) ?? []
        expect(list).not.toContain(String(cik))
        list.push(String(cik))
        owners.set(acc, list)
      }
    }
    const shared = [...owners].filter(([, ciks]) => ciks.length > 1)
    expect(shared.length).toBeGreaterThan(10)
    for (const [acc, ciks] of shared) {
      expect(ciks.length).toBe(2)
      const forms = ciks.map((c) => String(rowsOf(Number(c)).find((r) => r.accessionNumber === acc)!.form))
      expect(['3', '4', '5', '3/A', '4/A', '5/A']).toContain(forms[0]!)
      expect(forms[1]).toBe(forms[0])
    }
  })

  test('every form is one the form-type catalogue knows', () => {
    const forms = new Set(
      [...entries.values()].flatMap((text) => {
        const d = JSON.parse(text)
        return (d.filings?.recent ?? d).form as string[]
      }),
    )
    expect([...forms].filter((f) => describeFormType(f).description === null)).toEqual([])
  })
})

describe('index files', () => {
  const full = (q: string) => join(dirA, 'full-index/2026', q, 'master.idx')
  const daily = (day: string) => join(dirA, 'daily-index/2026/QTR4', `master.${day}.idx`)

  test('quarterly and daily master.idx have the real preamble and parse', () => {
    for (const [path, header] of [
      [full('QTR3'), 'Filename'],
      [full('QTR4'), 'Filename'],
      [daily('20261123'), 'File Name'],
    ] as const) {
      const { header: pre, rows } = idxRows(path)
      expect(pre[0]).toMatch(/^Description: {11}(Master|Daily) Index of EDGAR Dissemination Feed$/)
      expect(pre[1]).toMatch(/^Last Data Received: {4}\w+ +\d+, 2026$/)
      expect(pre.at(-1)).toBe(`CIK|Company Name|Form Type|Date Filed|${header}`)
      expect(rows.length).toBeGreaterThan(0)
      for (const r of rows) {
        expect(r.length).toBe(5)
        expect(r[4]).toBe(`edgar/data/${r[0]}/${r[4]!.slice(-24, -4)}.txt`)
        expect(ACCESSION.test(r[4]!.slice(-24, -4))).toBe(true)
      }
    }
    expect(readdirSync(join(dirA, 'daily-index/2026/QTR4')).sort()).toEqual(
      ['20261117', '20261118', '20261119', '20261120', '20261123'].map((d) => `master.${d}.idx`),
    )
    expect(idxRows(daily('20261119')).rows.every((r) => r[3] === '20261119')).toBe(true)
  })

  test('the quarterly index lists exactly the filings of the quarter found in submissions, one row per filer', () => {
    const fromIndex = new Set(
      idxRows(full('QTR4'))
        .rows.filter((r) => entries.has(mainFile(Number(r[0]))))
        .map((r) => `${r[0]} ${r[4]!.slice(-24, -4)}`),
    )
    const fromSubmissions = new Set<string>()
    for (const name of entries.keys()) {
      if (name.includes('-submissions-')) continue
      const cik = Number(name.slice(3, 13))
      for (const r of rowsOf(cik))
        if (String(r.filingDate) >= '2026-10-01') fromSubmissions.add(`${cik} ${r.accessionNumber}`)
    }
    expect(fromIndex).toEqual(fromSubmissions)
  })

  test('the filing dated the day after as-of is only in that daily index; the index-only filer has no record', () => {
    const inFile = (path: string, acc: string) => readFileSync(path, 'utf8').includes(acc)
    expect(inFile(daily('20261123'), CAST_ACCESSIONS.currentDay)).toBe(true)
    expect(inFile(full('QTR4'), CAST_ACCESSIONS.currentDay)).toBe(false)
    expect(rowsOf(CAST.largeIssuer.cik).some((r) => r.accessionNumber === CAST_ACCESSIONS.currentDay)).toBe(false)
    expect(entries.has(mainFile(CAST.indexOnly.cik))).toBe(false)
    expect(inFile(daily('20261119'), CAST_ACCESSIONS.indexOnlyAmendment)).toBe(true)
    expect(idxRows(full('QTR4')).rows.find((r) => r[4]!.includes(CAST_ACCESSIONS.indexOnlyAmendment))).toEqual([
      String(CAST.indexOnly.cik),
      CAST.indexOnly.name,
      'D/A',
      '2026-11-19',
      `edgar/data/${CAST.indexOnly.cik}/${CAST_ACCESSIONS.indexOnlyAmendment}.txt`,
    ])
  })
})

describe('reference files', () => {
  test('company_tickers_exchange.json has one row per ticker, largest first, with the exchange-only ticker', () => {
    const file = JSON.parse(readFileSync(join(dirA, 'company_tickers_exchange.json'), 'utf8'))
    expect(file.fields).toEqual(['cik', 'name', 'ticker', 'exchange'])
    expect(file.data[0]).toEqual([CAST.largeIssuer.cik, CAST.largeIssuer.name, 'QFD', 'Nasdaq'])
    expect(file.data).toContainEqual([CAST.tickerFromExchangeFile.cik, CAST.tickerFromExchangeFile.name, 'TDWR', 'OTC'])
    expect(json<{ sic: string; tickers: string[] }>(mainFile(CAST.tickerFromExchangeFile.cik))).toMatchObject({
      sic: '',
      tickers: [],
    })
    const tickers = file.data.map((r: unknown[]) => r[2])
    expect(new Set(tickers).size).toBe(tickers.length)
    for (const r of file.data) expect(['Nasdaq', 'NYSE', 'OTC', 'CBOE', null]).toContain(r[3])
  })

  test('sic_codes.csv lists every SIC code under the real header', () => {
    const lines = readFileSync(join(dirA, 'sic_codes.csv'), 'utf8').split('\r\n')
    expect(lines[0]).toBe('SIC Code,Office,Industry Title')
    expect(lines.length).toBe(SIC_CODES.length + 2)
    expect(lines).toContain('900,Industrial Applications and Services,"FISHING, HUNTING AND TRAPPING"')
  })

  test('filing folder index.json files parse with EDGAR key order; the cast 10-K lists its documents', () => {
    const dir = join(dirA, 'filing-index')
    const names = readdirSync(dir)
    expect(names.length).toBeGreaterThan(20)
    for (const name of names) {
      const d = JSON.parse(readFileSync(join(dir, name), 'utf8'))
      expect(Object.keys(d.directory)).toEqual(['item', 'name', 'parent-dir'])
      for (const item of d.directory.item) expect(Object.keys(item)).toEqual(['last-modified', 'name', 'type', 'size'])
      expect(d.directory.name).toBe(`${d.directory['parent-dir']}/${name.slice(0, 20).replaceAll('-', '')}`)
    }
    const tenK = JSON.parse(readFileSync(join(dir, `${CAST_ACCESSIONS.tenK}-index.json`), 'utf8')).directory
    expect(tenK.name).toBe('/Archives/edgar/data/804753/000080475326000006')
    const files = tenK.item.map((i: { name: string }) => i.name)
    expect(files.slice(0, 3)).toEqual([
      `${CAST_ACCESSIONS.tenK}-index-headers.html`,
      `${CAST_ACCESSIONS.tenK}-index.html`,
      `${CAST_ACCESSIONS.tenK}.txt`,
    ])
    expect(files).toEqual(
      expect.arrayContaining([
        'qfd-20251231.htm',
        'qfd-20251231.xsd',
        'qfd-20251231_htm.xml',
        'FilingSummary.xml',
        'R1.htm',
      ]),
    )
    expect(tenK.item[0]['last-modified']).toBe('2026-02-19 16:21:45')
  })

  test.skipIf(!existsSync(join(SAMPLES, 'xbrl/filing-index')))(
    'filing index key order matches a real index.json',
    () => {
      const real = JSON.parse(readFileSync(join(SAMPLES, 'xbrl/filing-index/0001213900-24-004875-index.json'), 'utf8'))
      const ours = JSON.parse(readFileSync(join(dirA, 'filing-index', `${CAST_ACCESSIONS.tenK}-index.json`), 'utf8'))
      expect(Object.keys(ours)).toEqual(Object.keys(real))
      expect(Object.keys(ours.directory)).toEqual(Object.keys(real.directory))
      expect(Object.keys(ours.directory.item[0])).toEqual(Object.keys(real.directory.item[0]))
      expect(statSync(join(dirA, 'submissions.zip')).size).toBeGreaterThan(0)
    },
  )
})
