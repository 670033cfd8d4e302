/**
 * The 13F source's part of the sample generator. While the entities stream by it keeps each 13F filer's
 * 13F filings (a few numbers each); at the end, when every listed company has its ticker, it writes one
 * data set per window that has ended by the as-of date (`form-13f-data-sets/<name>_form13f.zip`, or the
 * folder with `--unzipped`), each in the SEC's TSV layout with the world's own accession numbers. A set's
 * rows are made and written one set at a time, its TSVs go to disk as they grow and are deflated into the
 * zip by a stream, so memory holds no table whole. The filings after the newest set's window are written
 * as their own full submission files (`Archives/edgar/data/<cik>/<accession>.txt`), as `--download`
 * fetches them, and the SEC's data-set page (`form-13f-data-sets/index.html`) lists the sets written.
 * The filers of the value-unit rule's traps (sample-unit-traps.ts) are written after the world's.
 */
import { closeSync, mkdirSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { isoDay } from '../../../sample/dates.ts'
import { zipFolder } from '../../../sample/zip-folder.ts'
import { filingTextPath, formatSubmissionText } from '../../filing-text/index.ts'
import type { SampleEntity, SampleWorld, SampleWriter } from '../../source.ts'
import { type DataSetRow, READ_TABLES, TABLE_COLUMNS } from './columns.ts'
import { setsPage } from './download.ts'
import { securityUniverse, Universe } from './sample-books.ts'
import { filingRows, type SampleManager, signatureRow } from './sample-rows.ts'
import { UNIT_TRAP_FIRST_KEY, unitTrapManagers } from './sample-unit-traps.ts'
import { coverXml, infoTableXml } from './sample-xml.ts'
import { dataSetNames, SETS_DIR } from './sets.ts'

/** The seven tables of a real data set, in its order. */
const WRITTEN_TABLES = [...READ_TABLES, 'SIGNATURE'] as const
const FORMS = new Set(['13F-HR', '13F-HR/A', '13F-NT', '13F-NT/A'])
/** The quarter end before a day: a 13F's period when the filing names none. */
function quarterEndBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 10)
  const m = Math.floor(d.getUTCMonth() / 3) * 3
  return new Date(Date.UTC(d.getUTCFullYear(), m, 0)).toISOString().slice(0, 10)
}

/** EDGAR's acceptance stamp, Eastern time without a zone: `2026-11-17 19:02:11`. */
const easternStamp = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toLocaleString('sv-SE', { timeZone: 'America/New_York', hour12: false })

/** TSV text of a row: the metadata's columns in order, null as empty. */
const tsvLine = (table: keyof typeof TABLE_COLUMNS, row: DataSetRow) =>
  `${TABLE_COLUMNS[table].map((c) => row[c] ?? '').join('\t')}\n`

/** Appends text to a file through a buffer. */
class TextFile {
  private fd: number
  private parts: string[] = []
  private size = 0
  constructor(readonly path: string) {
    this.fd = openSync(path, 'w')
  }
  write(s: string) {
    this.parts.push(s)
    this.size += s.length
    if (this.size > 1 << 22) this.flush()
  }
  flush() {
    if (this.parts.length) writeSync(this.fd, this.parts.join(''))
    this.parts = []
    this.size = 0
  }
  close() {
    this.flush()
    closeSync(this.fd)
  }
}

export function sampleForm13f(world: SampleWorld): SampleWriter {
  const managers: SampleManager[] = []
  return {
    entity(e: SampleEntity) {
      const filings = e.all.filter((f) => FORMS.has(f.form) && !f.mirrored)
      if (!filings.length) return
      const a = e.profile?.addresses.business
      managers.push({
        cik: e.cik,
        name: e.name,
        street1: a?.street1 ?? null,
        city: a?.city ?? null,
        state: a?.stateOrCountry ?? null,
        zip: a?.zipCode ?? null,
        filings: filings
          .map((f) => {
            const filed = isoDay(f.day)
            return {
              accession: f.accessionNumber,
              form: f.form,
              filed,
              period: f.reportDate || quarterEndBefore(filed),
              accepted: easternStamp(f.acceptedAt),
            }
          })
          .sort((x, y) => (x.filed < y.filed ? -1 : x.filed > y.filed ? 1 : x.accession < y.accession ? -1 : 1)),
      })
    },
    async finish() {
      const universe = new Universe(world.seed, securityUniverse(world.seed, world.tickers.listings))
      const firstDay = isoDay(world.periodsFrom)
      const sets = dataSetNames(isoDay(world.asOf)).filter((s) => s.to >= firstDay)
      const dir = join(world.out, SETS_DIR)
      mkdirSync(dir, { recursive: true })
      let files = 0
      let bytes = 0
      let rows = 0
      let key = 0
      let trapKey = UNIT_TRAP_FIRST_KEY - 1
      // The traps' rows are numbered apart, so that the world's rows keep their numbers.
      const nextKey = (m: SampleManager) => (m.book ? () => ++trapKey : () => ++key)
      managers.push(...unitTrapManagers(isoDay(world.asOf)))
      const written: string[] = []
      for (const set of sets) {
        const work = join(dir, `${set.name}_form13f${world.unzipped ? '' : '.partial'}`)
        mkdirSync(work, { recursive: true })
        const out = Object.fromEntries(
          WRITTEN_TABLES.map((t) => {
            const f = new TextFile(join(work, `${t}.tsv`))
            f.write(`${TABLE_COLUMNS[t].join('\t')}\n`)
            return [t, f]
          }),
        ) as Record<(typeof WRITTEN_TABLES)[number], TextFile>
        let any = false
        for (const m of managers) {
          for (const f of m.filings) {
            if (f.filed < set.from || f.filed > set.to) continue
            any = true
            const r = filingRows(universe, m, f, nextKey(m))
            for (const t of READ_TABLES) for (const row of r[t]) out[t].write(tsvLine(t, row))
            out.SIGNATURE.write(tsvLine('SIGNATURE', signatureRow(m, f)))
            rows += r.INFOTABLE.length
          }
        }
        for (const t of WRITTEN_TABLES) out[t].close()
        if (!any) {
          rmSync(work, { recursive: true, force: true })
          continue
        }
        if (world.unzipped) {
          for (const t of WRITTEN_TABLES) bytes += statSync(join(work, `${t}.tsv`)).size
          files += WRITTEN_TABLES.length
          written.push(set.name)
          continue
        }
        // Entries dated from the data (the window's end), never the clock: the archive is the same for a seed.
        const names = WRITTEN_TABLES.map((t) => `${t}.tsv`)
        bytes += await zipFolder(work, names, join(dir, `${set.name}_form13f.zip`), new Date(`${set.to}T12:00:00Z`))
        files++
        written.push(set.name)
      }
      writeFileSync(join(dir, 'index.html'), setsPage(written))
      files++
      // The filings since the newest set: their own full submission files, as EDGAR serves them.
      const since = sets.at(-1)?.to ?? ''
      for (const m of managers) {
        for (const f of m.filings) {
          if (f.filed <= since) continue
          const r = filingRows(universe, m, f, nextKey(m))
          const text = formatSubmissionText({
            accessionNumber: f.accession,
            form: f.form,
            filed: f.filed,
            accepted: f.accepted,
            period: f.period,
            parties: [{ role: 'filer', cik: m.cik, name: m.name }],
            documents: [
              { type: f.form, filename: 'primary_doc.xml', xml: coverXml(r) },
              ...(r.INFOTABLE.length || !f.form.startsWith('13F-NT')
                ? [
                    {
                      type: 'INFORMATION TABLE',
                      filename: 'infotable.xml',
                      xml: infoTableXml(r.INFOTABLE, m.cik % 2 === 0),
                    },
                  ]
                : []),
            ],
          })
          const path = join(world.out, filingTextPath(m.cik, f.accession))
          mkdirSync(dirname(path), { recursive: true })
          writeFileSync(path, text)
          files++
          bytes += text.length
          rows += r.INFOTABLE.length
        }
      }
      return { files, bytes, rows }
    },
  }
}
