/**
 * Whether the load benchmark's swap has room (scripts/bench/swap.ts swapLacksRoom): the rebuild writes a
 * second snapshot less the period files it hard-links from the served one, plus a tenth for scratch.
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { swapLacksRoom } from '../../scripts/bench/swap.ts'
import { tempDir } from '../helpers/snapshot.ts'

const datasets = tempDir('swap-room')
afterAll(() => rmSync(datasets, { recursive: true, force: true }))

test('the period files a rebuild links do not count against the free disk; the rest and a tenth do', () => {
  const id = '20261127T090000Z'
  mkdirSync(join(datasets, id, 'fsds_num', 'quarter=2024q1'), { recursive: true })
  writeFileSync(join(datasets, 'CURRENT'), `${id}\n`)
  writeFileSync(join(datasets, id, 'fsds_num', 'quarter=2024q1', 'part-0.parquet'), Buffer.alloc(6000))
  writeFileSync(join(datasets, id, 'serving.duckdb'), Buffer.alloc(3000))
  const manifest = {
    periods: { 'financial-statements': { '2024q1.zip': { outputs: ['fsds_num/quarter=2024q1/part-0.parquet'] } } },
  }
  const text = JSON.stringify(manifest)
  writeFileSync(join(datasets, id, 'manifest.json'), text)
  const snapshot = 6000 + 3000 + text.length
  // Needed: the snapshot less the 6000 linked bytes, plus a tenth of the snapshot.
  const needed = snapshot - 6000 + snapshot * 0.1
  expect(swapLacksRoom(datasets, Math.ceil(needed))).toBeUndefined()
  expect(swapLacksRoom(datasets, Math.floor(needed) - 1)).toMatch(
    /^a second snapshot needs .* less .* of period files it links/,
  )
})
