/**
 * The download door end to end: the generator's bulk files served at the SEC's URLs by a local HTTP
 * server, fetched by `downloadMirror` into a cache, and built. The snapshot must equal the one built from
 * the same files as a local mirror (`--from`): both doors share every parser. The files and that snapshot
 * are the shared sample fixture's (test/helpers/fixture.ts), read only.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { silentReporter } from '../../src/lib/progress.ts'
import { downloadMirror } from '../../src/pipeline/download/mirror-download.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { SETS_PAGE } from '../../src/pipeline/sources/form-13f/download.ts'
import { SETS_DIR, SETS_URL_PATH } from '../../src/pipeline/sources/form-13f/sets.ts'
import { SIC_CODES } from '../../src/reference/sic-codes.ts'
import { sampleFixture, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { openSnapshot, tempDir } from '../helpers/snapshot.ts'
import { type FakeSecServer, startFakeSecServer } from './fake-sec-server.ts'

const root = tempDir('download-build')
const cache = join(root, 'cache')
let mirror = ''
/** The snapshot built from `mirror` as a local mirror. */
let mirrorSnapshot = ''
let server: FakeSecServer

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll("'", '&#39;')

/** Puts every file of the mirror at the URL the SEC serves it from. */
function serveMirror() {
  server.put('/Archives/edgar/daily-index/bulkdata/submissions.zip', readFileSync(join(mirror, 'submissions.zip')))
  server.put('/Archives/edgar/daily-index/xbrl/companyfacts.zip', readFileSync(join(mirror, 'companyfacts.zip')))
  server.put('/files/company_tickers_exchange.json', readFileSync(join(mirror, 'company_tickers_exchange.json')))
  const rows = SIC_CODES.map(
    (c) => `<tr><td>${c.code}</td><td>${escapeHtml(c.office)}</td><td>${escapeHtml(c.title)}</td></tr>`,
  )
  server.put(
    '/search-filings/standard-industrial-classification-sic-code-list',
    `<table><tbody>\n${rows.join('\n')}\n</tbody></table>`,
  )
  for (const kind of ['full-index', 'daily-index']) {
    for (const year of readdirSync(join(mirror, kind))) {
      for (const qtr of readdirSync(join(mirror, kind, year))) {
        const names = readdirSync(join(mirror, kind, year, qtr))
        for (const name of names)
          server.put(
            `/Archives/edgar/${kind}/${year}/${qtr}/${name}`,
            readFileSync(join(mirror, kind, year, qtr, name)),
          )
        if (kind === 'daily-index') {
          const item = names.map((name) => ({
            'last-modified': '2026-11-23 22:00:00',
            name,
            type: 'file',
            href: name,
            size: '1 KB',
          }))
          server.put(
            `/Archives/edgar/daily-index/${year}/${qtr}/index.json`,
            JSON.stringify({ directory: { name: `daily-index/${year}/${qtr}/`, item } }),
          )
        }
      }
    }
  }
  for (const name of readdirSync(join(mirror, 'insider-transactions-data-sets')))
    server.put(
      `/files/structureddata/data/insider-transactions-data-sets/${name}`,
      readFileSync(join(mirror, 'insider-transactions-data-sets', name)),
    )
  const texts = join(mirror, 'Archives/edgar/data')
  for (const file of readdirSync(texts, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.txt')))
    server.put(`/Archives/edgar/data/${file}`, readFileSync(join(texts, file)))
  // The FSDS quarters as the generator writes them and the SEC serves them: one zip each.
  const fsds = join(mirror, 'financial-statement-data-sets')
  for (const zip of readdirSync(fsds))
    server.put(`/files/dera/data/financial-statement-data-sets/${zip}`, readFileSync(join(fsds, zip)))
  // The Form 13F data sets and the SEC's page listing them (the filings' own text files are served above).
  for (const name of readdirSync(join(mirror, SETS_DIR)))
    server.put(
      name === 'index.html' ? SETS_PAGE.urlPath : `${SETS_URL_PATH}/${name}`,
      readFileSync(join(mirror, SETS_DIR, name)),
    )
  for (const name of readdirSync(join(mirror, 'filing-index'))) {
    const listing = readFileSync(join(mirror, 'filing-index', name))
    server.put(`${JSON.parse(listing.toString()).directory.name}/index.json`, listing)
  }
}

beforeAll(async () => {
  const fixture = await sampleFixture()
  mirror = fixture.mirror
  mirrorSnapshot = fixture.dir
  server = startFakeSecServer()
  serveMirror()
})
afterAll(() => {
  server?.stop()
  rmSync(root, { recursive: true, force: true })
})

/** The mirror layout from the fake SEC into the cache, as `secds build --download` fetches it. */
const download = (flags: Record<string, number>) =>
  downloadMirror({
    cacheDir: cache,
    userAgent: 'secds tests admin@example.com',
    baseUrl: server.baseUrl,
    // A mirror of EDGAR on this machine, not the SEC: no fair-access spacing to wait through.
    maxRequestsPerSecond: 1000,
    now: new Date('2026-11-23T23:00:00Z'),
    flags,
    log: () => {},
  })
/** Every file of the mirror layout. */
const downloadAll = () => download({ 'index-quarters': 2, 'document-limit': 100_000 })
/** The newest quarter or set of every source: a second download asks again for one file of each kind. */
const downloadNewest = () =>
  download({
    'index-quarters': 1,
    'document-limit': 100_000,
    'fsds-quarters': 1,
    'insider-quarters': 1,
    'form13f-sets': 1,
  })
/** The top-level files and folders of the layout a download wrote. */
const kindsOf = (files: { path: string }[]) => [...new Set(files.map((f) => f.path.split('/')[0]!))].sort()
let firstKinds: string[] = []

describe('secds build --download', () => {
  test('fetches the mirror layout from the SEC URLs and builds the same snapshot as --from', async () => {
    const download = await downloadAll()
    expect(download.dir).toBe(cache)
    firstKinds = kindsOf(download.files)
    // Every file of the mirror layout but the folder listings (fetched only for daily-index filings, below).
    const fetched = (dir: string) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter(
          (f) =>
            statSync(join(dir, f)).isFile() &&
            !f.startsWith('.') &&
            !f.startsWith('filing-index/') &&
            !f.startsWith('financial-statement-data-sets/'),
        )
        .sort()
    expect(fetched(cache)).toEqual(fetched(mirror))
    // Every finished quarter of the generated ones, as a zip; the current quarter (2026q4) is not published yet.
    const quarters = readdirSync(join(mirror, 'financial-statement-data-sets'))
      .filter((q) => q < '2026q4')
      .sort()
    expect(readdirSync(join(cache, 'financial-statement-data-sets')).sort()).toEqual(quarters)
    expect(readFileSync(join(cache, 'sic_codes.csv'), 'utf8').replaceAll('\r\n', '\n')).toBe(
      readFileSync(join(mirror, 'sic_codes.csv'), 'utf8').replaceAll('\r\n', '\n'),
    )

    const fromCache = await openSnapshot(
      (
        await runBuild({
          from: cache,
          datasets: join(root, 'a'),
          reporter: silentReporter(),
          threads: TEST_BUILD_THREADS,
          // Its tables are not compared below (its download is checked with the other files above).
          skipSources: ['form-13f'],
        })
      ).dir,
    )
    const fromMirror = await openSnapshot(mirrorSnapshot)
    const digests: Record<string, string> = {
      entities: 'cik, name, entity_type, ticker, tickers, sic, former_names, mailing_address',
      filings: 'cik, accession_number, form_type, form_category, filing_date, accepted_at, entity_name, ticker, source',
      form_types: 'form_type, category, filing_count',
      sic_codes: 'sic_code, office, industry_title, sector, large_size_tickers',
      tickers: 'ticker, cik, exchange, position',
      // the quarterly insider sets and the text files of the daily-index days, fetched, give the same rows
      insider_filings: 'accession_number, issuer_cik, issuer_ticker, form_type, filing_date, accepted_at',
      insider_transactions: 'accession_number, row_seq, reporter_cik, transaction_code, shares, price_per_share, value',
      company_facts: 'cik, taxonomy, tag, unit, start_date, end_date, value, adsh, fy, fp, form, filed, frame',
    }
    for (const [table, cols] of Object.entries(digests)) {
      const sql = `SELECT '${table}' AS t, count(*)::INTEGER AS n, sum(hash(${cols}))::VARCHAR AS h FROM {t:${table}}`
      expect(await fromCache.q(sql)).toEqual(await fromMirror.q(sql))
    }
    // The financial statement quarters read from zips equal those read from folders.
    const fsdsDigests: Record<string, string> = {
      fsds_sub: 'adsh, cik, name, form, period, fy, fp, filed, accepted, fye, prevrpt',
      fsds_num: 'adsh, tag, version, ddate, qtrs, uom, segments, coreg, value, footnote',
      fsds_pre: 'adsh, report, line, stmt, inpth, rfile, tag, version, plabel, negating',
      fsds_tag: 'tag, version, custom, abstract, datatype, iord, crdr, tlabel, doc',
    }
    for (const [table, cols] of Object.entries(fsdsDigests)) {
      const sql = `SELECT '${table}' AS t, count(*)::INTEGER AS n, sum(hash(${cols}))::VARCHAR AS h FROM {t:${table}} WHERE quarter < '2026q4'`
      const [cached] = await fromCache.q<{ n: number }>(sql)
      expect(cached!.n).toBeGreaterThan(0)
      expect(await fromMirror.q(sql)).toEqual([cached!])
    }
    // Folder listings are fetched for the filings of the daily indexes; each one fetched builds the same documents.
    const cached = readdirSync(join(cache, 'filing-index')).map((f) => f.replace('-index.json', ''))
    expect(cached.length).toBeGreaterThan(0)
    const docs = `SELECT count(*)::INTEGER AS n, sum(hash(accession_number, cik, sequence, filename, document_type))::VARCHAR AS h
      FROM {t:filing_documents} WHERE accession_number IN (SELECT unnest(string_split(?, ',')))`
    const [fetchedDocs] = await fromCache.q<{ n: number }>(docs, [cached.join(',')])
    expect(fetchedDocs!.n).toBeGreaterThan(0)
    expect(await fromMirror.q(docs, [cached.join(',')])).toEqual([fetchedDocs!])
    fromCache.close()
    fromMirror.close()
  })

  test('a second download sends conditional requests and transfers nothing new', async () => {
    const before = server.requests.length
    const again = await downloadNewest()
    expect(kindsOf(again.files)).toEqual(firstKinds)
    expect(again.files.filter((f) => f.status === 'downloaded')).toEqual([])
    const zipRequests = server.requests.slice(before).filter((r) => r.path.endsWith('submissions.zip'))
    expect(zipRequests.map((r) => r.status)).toEqual([304])
  })

  test('the command line refuses to download without a User-Agent contact', () => {
    const before = server.requests.length
    const p = Bun.spawnSync(
      [
        process.execPath,
        join(import.meta.dir, '../../src/cli.ts'),
        'build',
        '--download',
        '--cache',
        join(root, 'c2'),
        '--datasets',
        join(root, 'd2'),
        '--sec-url',
        server.baseUrl,
      ],
      { stderr: 'pipe', stdout: 'pipe', env: { ...process.env, SEC_USER_AGENT: '' } },
    )
    expect(p.exitCode).toBe(1)
    expect(p.stderr.toString()).toMatch(/User-Agent/)
    expect(server.requests.length).toBe(before)
  })
})
