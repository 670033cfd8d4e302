/**
 * The serving tables made from the quarterly sets alone are copied from the served snapshot while the sets
 * and the statements are the same (src/pipeline/sources/financial-statements/serving-reuse.ts), and made
 * again when either changed. test/financials/series-reuse.test.ts proves the copies equal the tables a
 * build makes; this file, which inputs decide.
 */
import { afterAll, expect, test } from 'bun:test'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Manifest, PartManifest } from '../../src/pipeline/contract.ts'
import { SERVING_FILE } from '../../src/pipeline/contract.ts'
import { SERVING_TABLES } from '../../src/pipeline/sources/financial-statements/contract.ts'
import {
  FSDS_SERVING_STEP,
  SETS_ONLY_PART,
  takenOrMade,
} from '../../src/pipeline/sources/financial-statements/serving-reuse.ts'
import { tempDir } from '../helpers/snapshot.ts'

const dir = tempDir('serving-reuse')
afterAll(() => rmSync(dir, { recursive: true, force: true }))
writeFileSync(join(dir, SERVING_FILE), '')

const SET = {
  path: '/m/2024q1.zip',
  rel: 'financial-statement-data-sets/2024q1.zip',
  bytes: 10,
  modified: '2024-04-01T00:00:00.000Z',
}
const TABLES = [SERVING_TABLES.fin_concepts, SERVING_TABLES.fin_standardized]
const MAKE = ['CREATE TABLE s.fin_concepts AS SELECT 1', 'CREATE TABLE s.fin_standardized AS SELECT 2']

/** A build's context: its sets, and the parts the served snapshot's manifest recorded (none: no snapshot). */
const contextOf = (files: (typeof SET)[], before?: Record<string, Record<string, PartManifest>>) => ({
  found: { 'financial-statements': { files, summary: '' } },
  previous: before && { dir, manifest: { parts: before } as unknown as Manifest },
  parts: {} as Record<string, Record<string, PartManifest>>,
})

test('the same sets and statements: the served tables are copied; another set or statement: made again', () => {
  const first = contextOf([SET])
  expect(takenOrMade(first, 'financial-statements', TABLES, MAKE)).toEqual(MAKE)
  expect(first.parts[FSDS_SERVING_STEP]?.[SETS_ONLY_PART]).toMatchObject({
    outputs: ['fin_concepts', 'fin_standardized'],
    reused: false,
  })

  const night = contextOf([{ ...SET }], first.parts)
  expect(takenOrMade(night, 'financial-statements', TABLES, MAKE)).toEqual([
    `ATTACH '${join(dir, SERVING_FILE)}' AS p (READ_ONLY)`,
    'CREATE TABLE s.fin_concepts AS SELECT * FROM p.fin_concepts',
    'CREATE TABLE s.fin_standardized AS SELECT * FROM p.fin_standardized',
    'DETACH p',
  ])
  expect(night.parts[FSDS_SERVING_STEP]?.[SETS_ONLY_PART]?.reused).toBe(true)

  for (const changed of [
    contextOf([{ ...SET, modified: '2024-04-02T00:00:00.000Z' }], first.parts),
    contextOf([{ ...SET, bytes: 11 }], first.parts),
    contextOf([SET, { ...SET, path: '/m/2024q2.zip', rel: 'financial-statement-data-sets/2024q2.zip' }], first.parts),
  ])
    expect(takenOrMade(changed, 'financial-statements', TABLES, MAKE)).toEqual(MAKE)
  expect(takenOrMade(contextOf([SET], first.parts), 'financial-statements', TABLES, [...MAKE, 'DROP TABLE x'])).toEqual(
    [...MAKE, 'DROP TABLE x'],
  )
})
