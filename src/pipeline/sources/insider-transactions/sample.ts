/**
 * The insider source's part of the sample generator: for every issuer's listed Forms 3, 4 and 5 (the same
 * accession numbers as the submissions and index files), the quarterly data sets
 * (`insider-transactions-data-sets/YYYYqN_form345.zip`, tables of sample-tsv.ts) for every quarter the
 * SEC would have published by the as-of date, and the filings after the newest of them as full
 * submission text files (sample-xml.ts, written by src/pipeline/filing-text), as a nightly build finds them.
 *
 * Bounded memory at full scale (~80 quarters, ~1 million filings): rows are appended to one scratch
 * file per quarter and table as issuers stream by (buffered, flushed past 1 MB), and each quarter is
 * zipped from its files at the end.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ZipWriter } from '../../../lib/zip.ts'
import { dataSetQuarterOf, dayOfYmd, isoDay, quarterStartOf } from '../../../sample/dates.ts'
import type { Filing } from '../../../sample/filings.ts'
import { traitsOf } from '../../../sample/population.ts'
import { nameFor } from '../../../sample/profile.ts'
import { filingTextPath, formatSubmissionText } from '../../filing-text/index.ts'
import type { SampleEntity, SampleWorld, SampleWriter } from '../../source.ts'
import { indexSpans } from '../indexes/sample.ts'
import { DATASETS_DIR } from './dataset.ts'
import { FIRST_QUARTER } from './quarters.ts'
import { type OwnershipDoc, ownerDocs } from './sample-docs.ts'
import { docLines, headerLine, type Keys, TABLE_NAMES, type TableName } from './sample-tsv.ts'
import { ownershipXml } from './sample-xml.ts'

/** The SEC publishes a quarter's set some weeks after it ends: a quarter counts once this many days have passed. */
const PUBLICATION_LAG_DAYS = 30
const FLUSH_BYTES = 1 << 20
const FIRST_SET_DAY = dayOfYmd(FIRST_QUARTER.year, 1, 1)

/** The first day not covered by a published quarterly set on `asOf`: filings from then on are text files. */
export function textFilesFrom(asOf: number): number {
  let start = quarterStartOf(asOf)
  if (asOf - start < PUBLICATION_LAG_DAYS) start = quarterStartOf(start - 1)
  return start
}

/** Who an issuer's listed filing was filed by: the generated insider or the cast's. */
function ownerName(world: SampleWorld, cik: number): string {
  const cast = world.cast.find((c) => c.cik === cik)
  if (cast) return cast.name
  const { pop } = world
  let lo = 0
  let hi = pop.size - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const c = pop.cik[mid]!
    if (c === cik) return nameFor(pop.seed, traitsOf(pop, mid))
    if (c < cik) lo = mid + 1
    else hi = mid - 1
  }
  return `INSIDER ${cik}`
}

/** An issuer's ownership documents up to the last day, insider by insider. */
export function issuerDocs(world: SampleWorld, e: SampleEntity): OwnershipDoc[] {
  const byOwner = new Map<number, Filing[]>()
  for (const f of e.listed) {
    if (f.reporterCik === undefined || f.day > world.lastDay) continue
    const list = byOwner.get(f.reporterCik)
    if (list) list.push(f)
    else byOwner.set(f.reporterCik, [f])
  }
  const issuer = { cik: e.cik, name: e.name, ticker: e.profile?.tickers[0] ?? null }
  const docs: OwnershipDoc[] = []
  for (const [cik, filings] of [...byOwner].sort((a, b) => a[0] - b[0]))
    docs.push(...ownerDocs(filings, issuer, { cik, name: ownerName(world, cik) }))
  return docs
}

export function insiderSample(world: SampleWorld): SampleWriter {
  const scratch = join(world.out, '.insider-scratch')
  const textFrom = textFilesFrom(world.asOf)
  const firstSetDay = Math.max(FIRST_SET_DAY, world.periodsFrom)
  const dailyDays = new Set(indexSpans(world.asOf, world.lastDay).flatMap((s) => (s.daily ? [s.from] : [])))
  const keys: Keys = { NONDERIV_TRANS: 0, DERIV_TRANS: 0, NONDERIV_HOLDING: 0, DERIV_HOLDING: 0 }
  const buffers = new Map<string, string>()
  const quarters = new Set<string>()
  const textDocs: OwnershipDoc[] = []
  let buffered = 0
  let rows = 0

  const flush = () => {
    for (const [path, text] of buffers) appendFileSync(path, text)
    buffers.clear()
    buffered = 0
  }

  return {
    entity(e) {
      if (!e.listed.length) return
      for (const doc of issuerDocs(world, e)) {
        // The SEC's sets begin with 2006q1; older electronic filings are in no set.
        if (doc.filing.day < firstSetDay) continue
        if (doc.filing.day >= textFrom) {
          // As a nightly download finds them: the filings the mirror's daily indexes list.
          if (dailyDays.has(doc.filing.day)) textDocs.push(doc)
          continue
        }
        const q = dataSetQuarterOf(doc.filing.day)
        if (!quarters.has(q)) {
          quarters.add(q)
          mkdirSync(join(scratch, q), { recursive: true })
          for (const t of TABLE_NAMES) appendFileSync(join(scratch, q, `${t}.tsv`), headerLine(t))
        }
        rows += doc.transactions.length
        for (const [t, text] of Object.entries(docLines(doc, keys)) as [TableName, string][]) {
          const path = join(scratch, q, `${t}.tsv`)
          buffers.set(path, (buffers.get(path) ?? '') + text)
          buffered += text.length
        }
        if (buffered > FLUSH_BYTES) flush()
      }
    },
    async finish() {
      flush()
      const dir = join(world.out, DATASETS_DIR)
      mkdirSync(dir, { recursive: true })
      let files = 0
      let bytes = 0
      for (const q of [...quarters].sort()) {
        const path = join(dir, `${q}_form345.zip`)
        const [year, qtr] = [+q.slice(0, 4), +q.slice(5)]
        // Dated from the data (the quarter's end plus the lag), never the clock: same bytes for a seed.
        const modified = new Date(Date.UTC(year, qtr * 3, PUBLICATION_LAG_DAYS))
        const zip = new ZipWriter(path, 6)
        for (const t of TABLE_NAMES) zip.add(`${t}.tsv`, readFileSync(join(scratch, q, `${t}.tsv`)), modified)
        zip.close()
        files++
        bytes += statSync(path).size
      }
      rmSync(scratch, { recursive: true, force: true })
      const texts = await writeTextFiles(world, textDocs)
      return { files: files + texts.files, bytes: bytes + texts.bytes, rows }
    },
  }
}

/** The filings after the newest quarterly set that the daily indexes list, as full submission text files. */
async function writeTextFiles(world: SampleWorld, docs: OwnershipDoc[]) {
  let bytes = 0
  for (const doc of docs) {
    const f = doc.filing
    const text = formatSubmissionText({
      accessionNumber: doc.accessionNumber,
      form: doc.form,
      filed: isoDay(f.day),
      accepted: f.acceptanceDateTime.slice(0, 19).replace('T', ' '),
      period: isoDay(doc.periodDay),
      parties: [
        { role: 'reporting-owner', cik: doc.owner.cik, name: doc.owner.name },
        { role: 'issuer', cik: doc.issuer.cik, name: doc.issuer.name },
      ],
      documents: [
        {
          type: doc.form,
          filename: `wk-form${doc.form.replace('/A', 'a')}_${f.acceptedAt}.xml`,
          xml: ownershipXml(doc),
        },
      ],
    })
    // Under the CIK a download takes it from: the first of the filing's daily-index lines, sorted by CIK as text.
    const cik = String(doc.issuer.cik) < String(doc.owner.cik) ? doc.issuer.cik : doc.owner.cik
    const path = join(world.out, filingTextPath(cik, doc.accessionNumber))
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
    bytes += Buffer.byteLength(text)
  }
  return { files: docs.length, bytes }
}
