/**
 * The load benchmark's recorded build (scripts/bench/recorded-build.ts): reused only while it still
 * describes the served snapshot, and each reason it does not is said.
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { recordBuild, recordedBuild } from '../../scripts/bench/recorded-build.ts'
import { SCHEMA_VERSION } from '../../src/pipeline/contract.ts'
import { tempDir } from '../helpers/snapshot.ts'

const load = tempDir('recorded-build')
const datasets = join(load, 'datasets')
afterAll(() => rmSync(load, { recursive: true, force: true }))

test('a recorded build is reused while the mirror, the served snapshot and the schema version are its own', () => {
  mkdirSync(datasets, { recursive: true })
  expect(recordedBuild(load, datasets, '/m')).toBe(`no ${join(load, 'build.json')}`)
  writeFileSync(join(datasets, 'CURRENT'), '20261125T060000Z\n')
  recordBuild(load, datasets, '/m', { seconds: 4321.5, peakRssBytes: 5e9 })
  expect(recordedBuild(load, datasets, '/m')).toMatchObject({
    mirror: '/m',
    snapshotId: '20261125T060000Z',
    schemaVersion: SCHEMA_VERSION,
    seconds: 4321.5,
    peakRssBytes: 5e9,
  })
  expect(recordedBuild(load, datasets, '/other')).toBe('it was built from /m')
  writeFileSync(join(datasets, 'CURRENT'), '20261126T060000Z\n')
  expect(recordedBuild(load, datasets, '/m')).toBe('CURRENT names 20261126T060000Z, the record 20261125T060000Z')
})
