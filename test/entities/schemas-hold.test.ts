/**
 * Every entity and SIC code of the larger shared snapshot (test/helpers/fixture.ts: scale 0.001, ~960
 * entities), read as the API reads them, satisfies the response schemas. A row that did not would be a
 * 500 in production, so all of them are checked, not a page. Why that scale is enough, and what
 * NEVER_WRITTEN means: test/filings/schemas-hold.test.ts.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { listEntities, listSicCodes } from '../../src/areas/entities/queries.ts'
import { Entity, SicCode } from '../../src/areas/entities/schemas.ts'
import { loadConfig } from '../../src/config.ts'
import { Database, type RequestDb } from '../../src/db/client.ts'
import { memorySink } from '../../src/lib/log.ts'
import { largerFixture } from '../helpers/fixture.ts'
import { missingShapes } from '../helpers/shapes.ts'

const everything = { page: 1, limit: 10_000_000 }
const config = { archivesUrl: 'https://www.sec.gov/Archives/edgar/data', maxOffset: 0 }
let database: Database
let db: RequestDb

/**
 * Shapes the schemas allow that the generator never writes, at any scale: EDGAR's empty LEI, description
 * and websites, a mailing address without a street or city, a SIC code without an office or sector.
 */
const NEVER_WRITTEN = {
  Entity: [
    '.description set',
    '.investorWebsite set',
    '.lei set',
    '.mailingAddress.city null',
    '.mailingAddress.street1 null',
    '.website set',
  ],
  SicCode: ['.office null', '.sector null'],
}

beforeAll(async () => {
  const { datasets } = await largerFixture()
  database = await Database.open(
    loadConfig({}, { DATASETS_DIR: datasets, WATCH_SNAPSHOTS: false, QUERY_TIMEOUT_MS: 60_000 }),
    memorySink(),
  )
  db = database.forRequest()
}, 120_000)
afterAll(async () => {
  db?.release()
  await database?.close()
})

/** The first rows that fail, with the reason, so a failure names the data that broke it. */
function failures(schema: Parameters<typeof Value.Check>[0], rows: unknown[]) {
  return rows
    .filter((r) => !Value.Check(schema, r))
    .slice(0, 3)
    .map((r) => ({ row: r, why: [...Value.Errors(schema, r)].slice(0, 2).map((e) => `${e.path}: ${e.message}`) }))
}

test('every entity', async () => {
  // Sent as the build rendered them (http/raw-json.ts): only this test checks them against the schema.
  const data = (await listEntities(db, config, everything)).data.map((body) => JSON.parse(body))
  expect(data.length).toBeGreaterThan(900)
  expect(failures(Entity, data)).toEqual([])
  // Among them a ticker without an exchange (exchanges holds a null), the reason for LARGER's seed.
  expect(missingShapes(Entity, data)).toEqual(NEVER_WRITTEN.Entity)
})

test('every SIC code', async () => {
  const { data } = await listSicCodes(db, config, everything)
  expect(failures(SicCode, data)).toEqual([])
  expect(missingShapes(SicCode, data)).toEqual(NEVER_WRITTEN.SicCode)
})
