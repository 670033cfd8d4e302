/**
 * The SEC's SIC code list, as `sic_codes.csv` (SIC Code,Office,Industry Title). `--download` fetches the
 * SEC's HTML page of the list and converts it (sic-page.ts). It writes the sic_codes table: the list plus
 * the codes entities use that it lacks, with a sector and the large filers' tickers.
 */
import { rename, stat, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { SIC_CODES } from '../../../reference/sic-codes.ts'
import { singleFile } from '../../mirror.ts'
import { createServingTable } from '../../serving-table.ts'
import type { SourceDefinition } from '../../source.ts'
import { SERVING_TABLES } from './contract.ts'
import { SIC_CODE_COLUMNS } from './dictionary.ts'
import { parseSicPage, sicRowsToCsv } from './sic-page.ts'
import { stageSicCodes } from './stage.ts'
import { buildSicCodes } from './table.ts'

const SIC_PAGE = {
  urlPath: '/search-filings/standard-industrial-classification-sic-code-list',
  // Kept (outside the mirror layout) so the next run can ask for it conditionally.
  rawPath: '.raw/sic-code-list.html',
  mirrorPath: 'sic_codes.csv',
}

export const sicCodes: SourceDefinition = {
  name: 'sic-codes',
  reads: 'sic_codes.csv',
  find: (mirror) => singleFile(mirror, SIC_PAGE.mirrorPath),
  download: {
    /** The SIC page, then `sic_codes.csv` made from it whenever the page changed or the CSV is absent. */
    async fetch(ctx) {
      const page = await ctx.fetch({ urlPath: SIC_PAGE.urlPath, mirrorPath: SIC_PAGE.rawPath }, false, false)
      const csvFile = join(ctx.dir, SIC_PAGE.mirrorPath)
      const csvExists = await stat(csvFile).then(
        () => true,
        () => false,
      )
      if (page.status === 'missing' || (page.status === 'not-modified' && csvExists)) {
        ctx.record({ path: SIC_PAGE.mirrorPath, status: page.status, bytes: 0 })
        return
      }
      const htmlFile = join(ctx.dir, SIC_PAGE.rawPath)
      const rows = parseSicPage(await Bun.file(htmlFile).text())
      if (rows.length === 0) {
        ctx.log(
          `skipped ${SIC_PAGE.mirrorPath}: no SIC rows found in ${ctx.client.baseUrl}${SIC_PAGE.urlPath} (page layout changed?)`,
        )
        ctx.record({ path: SIC_PAGE.mirrorPath, status: 'missing', bytes: 0 })
        return
      }
      const csv = sicRowsToCsv(rows)
      await Bun.write(`${csvFile}.tmp`, csv)
      const { mtime } = await stat(htmlFile)
      await utimes(`${csvFile}.tmp`, mtime, mtime)
      await rename(`${csvFile}.tmp`, csvFile)
      ctx.record({ path: SIC_PAGE.mirrorPath, status: 'downloaded', bytes: Buffer.byteLength(csv) })
    },
  },
  stage: [
    {
      name: 'stage sic codes',
      run: async ({ db, found }) => ({ rows: await stageSicCodes(db, found['sic-codes']?.files[0]) }),
    },
  ],
  derive: [{ name: 'sic codes', run: async ({ db }) => ({ rows: await buildSicCodes(db) }) }],
  tables: [
    {
      name: 'sic_codes',
      from: 't_sic_codes',
      orderBy: 'sic_code',
      rowGroupSize: 100_000,
      key: ['sic_code'],
      notNull: ['sic_code', 'industry_title', 'sector', 'entity_count'],
      requiredBy: (found) => found['sic-codes']?.files[0]?.rel,
      description: 'SIC codes with office, industry title, sector and the large tickers in each.',
      schema: SIC_CODE_COLUMNS,
      // A 13F manager's breakdown by sector and industry reads the codes' sectors and titles.
      feeds: { serving: ['sic_codes'], tables: ['inst_sectors'] },
    },
  ],
  serving: ({ parquet }) => [createServingTable(SERVING_TABLES.sic_codes, `SELECT * FROM ${parquet('sic_codes')}`)],
  sample: (world) => ({
    async finish() {
      // The published list, CRLF line endings and all, as the download makes it from the SEC's page.
      const text = sicRowsToCsv(SIC_CODES.map((c) => ({ code: String(c.code), office: c.office, title: c.title })))
      await Bun.write(join(world.out, SIC_PAGE.mirrorPath), text)
      return { files: 1, bytes: Buffer.byteLength(text), rows: SIC_CODES.length }
    },
  }),
}
