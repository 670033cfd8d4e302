/**
 * `secds start` builds the demo when the datasets folder has no snapshot this version serves: none at all,
 * or a demo built by an earlier version whose schema this server no longer reads (it would otherwise
 * answer every request 503 after an upgrade). A snapshot it serves is served as it is.
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { unservable } from '../../src/cli/serve.ts'
import { SCHEMA_VERSION } from '../../src/pipeline/contract.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('start')
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('no snapshot, or one of another schema version: the reason the demo is built', async () => {
  expect(unservable(join(root, 'none'))).toBe(`no ${join(root, 'none', 'CURRENT')}: build a snapshot first`)
  // A snapshot of the version before: its manifest as the sample's, with the older schema version.
  const older = join(root, 'older')
  const { dir, snapshotId } = await sampleFixture()
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
  mkdirSync(join(older, snapshotId), { recursive: true })
  writeFileSync(
    join(older, snapshotId, 'manifest.json'),
    JSON.stringify({ ...manifest, schemaVersion: SCHEMA_VERSION - 1 }),
  )
  writeFileSync(join(older, 'CURRENT'), `${snapshotId}\n`)
  expect(unservable(older)).toBe(
    `snapshot ${snapshotId} has schema version ${SCHEMA_VERSION - 1}; this server reads version ${SCHEMA_VERSION}: rebuild it`,
  )
})

test('a snapshot this version serves: none (it is served as it is)', async () => {
  expect(unservable((await sampleFixture()).datasets)).toBeUndefined()
})
