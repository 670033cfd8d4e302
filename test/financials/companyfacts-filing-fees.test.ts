/**
 * The companyfacts sample's filing-fee-only filers (company-facts/sample-filing-fees.ts): filers without
 * FSDS filings whose only facts are the `ffd` facts of their filing fee exhibits, in the real format (a
 * real fact's fields in the SEC's order, `fy` and `fp` null, `USD`, label and description ""), each from a
 * fee filing of April 2026 on that its submissions record lists and flags as XBRL, its fee the offering at
 * the rate of the day; the same bytes for the same seed and scale, whatever other sources the sample
 * writes; and the build takes them (their `company_facts` rows, their raw series points) and the
 * Financials API serves them (a company is any source's, financial-statements/issuers.ts). Over the larger
 * fixture's mirror (scale 0.001, seed 2): the small one has no such filer (no cast entity files a fee exhibit
 * without having FSDS filings). The build is of its submissions and tickers and of those filers' companyfacts
 * files alone: what it makes of a filer comes from that filer's file, and the other filers' series are most
 * of a build of the whole archive.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { metricSeries } from '../../src/areas/financials/series.ts'
import { financialsStore } from '../../src/areas/financials/store/index.ts'
import { Database } from '../../src/db/client.ts'
import { memorySink } from '../../src/lib/log.ts'
import { silentReporter } from '../../src/lib/progress.ts'
import { ZipReader, ZipWriter } from '../../src/lib/zip.ts'
import { BUILD_DATABASE_FILE, SERVING_FILE } from '../../src/pipeline/contract.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { companyFacts } from '../../src/pipeline/sources/company-facts/index.ts'
import { submissions } from '../../src/pipeline/sources/submissions/index.ts'
import { testConfig } from '../helpers/config.ts'
import { fixtureMirror, LARGER, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'
import { zipTexts } from '../helpers/zip-table.ts'
import { type CompanyFact, latestByEnd } from './companyfacts-json.ts'

type Fact = CompanyFact
type Concept = { label: string | null; description: string | null; units: Record<string, Fact[]> }
type Doc = { cik: number; entityName: string; facts: Record<string, Record<string, Concept>> }
type Filing = { form: string; filingDate: string; isXBRL: number }

const FEE_FORM = /^(?:(?:S-(?:1|3|4|8|11)|F-[134]|N-2)(?:\/A)?|424B[1-578])$/
const TABLE = ['NetFeeAmt', 'TtlFeeAmt', 'TtlOfferingAmt', 'TtlOffsetAmt', 'TtlPrevslyPdAmt']
/** $138.10 per million: the rate of the SEC's fiscal 2026 (from October 2025), kept after it. */
const RATE = 13_810
const cents = (usd: number) => Math.round(usd * 100)
const root = tempDir('filing-fees')
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Every filing of a submissions record (recent and pages) by accession number. */
function filingsOf(entries: Map<string, string>, cik: number) {
  const main = JSON.parse(entries.get(`CIK${String(cik).padStart(10, '0')}.json`)!)
  const tables = [
    main.filings.recent,
    ...main.filings.files.map((f: { name: string }) => JSON.parse(entries.get(f.name)!)),
  ]
  const out = new Map<string, Filing>()
  for (const t of tables)
    for (const [i, a] of (t.accessionNumber as string[]).entries())
      out.set(a, { form: t.form[i], filingDate: t.filingDate[i], isXBRL: t.isXBRL[i] })
  return { name: main.name as string, filings: out }
}

const factsOf = (doc: Doc) =>
  Object.entries(doc.facts.ffd ?? {}).flatMap(([tag, c]) =>
    Object.values(c.units).flatMap((l) => l.map((f) => ({ tag, f }))),
  )

/**
 * The problems of a filing-fee-only filer's document against the real format and its submissions record:
 * `ffd` facts only, in USD, each an instant a few days before a listed XBRL fee filing, and each filing's
 * fee table adding up.
 */
function problemsOf(doc: Doc, subs: Map<string, string>): string[] {
  const problems: string[] = []
  const { name, filings } = filingsOf(subs, doc.cik)
  if (doc.entityName !== name.toUpperCase()) problems.push(`${doc.cik}: name ${doc.entityName} vs ${name}`)
  if (Object.keys(doc.facts).join() !== 'ffd') problems.push(`${doc.cik}: taxonomies ${Object.keys(doc.facts)}`)
  for (const [tag, concept] of Object.entries(doc.facts.ffd ?? {})) {
    if (Object.keys(concept).join() !== 'label,description,units' || concept.label !== '' || concept.description !== '')
      problems.push(`${tag}: label and description`)
    if (Object.keys(concept.units).join() !== 'USD') problems.push(`${tag}: units ${Object.keys(concept.units)}`)
    const frames = Object.values(concept.units)
      .flat()
      .flatMap((f) => (f.frame ? [f.frame] : []))
    if (new Set(frames).size !== frames.length) problems.push(`${tag}: a frame twice`)
  }
  const byFiling = new Map<string, Map<string, number>>()
  for (const { tag, f } of factsOf(doc)) {
    const keys = Object.keys(f).join()
    if (!/^end,val,accn,fy,fp,form,filed(,frame)?$/.test(keys)) problems.push(`${tag}: keys ${keys}`)
    if (f.fy !== null || f.fp !== null) problems.push(`${tag}: fy ${f.fy} fp ${f.fp}`)
    if (!FEE_FORM.test(f.form)) problems.push(`${tag}: form ${f.form}`)
    if (f.filed < '2026-04-06') problems.push(`${f.accn}: filed ${f.filed}, before the XBRL APIs took fee exhibits`)
    const days = (Date.parse(f.filed) - Date.parse(f.end)) / 86_400_000
    if (days < 1 || days > 7) problems.push(`${tag}: end ${f.end}, filed ${f.filed}`)
    const month = Number(f.end.slice(5, 7))
    if (f.frame !== undefined && f.frame !== `CY${f.end.slice(0, 4)}Q${Math.ceil(month / 3)}I`)
      problems.push(`${tag}: frame ${f.frame} of ${f.end}`)
    if (!(f.val >= 0) || cents(f.val) / 100 !== f.val) problems.push(`${tag}: val ${f.val}`)
    const listed = filings.get(f.accn)
    if (!listed || listed.form !== f.form || listed.filingDate !== f.filed || listed.isXBRL !== 1)
      problems.push(`${f.accn}: not its XBRL ${f.form} of ${f.filed}`)
    const table = byFiling.get(f.accn) ?? byFiling.set(f.accn, new Map()).get(f.accn)!
    table.set(tag, f.val)
  }
  for (const [accn, t] of byFiling) {
    const takedown = factsOf(doc)
      .find(({ f }) => f.accn === accn)!
      .f.form.startsWith('424B')
    const tags = [...t.keys()].sort().join()
    if (tags !== (takedown ? [...TABLE, 'NrrtvMaxAggtOfferingPric'] : TABLE).sort().join())
      problems.push(`${accn}: concepts ${tags}`)
    const offering = t.get('TtlOfferingAmt')!
    const fee = cents(t.get('TtlFeeAmt')!)
    if (!Number.isSafeInteger(offering) || fee !== Math.round((offering * RATE) / 1e6))
      problems.push(`${accn}: fee ${fee / 100} of ${offering}`)
    if (cents(t.get('NetFeeAmt')!) !== Math.max(0, fee - cents(t.get('TtlPrevslyPdAmt')!)))
      problems.push(`${accn}: net fee`)
    if (t.get('TtlOffsetAmt') !== 0) problems.push(`${accn}: offset`)
    if (takedown && t.get('NrrtvMaxAggtOfferingPric') !== offering) problems.push(`${accn}: narrative amount`)
  }
  return problems
}

/** The larger fixture's mirror (shared, read only). */
let mirror = ''
let docs: Doc[] = []
let fees: Doc[] = []
let records = new Map<string, string>()
/** The filer's name as its submissions record has it. */
const recordName = (cik: number) => filingsOf(records, cik).name
beforeAll(async () => {
  mirror = await fixtureMirror(LARGER)
  docs = [...zipTexts(join(mirror, 'companyfacts.zip')).values()].map((text) => JSON.parse(text) as Doc)
  fees = docs.filter((d) => d.facts.ffd)
  records = zipTexts(join(mirror, 'submissions.zip'))
})

/**
 * The snapshot of the mirror's submissions and tickers and of the filing-fee-only filers' companyfacts files
 * (their entries as the mirror's zip has them), with the build-only tables beside it.
 */
async function buildFeeFilers() {
  const from = join(root, 'mirror')
  mkdirSync(from, { recursive: true })
  for (const file of ['submissions.zip', 'company_tickers_exchange.json'])
    copyFileSync(join(mirror, file), join(from, file))
  const feeCiks = new Set(fees.map((d) => d.cik))
  const zip = ZipReader.open(join(mirror, 'companyfacts.zip'))
  const writer = new ZipWriter(join(from, 'companyfacts.zip'))
  for (const [entry, data] of zip.iterate())
    if (feeCiks.has(Number(/^CIK(\d{10})\.json$/.exec(entry.name)?.[1]))) writer.add(entry.name, data, entry.modified)
  writer.close()
  zip.close()
  const datasets = join(root, 'datasets')
  const { dir } = await runBuild({
    from,
    datasets,
    reporter: silentReporter(),
    threads: TEST_BUILD_THREADS,
    keepBuildDatabase: true,
  })
  return { dir, datasets }
}

test('the larger fixture has filing-fee-only filers: ffd facts of listed XBRL fee filings, in the real format', () => {
  expect(fees.length).toBeGreaterThan(0)
  for (const doc of fees) expect(problemsOf(doc, records)).toEqual([])
  // A private company's registration statement, another company's note takedown (its narrative amount).
  expect([...new Set(fees.flatMap((d) => factsOf(d).map(({ f }) => f.form)))].sort()).toEqual(['424B2', 'S-1'])
  // The other filers are the FSDS sample's, as before: their cover and statements, no fee exhibit.
  for (const d of docs) if (!d.facts.ffd) expect(Object.keys(d.facts)).toEqual(['dei', 'us-gaap'])
})

test('the same companyfacts.zip from a sample of submissions and companyfacts alone', async () => {
  const out = join(root, 'sample')
  await generateSample({ out, ...LARGER, sources: [submissions, companyFacts] })
  expect(readFileSync(join(out, 'companyfacts.zip')).equals(readFileSync(join(mirror, 'companyfacts.zip')))).toBe(true)
})

test('the build takes them: company_facts rows and raw series points; the financials API serves them', async () => {
  const fixture = await buildFeeFilers()
  const ciks = fees.map((d) => d.cik)
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  try {
    const rows = async (sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJson()
    const stored =
      await rows(`SELECT cik::INTEGER AS cik, taxonomy, tag, unit, start_date, strftime(end_date, '%Y-%m-%d') AS "end",
        value, adsh, fy, fp, form, strftime(filed, '%Y-%m-%d') AS filed, frame
      FROM read_parquet('${join(fixture.dir, 'company_facts')}/**/*.parquet') WHERE cik IN (${ciks})
      ORDER BY cik, tag, end_date, adsh`)
    const expected = fees
      .flatMap((d) =>
        factsOf(d).map(({ tag, f }) => ({
          cik: d.cik,
          taxonomy: 'ffd',
          tag,
          unit: 'USD',
          start_date: null,
          end: f.end,
          value: f.val,
          adsh: f.accn,
          fy: null,
          fp: null,
          form: f.form,
          filed: f.filed,
          frame: f.frame ?? null,
        })),
      )
      .sort(
        (a, b) =>
          a.cik - b.cik || a.tag.localeCompare(b.tag) || a.end.localeCompare(b.end) || a.adsh.localeCompare(b.adsh),
      )
    expect(stored).toEqual(expected)

    // A raw point per tag and date, from its latest filing: no fiscal period, no FSDS filing (period,
    // acceptance, taxonomy version), `custom` 0 (ffd is one of the SEC's taxonomies, no filer's extension),
    // label null: the file's "" is no label, and FSDS has none for the tag.
    await conn.run(`ATTACH '${join(fixture.dir, SERVING_FILE)}' AS s (READ_ONLY)`)
    await conn.run(`ATTACH '${join(fixture.dir, BUILD_DATABASE_FILE)}' AS b (READ_ONLY)`)
    const points = await rows(`SELECT cik::INTEGER AS cik, symbol, source, quarters, end_date, fy, fp, period, accepted,
        version, custom, label, strategy FROM b.fin_metric_points WHERE cik IN (${ciks}) ORDER BY cik, symbol, end_date`)
    const periods = new Set(expected.map((f) => `${f.cik} ${f.tag} ${f.end}`))
    expect(points).toHaveLength(periods.size)
    for (const p of points)
      expect(p).toEqual({
        ...p,
        source: 'raw',
        quarters: 0,
        fy: null,
        fp: null,
        period: null,
        accepted: null,
        version: null,
        custom: 0,
        label: null,
        strategy: 'raw',
      })
    // Companies of the financial data though the data sets lack them, named by their submissions records
    // (the file's entityName is that name upper-case: problemsOf checks it), no country (only FSDS gives one).
    expect(
      await rows(`SELECT cik::INTEGER AS cik, name, countryinc FROM s.fin_issuers WHERE cik IN (${ciks}) ORDER BY cik`),
    ).toEqual(
      fees.map((d) => ({ cik: d.cik, name: recordName(d.cik), countryinc: null })).sort((a, b) => a.cik - b.cik),
    )
  } finally {
    conn.closeSync()
    instance.closeSync()
  }

  // A filer of fee exhibits only is a company of the financial data (fin_issuers: any source's): its raw
  // series, a point per date from its latest filing.
  const database = await Database.open(
    testConfig({ DATASETS_DIR: fixture.datasets, WATCH_SNAPSHOTS: false }),
    memorySink(),
  )
  const db = database.forRequest()
  try {
    const [first] = [...fees].sort((a, b) => a.cik - b.cik)
    const res = await metricSeries(financialsStore(db), {
      cik: String(first!.cik),
      symbols: 'TtlFeeAmt',
      source: 'raw',
      limit: 100,
    })
    expect(res.issuer).toMatchObject({ cik: String(first!.cik).padStart(10, '0'), name: recordName(first!.cik) })
    const latest = latestByEnd(factsOf(first!).flatMap(({ tag, f }) => (tag === 'TtlFeeAmt' ? [f] : [])))
    expect(res.series[0]!.points.map((p) => [p.endDate, p.value, p.adsh])).toEqual(
      latest.map((f) => [Number(f.end.replaceAll('-', '')), f.val, f.accn]),
    )
  } finally {
    db.release()
    await database.close()
  }
})
