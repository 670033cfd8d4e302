/**
 * The Financial Statement Data Sets source over the real quarter `../shared/edgar-samples/fsds/2009q3.zip`
 * (skipped when the samples are absent), next to a hand-made unzipped quarter in the older `num.txt` layout
 * (no `segments`, `coreg` after `version`) and without `tag.txt`: every value compared with the file as
 * this test reads it itself (tab-separated, `"` quoting with `""` escapes).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { silentReporter } from '../../src/lib/progress.ts'
import { ZipReader } from '../../src/lib/zip.ts'
import { BUILD_DATABASE_FILE, type Manifest } from '../../src/pipeline/contract.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { CANONICAL_METRICS } from '../../src/reference/canonical-metrics.ts'
import { TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { hasSamples, openSnapshot, SAMPLES, tempDir } from '../helpers/snapshot.ts'

const ZIP = join(SAMPLES, 'fsds', '2009q3.zip')
/** The real quarter is in ../shared/edgar-samples, never in the project: without it these tests are skipped. */
const hasZip = hasSamples && existsSync(ZIP)

/** A data-set file as rows of named fields, parsed here independently of the build. */
function parseTsv(text: string): Record<string, string>[] {
  const lines = text.split('\n').filter((l) => l !== '')
  const unquote = (f: string) => (f.startsWith('"') && f.endsWith('"') ? f.slice(1, -1).replaceAll('""', '"') : f)
  const header = lines[0]!.split('\t')
  return lines.slice(1).map((l) => Object.fromEntries(l.split('\t').map((f, i) => [header[i]!, unquote(f)])))
}

/** The older num.txt layout, as the pre-2024 extracts have it. */
const OLD_NUM = [
  'adsh\ttag\tversion\tcoreg\tddate\tqtrs\tuom\tvalue\tfootnote',
  '0000320193-20-000096\tAssets\tus-gaap/2020\t\t20200926\t0\tUSD\t323888000000.0000\t',
  '0000320193-20-000096\tRevenueFromContractWithCustomerExcludingAssessedTax\tus-gaap/2020\t\t20200926\t4\tUSD\t274515000000.0000\t"Net sales, ""total"""',
].join('\n')
const OLD_SUB = [
  'adsh\tcik\tname\tsic\tcountryba\tstprba\tcityba\tzipba\tbas1\tbas2\tbaph\tcountryma\tstprma\tcityma\tzipma\tmas1\tmas2\tcountryinc\tstprinc\tein\tformer\tchanged\tafs\twksi\tfye\tform\tperiod\tfy\tfp\tfiled\taccepted\tprevrpt\tdetail\tinstance\tnciks\taciks',
  '0000320193-20-000096\t320193\tAPPLE INC\t3571\tUS\tCA\tCUPERTINO\t95014\tONE APPLE PARK WAY\t\t(408) 996-1010\tUS\tCA\tCUPERTINO\t95014\tONE APPLE PARK WAY\t\tUS\tCA\t942404110\tAPPLE COMPUTER INC\t19970808\t1-LAF\t1\t0926\t10-K\t20200930\t2020\tFY\t20201030\t2020-10-29 18:06:00\t0\t1\taapl-20200926.htm\t1\t',
].join('\n')
const OLD_PRE = [
  'adsh\treport\tline\tstmt\tinpth\trfile\ttag\tversion\tplabel\tnegating',
  '0000320193-20-000096\t2\t1\tBS\t0\tH\tAssets\tus-gaap/2020\tTotal assets\t0',
].join('\n')

let root = ''
let mirrorDir = ''
let firstDir = ''
let partialSets: Manifest['partialSets']
let snap: Awaited<ReturnType<typeof openSnapshot>>
const real: Record<string, Record<string, string>[]> = {}

beforeAll(async () => {
  if (!hasZip) return
  root = tempDir('fsds')
  const mirror = join(root, 'mirror')
  mkdirSync(join(mirror, 'financial-statement-data-sets', '2020q4'), { recursive: true })
  mkdirSync(join(mirror, 'daily-index', '2020', 'QTR1'), { recursive: true })
  // An essential source: the index file (filers); the quarters are what this test is about.
  copyFileSync(
    join(SAMPLES, 'index/daily/master.20200103.idx'),
    join(mirror, 'daily-index/2020/QTR1/master.20200103.idx'),
  )
  copyFileSync(ZIP, join(mirror, 'financial-statement-data-sets', '2009q3.zip'))
  const old = join(mirror, 'financial-statement-data-sets', '2020q4')
  writeFileSync(join(old, 'num.txt'), `${OLD_NUM}\n`)
  writeFileSync(join(old, 'sub.txt'), `${OLD_SUB}\n`)
  writeFileSync(join(old, 'pre.txt'), `${OLD_PRE}\n`)
  const { dir, manifest } = await runBuild({
    from: mirror,
    datasets: join(root, 'datasets'),
    reporter: silentReporter(),
    threads: TEST_BUILD_THREADS,
    // On purpose: the hand-made quarter has no tag.txt, which a build refuses otherwise (a partial extract).
    allowPartialSets: true,
    keepBuildDatabase: true,
  })
  partialSets = manifest.partialSets
  mirrorDir = mirror
  firstDir = dir
  snap = await openSnapshot(dir)
  const zip = ZipReader.open(ZIP)
  for (const [entry, data] of zip.iterate((n) => n.endsWith('.txt')))
    real[entry.name.replace('.txt', '')] = parseTsv(data.toString('utf8'))
  zip.close()
})

afterAll(() => {
  snap?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

describe.skipIf(!hasZip)('the real 2009q3 quarter (edgar-samples/fsds)', () => {
  test('every row of each file, in its table and quarter', async () => {
    for (const [file, table] of [
      ['sub', 'fsds_sub'],
      ['num', 'fsds_num'],
      ['pre', 'fsds_pre'],
      ['tag', 'fsds_tag'],
    ] as const) {
      const [row] = await snap.q<{ n: string }>(`SELECT count(*) AS n FROM {t:${table}} WHERE quarter = '2009q3'`)
      expect(Number(row!.n)).toBe(real[file]!.length)
    }
  })

  test('sub: accepted as a timestamp, fye with its leading zero, aciks space-separated', async () => {
    const first = real.sub![0]!
    const [row] = await snap.q<Record<string, unknown>>(`SELECT * FROM {t:fsds_sub} WHERE adsh = ?`, [first.adsh!])
    expect(row!.accepted).toBe(first.accepted!.replace(/\.0$/, ''))
    expect(row!.cik).toBe(String(Number(first.cik)))
    expect(row!.period).toBe(Number(first.period))
    const withZero = real.sub!.find((r) => r.fye!.startsWith('0'))!
    const [z] = await snap.q<{ fye: string }>(`SELECT fye FROM {t:fsds_sub} WHERE adsh = ?`, [withZero.adsh!])
    expect(z!.fye).toBe(withZero.fye!)
    const several = real.sub!.find((r) => r.aciks!.includes(' '))!
    const [a] = await snap.q<{ aciks: string }>(`SELECT aciks FROM {t:fsds_sub} WHERE adsh = ?`, [several.adsh!])
    expect(a!.aciks).toBe(several.aciks!)
  })

  test('num: values to the cent, segments and coreg, footnotes with "" escapes', async () => {
    const quoted = real.num!.find((r) => r.footnote!.includes('"'))!
    const [row] = await snap.q<Record<string, unknown>>(
      `SELECT value::VARCHAR AS value, footnote, segments FROM {t:fsds_num} WHERE adsh = ? AND tag = ? AND ddate = ? AND qtrs = ? AND footnote IS NOT NULL`,
      [quoted.adsh!, quoted.tag!, Number(quoted.ddate), Number(quoted.qtrs)],
    )
    expect(row!.footnote).toBe(quoted.footnote!)
    expect(row!.value).toBe(quoted.value!)
    const coreg = real.num!.find((r) => r.coreg !== '')!
    const [c] = await snap.q<Record<string, unknown>>(
      `SELECT coreg, segments FROM {t:fsds_num} WHERE adsh = ? AND tag = ? AND ddate = ? AND coreg = ?`,
      [coreg.adsh!, coreg.tag!, Number(coreg.ddate), coreg.coreg!],
    )
    expect(c).toEqual({ coreg: coreg.coreg!, segments: coreg.segments! })
  })

  test('pre and tag: quoted labels and docs; custom tags versioned by their accession number', async () => {
    const quoted = real.pre!.find((r) => r.plabel!.includes('"'))!
    const [p] = await snap.q<{ plabel: string }>(
      `SELECT plabel FROM {t:fsds_pre} WHERE adsh = ? AND report = ? AND line = ?`,
      [quoted.adsh!, Number(quoted.report), Number(quoted.line)],
    )
    expect(p!.plabel).toBe(quoted.plabel!)
    const custom = real.tag!.find((r) => r.custom === '1')!
    expect(custom.version).toMatch(/^\d{10}-\d{2}-\d{6}$/)
    const [t] = await snap.q<Record<string, unknown>>(
      `SELECT custom, doc, tlabel FROM {t:fsds_tag} WHERE tag = ? AND version = ?`,
      [custom.tag!, custom.version!],
    )
    expect(t).toEqual({ custom: 1, doc: custom.doc || null, tlabel: custom.tlabel || null })
  })
})

describe.skipIf(!hasZip)('segment revenue of the real quarter', () => {
  test("a 10-Q's comparative column is the same fiscal quarter a year before, labelled by the filer's fiscal year", async () => {
    const rules = CANONICAL_METRICS.find((m) => m.key === 'revenue')!.rules.map((r) => r.tag)
    const oneAxis = (n: Record<string, string>) => n.segments!.split('=').length === 2 && n.coreg === ''
    // Each real 10-Q with revenue by segment for the quarter a year before its own: the first rule's tag there.
    type SegmentRow = {
      adsh: string
      fy: number
      fiscal_quarter: number
      end_date: number
      segments: string
      value: number
    }
    const expected: SegmentRow[] = []
    const numOf = Map.groupBy(real.num!, (n) => n.adsh!)
    for (const s of real.sub!.filter((r) => r.form === '10-Q' && /^Q[123]$/.test(r.fp!))) {
      const yearBefore = String(Number(s.period) - 10_000)
      const column = (numOf.get(s.adsh!) ?? []).filter(
        (n) => n.qtrs === '1' && n.ddate === yearBefore && oneAxis(n) && rules.includes(n.tag!),
      )
      const tag = rules.find((t) => column.some((n) => n.tag === t))
      for (const n of column.filter((c) => c.tag === tag))
        expected.push({
          adsh: s.adsh!,
          fy: Number(s.fy) - 1,
          fiscal_quarter: Number(s.fp!.slice(1)),
          end_date: Number(n.ddate),
          segments: n.segments!,
          value: Number(n.value),
        })
    }
    expect(expected.length).toBeGreaterThan(5)
    // The segment rows are a build-only table: in the build's own database, which this build kept.
    await snap.q(`ATTACH '${join(firstDir, BUILD_DATABASE_FILE)}' AS built (READ_ONLY)`)
    const rows = await snap.q<SegmentRow>(
      `SELECT s.adsh, r.fy, r.fiscal_quarter, r.end_date, r.axis || '=' || r.member || ';' AS segments, r.value
      FROM built.fin_segment_rows r JOIN {t:fsds_sub} s USING (acc_key) WHERE r.years_back = 1`,
    )
    await snap.q('DETACH built')
    const filings = new Set(expected.map((e) => e.adsh))
    const order = (all: SegmentRow[]) => all.map((r) => JSON.stringify(r)).sort()
    expect(order(rows.filter((r) => filings.has(r.adsh)))).toEqual(order(expected))
  })
})

describe.skipIf(!hasZip)('an unzipped quarter in the older num layout, without tag.txt', () => {
  test('accepted on purpose (--allow-partial-sets): the manifest names it and its missing file', () => {
    expect(partialSets).toEqual([
      {
        source: 'financial-statements',
        file: 'financial-statement-data-sets/2020q4/',
        missing: ['tag.txt'],
        warning: 'financial-statement-data-sets/2020q4/ lacks tag.txt: built without it (--allow-partial-sets)',
      },
    ])
  })

  test('num columns read by header name; segments NULL; no tag rows for the quarter', async () => {
    const rows =
      await snap.q(`SELECT tag, coreg, segments, ddate, qtrs, value::VARCHAR AS value, footnote FROM {t:fsds_num}
      WHERE quarter = '2020q4' ORDER BY tag`)
    expect(rows).toEqual([
      {
        tag: 'Assets',
        coreg: null,
        segments: null,
        ddate: 20200926,
        qtrs: 0,
        value: '323888000000.0000',
        footnote: null,
      },
      {
        tag: 'RevenueFromContractWithCustomerExcludingAssessedTax',
        coreg: null,
        segments: null,
        ddate: 20200926,
        qtrs: 4,
        value: '274515000000.0000',
        footnote: 'Net sales, "total"',
      },
    ])
    // Its acceptance time is written without the fraction: read all the same.
    const [sub] = await snap.q<{ accepted: string }>(
      `SELECT accepted::VARCHAR AS accepted FROM {t:fsds_sub} WHERE quarter = '2020q4'`,
    )
    expect(sub!.accepted).toBe('2020-10-29 18:06:00')
    const [n] = await snap.q<{ n: string }>(`SELECT count(*) AS n FROM {t:fsds_tag} WHERE quarter = '2020q4'`)
    expect(Number(n!.n)).toBe(0)
  })
})

describe.skipIf(!hasZip)('the next build', () => {
  test('reuses both unchanged quarters: every table of each, linked from the served snapshot', async () => {
    const next = await runBuild({
      from: mirrorDir,
      datasets: join(root, 'datasets'),
      reporter: silentReporter(),
      threads: TEST_BUILD_THREADS,
      allowPartialSets: true,
    })
    const manifest = JSON.parse(readFileSync(join(next.dir, 'manifest.json'), 'utf8'))
    const periods = manifest.periods['financial-statements']
    expect(Object.keys(periods).sort()).toEqual([
      'financial-statement-data-sets/2009q3.zip',
      'financial-statement-data-sets/2020q4/',
    ])
    expect(periods['financial-statement-data-sets/2009q3.zip']).toMatchObject({
      reused: true,
      outputs: ['fsds_sub', 'fsds_num', 'fsds_pre', 'fsds_tag'].map((t) => `${t}/quarter=2009q3/part-0.parquet`),
    })
    // The partial quarter has no tag.txt, so no tag table output.
    expect(periods['financial-statement-data-sets/2020q4/']).toMatchObject({
      reused: true,
      outputs: ['fsds_sub', 'fsds_num', 'fsds_pre'].map((t) => `${t}/quarter=2020q4/part-0.parquet`),
    })
    const first = JSON.parse(readFileSync(join(firstDir, 'manifest.json'), 'utf8'))
    for (const t of ['fsds_sub', 'fsds_num', 'fsds_pre', 'fsds_tag'])
      expect([t, manifest.tables[t].rows]).toEqual([t, first.tables[t].rows])
  })
})
