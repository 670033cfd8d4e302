/**
 * Every entity and SIC code of the larger shared snapshot (test/helpers/fixture.ts: scale 0.001, ~960
 * entities), read as the API reads them, satisfies the response schemas. A row that did not would be a
 * 500 in production, so all of them are checked, not a page. Why that scale is enough, and what
 * NEVER_WRITTEN means: test/filings/schemas-hold.test.ts.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { listEntities, listSicCodes } from '../../src/areas/entities/handlers.ts'
import { Entity, SicCode } from '../../src/areas/entities/schemas.ts'
import { entitiesStore } from '../../src/areas/entities/store/index.ts'
import type { Database, RequestDb } from '../../src/db/client.ts'
import { openDatabase } from '../helpers/api.ts'
import { largerFilingsFixture } from '../helpers/fixture.ts'
import { missingShapes, schemaFailures } from '../helpers/shapes.ts'

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
  const { datasets } = await largerFilingsFixture()
  database = await openDatabase(datasets)
  db = database.forRequest()
})
afterAll(async () => {
  db?.release()
  await database?.close()
})

test('every entity', async () => {
  // Sent as the build rendered them (http/raw-json.ts): this test checks every one, not only those the API tests ask for.
  const data = (await listEntities(entitiesStore(db), config, everything)).data.map((body) => JSON.parse(body))
  expect(data.length).toBeGreaterThan(900)
  expect(schemaFailures(Entity, data)).toEqual([])
  // Among them a ticker without an exchange (exchanges holds a null), the reason for LARGER's seed.
  expect(missingShapes(Entity, data)).toEqual(NEVER_WRITTEN.Entity)
})

test('every SIC code', async () => {
  const { data } = await listSicCodes(entitiesStore(db), config, everything)
  expect(schemaFailures(SicCode, data)).toEqual([])
  expect(missingShapes(SicCode, data)).toEqual(NEVER_WRITTEN.SicCode)
})
