/**
 * `company_tickers_exchange.json`: the SEC's ticker list with exchanges, largest market value first. It
 * writes the tickers table (every ticker of every filer the file or an entity names: ticker → CIK); the submissions source reads
 * `stage_tickers` for filers whose submissions record lists no ticker.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { singleFile } from '../../mirror.ts'
import { createServingTable } from '../../serving-table.ts'
import type { SourceDefinition } from '../../source.ts'
import { feedsOf } from '../../source.ts'
import { FROM_FIN_FILINGS, FROM_FIN_ISSUERS } from '../financial-statements/dictionary.ts'
import { SERVING_TABLES } from './contract.ts'
import { TICKER_COLUMNS } from './dictionary.ts'
import { stageTickers } from './stage.ts'
import { buildTickers } from './table.ts'

const TICKERS = { urlPath: '/files/company_tickers_exchange.json', mirrorPath: 'company_tickers_exchange.json' }

export const tickers: SourceDefinition = {
  name: 'tickers',
  reads: 'company_tickers_exchange.json',
  find: (mirror) => singleFile(mirror, TICKERS.mirrorPath),
  download: {
    fetch: async (ctx) => void (await ctx.fetch(TICKERS, true)),
  },
  stage: [
    {
      name: 'stage tickers',
      run: async ({ db, found }) => ({ rows: await stageTickers(db, found.tickers?.files[0]) }),
    },
  ],
  derive: [{ name: 'tickers', run: async ({ db }) => ({ rows: await buildTickers(db) }) }],
  tables: [
    {
      name: 'tickers',
      from: 't_tickers',
      orderBy: 'ticker, cik',
      rowGroupSize: 100_000,
      key: ['ticker', 'cik'],
      notNull: ['ticker', 'cik', 'is_primary'],
      requiredBy: (found) => found.tickers?.files[0]?.rel,
      description:
        'Every ticker of every entity, and of filers only the ticker file lists (position 1 = primary), for ticker → CIK resolution.',
      schema: TICKER_COLUMNS,
      // The financial filings and issuers take their primary ticker from it.
      feeds: feedsOf({ serving: ['tickers'] }, FROM_FIN_FILINGS, FROM_FIN_ISSUERS),
    },
  ],
  serving: ({ parquet }) => [createServingTable(SERVING_TABLES.tickers, `SELECT * FROM ${parquet('tickers')}`)],
  sample: (world) => ({
    async finish() {
      // The world assigned every listed company's tickers during the pass; the file lists them all.
      const text = world.tickers.exchangeFileJson()
      writeFileSync(join(world.out, TICKERS.mirrorPath), text)
      return { files: 1, bytes: Buffer.byteLength(text), rows: world.tickers.listings.length }
    },
  }),
}
