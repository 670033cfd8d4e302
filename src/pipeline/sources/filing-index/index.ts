/**
 * Filing folder listings (`filing-index/<accession>-index.json`, the `index.json` of an EDGAR filing
 * folder): the documents of a filing. Optional: the primary document always comes from submissions.
 * `--download` fetches the listings of the newest filings of the current quarter's daily indexes, so it
 * runs after the indexes source's download.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { mapConcurrent, PARALLEL } from '../../download/context.ts'
import { lookupOf } from '../../lookup-files.ts'
import { folderSource, quarterFiles, type SourceFolder } from '../../mirror.ts'
import type { SourceDefinition } from '../../source.ts'
import { type IndexEntry, newestFilings, parseMasterIndex } from '../indexes/master-index.ts'
import { DOCUMENTS } from './contract.ts'
import { DOCUMENT_COLUMNS } from './dictionary.ts'
import { buildDocuments } from './documents.ts'
import { filingIndexSample } from './sample.ts'
import { stageFilingIndex } from './stage.ts'

/** A filing folder's listing: `/Archives/edgar/data/<cik without zeros>/<accession without dashes>/index.json`. */
const filingListing = (e: Pick<IndexEntry, 'cik' | 'accession'>) => ({
  urlPath: `/Archives/edgar/data/${Number(e.cik)}/${e.accession.replace(/-/g, '')}/index.json`,
  mirrorPath: `filing-index/${e.accession}-index.json`,
})

export const filingIndex: SourceDefinition = {
  name: 'filing-index',
  reads: 'filing-index/<accession>-index.json',
  find(mirror) {
    const dir = join(mirror, 'filing-index')
    if (!existsSync(dir)) return undefined
    const names = readdirSync(dir).filter((f) => /^\d{10}-\d{2}-\d{6}-index\.json$/.test(f))
    if (!names.length) return undefined
    const folder = folderSource(mirror, dir, names)
    return { files: [folder], summary: `${folder.files} filing-index listings` }
  },
  download: {
    flags: [
      {
        name: 'document-limit',
        help: 'filing folder listings to fetch for the newest daily-index filings',
        fallback: 200,
        min: 0,
        max: 1_000_000,
      },
    ],
    async fetch(ctx) {
      const limit = ctx.flags['document-limit']!
      if (limit <= 0) return
      await ctx.after('indexes')
      // The daily files the indexes source fetched, in the cache's mirror layout (oldest first).
      const daily = quarterFiles(ctx.dir, join(ctx.dir, 'daily-index'), /^master\.\d{8}\.idx$/)
      // Newest day first; each day file is whole, so once `limit` filings are found older days cannot add newer ones.
      const entries: IndexEntry[] = []
      for (const file of daily.reverse()) {
        entries.push(...parseMasterIndex(await Bun.file(file.path).text()))
        if (new Set(entries.map((e) => e.accession)).size >= limit) break
      }
      await mapConcurrent(newestFilings(entries, limit), PARALLEL, (entry) => ctx.fetch(filingListing(entry), false))
    },
  },
  stage: [
    {
      name: 'stage filing-index',
      async run({ db, mirror, found }) {
        const r = await stageFilingIndex(db, mirror, found['filing-index']?.files[0] as SourceFolder | undefined)
        return { files: r.files, rows: r.rows }
      },
    },
  ],
  derive: [{ name: 'documents', run: async ({ db }) => ({ rows: await buildDocuments(db) }) }],
  tables: [
    {
      name: 'filing_documents',
      from: 't_documents',
      orderBy: 'accession_number, cik, sequence',
      rowGroupSize: 100_000,
      key: ['accession_number', 'cik', 'sequence'],
      notNull: ['accession_number', 'cik', 'sequence', 'filename', 'is_primary'],
      requiredBy: (found) => found['filing-index']?.files[0]?.rel,
      description: 'Documents of filings that have a folder listing, in listing order.',
      schema: DOCUMENT_COLUMNS,
      feeds: { lookups: ['documents'] },
    },
  ],
  lookups: ({ parquet }) => [
    lookupOf(DOCUMENTS, {
      rowsOf: parquet('filing_documents'),
      from: `FROM ${parquet('filing_documents')} ORDER BY 1, cik, sequence`,
    }),
  ],
  sample: filingIndexSample,
}
